import type { Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import {
  appendOutbox,
  liveSubscriptions,
  type OutboxEvent,
} from '../storage/repositories/webhook-outbox.repository.js';
import {
  TIMELINE_WEBHOOK_TYPES,
  type TimelineAction,
  type WebhookEventType,
} from '../vocabulary/webhook-events.js';
import { encodeCursor } from './change-cursor.js';
import { idsWhere, type Projection, type TableWrites, type Written, type WrittenRow } from './written.js';

type Trx = Transaction<Database>;

/** Sides of a match, whose fields a change names one by one (`home_team.score`). */
const SIDES = new Set(['home_team', 'away_team']);

/**
 * The fields of the match resource that differ between two of its JSON texts, in the resource's order:
 * `updated_at` aside (it moves with any change), a side's own fields by name (`home_team.score`).
 */
export function changedFields(before: string, after: string): string[] {
  const [was, now] = [JSON.parse(before), JSON.parse(after)] as Array<Record<string, unknown>>;
  const fields: string[] = [];
  for (const key of Object.keys(now!)) {
    if (key === 'updated_at') continue;
    const [a, b] = [was![key], now![key]];
    if (SIDES.has(key) && a && b && typeof a === 'object' && typeof b === 'object') {
      for (const field of Object.keys(b)) {
        const [x, y] = [(a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field]];
        if (JSON.stringify(x) !== JSON.stringify(y)) fields.push(`${key}.${field}`);
      }
    } else if (JSON.stringify(a) !== JSON.stringify(b)) fields.push(key);
  }
  return fields;
}

/** What one subscription asks for, as the outbox projection reads it. */
interface Wanted {
  types: Set<string>;
  competition: string | null;
  team: string | null;
  match: string | null;
}

/** Whether any subscription wants `event`: events no subscription asks for are not written. */
function wantedBy(subscriptions: readonly Wanted[], event: OutboxEvent): boolean {
  return subscriptions.some(
    (s) =>
      s.types.has(event.type) &&
      (event.type === 'ingestion.run' ||
        ((s.competition === null || s.competition === event.competition_id) &&
          (s.match === null || s.match === event.match_id) &&
          (s.team === null || s.team === event.home_team_id || s.team === event.away_team_id))),
  );
}

interface MatchFacts {
  json: string;
  competition_id: string;
  season_id: string;
  home_team_id: string;
  away_team_id: string;
}

/** The matches' JSON as the API shows it now (written by the match JSON projection before this one). */
async function matchesNow(db: Trx, ids: readonly string[]): Promise<Map<string, MatchFacts>> {
  const found = new Map<string, MatchFacts>();
  for (let from = 0; from < ids.length; from += 500) {
    const rows = await db
      .selectFrom('match_json')
      .innerJoin('matches', 'matches.id', 'match_json.id')
      .select([
        'match_json.id',
        'match_json.json',
        'matches.competition_id',
        'matches.season_id',
        'matches.home_team_id',
        'matches.away_team_id',
      ])
      .where('match_json.id', 'in', ids.slice(from, from + 500))
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** The change feed's cursor of each record's latest change (written by the change log before this). */
async function changeCursors(db: Trx, ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let from = 0; from < ids.length; from += 500) {
    const rows = await db
      .selectFrom('changes')
      .select(['record_id', 'seq'])
      .where('kind', '=', 'match')
      .where('record_id', 'in', ids.slice(from, from + 500))
      .execute();
    for (const row of rows) found.set(row.record_id, encodeCursor(Number(row.seq)));
  }
  return found;
}

/** The JSON of the matches a transaction updates, as it was before (taken by webhookSnapshotProjection). */
const before = new WeakMap<Written, Map<string, string>>();

async function storedJson(db: Trx, ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let from = 0; from < ids.length; from += 500) {
    const rows = await db
      .selectFrom('match_json')
      .select(['id', 'json'])
      .where('id', 'in', ids.slice(from, from + 500))
      .execute();
    for (const row of rows) found.set(row.id, row.json);
  }
  return found;
}

/** The event types a match inserted, or updated, may give (its table's among them). */
const CREATED_TYPES = ['match.created', 'standings.changed'];
const UPDATED_TYPES = ['match.updated', 'match.status_changed', 'standings.changed'];

/**
 * Whether some subscription may want an event of one of `types` about the match `record` describes, told
 * from the record's own columns (a column the writer did not give passes): matches no subscription can want
 * are neither read nor held.
 */
function mayWant(subscriptions: readonly Wanted[], types: readonly string[], record: WrittenRow | undefined) {
  const column = (name: string) => (record?.[name] === undefined ? undefined : String(record[name]));
  const [competition, home, away] = [
    column('competition_id'),
    column('home_team_id'),
    column('away_team_id'),
  ];
  return subscriptions.some(
    (s) =>
      types.some((type) => s.types.has(type)) &&
      (s.competition === null || competition === undefined || s.competition === competition) &&
      (s.match === null || record === undefined || s.match === record.id) &&
      (s.team === null || home === undefined || s.team === home || s.team === away),
  );
}

/** Matches read at once: what one chunk of events holds in memory, whatever the size of the run. */
const CHUNK = 500;

/**
 * The events one transaction's writes make, in the order a receiver should see them, given to `emit` a chunk
 * at a time (the matches a run created, then those it updated, CHUNK by CHUNK; then the live update's
 * timeline, the removals, the seasons' tables and the run), so that a large run holds one chunk at a time.
 */
async function eventsOf(
  db: Trx,
  written: Written,
  subscriptions: readonly Wanted[],
  emit: (events: OutboxEvent[]) => Promise<void>,
): Promise<void> {
  const at = written.clock().toISOString();
  const matches: TableWrites | undefined = written.tables.matches;
  const records = new Map(matches?.records.map((r) => [r.id, r]) ?? []);
  const created = idsWhere(matches, 'inserted').filter((id) =>
    mayWant(subscriptions, CREATED_TYPES, records.get(id)),
  );
  const updated = idsWhere(matches, 'updated').filter((id) =>
    mayWant(subscriptions, UPDATED_TYPES, records.get(id)),
  );
  const inPlace = written.inPlace;
  const timeline = inPlace?.timeline;
  const was = before.get(written) ?? new Map<string, string>();
  const seasons = new Map<string, string>();
  let events: OutboxEvent[] = [];
  let now = new Map<string, MatchFacts>();
  let cursors = new Map<string, string>();
  const load = async (ids: readonly string[]) => {
    now = await matchesNow(db, ids);
    cursors = await changeCursors(db, ids);
  };
  const flush = async () => {
    if (events.length > 0) await emit(events);
    events = [];
  };

  const push = (type: WebhookEventType, matchId: string, data: Record<string, unknown>) => {
    const facts = now.get(matchId);
    if (!facts) return;
    events.push({
      type,
      match_id: matchId,
      competition_id: facts.competition_id,
      season_id: facts.season_id,
      home_team_id: facts.home_team_id,
      away_team_id: facts.away_team_id,
      payload: `{"match":${facts.json},"change_cursor":${JSON.stringify(cursors.get(matchId) ?? null)}${
        Object.keys(data).length > 0 ? `,${JSON.stringify(data).slice(1, -1)}` : ''
      }}`,
      created_at: at,
    });
  };

  for (let from = 0; from < created.length; from += CHUNK) {
    const chunk = created.slice(from, from + CHUNK);
    await load(chunk);
    for (const id of chunk) {
      push('match.created', id, {});
      const facts = now.get(id);
      if (facts && records.get(id)?.home_score !== null) seasons.set(facts.season_id, facts.competition_id);
    }
    await flush();
  }
  for (let from = 0; from < updated.length; from += CHUNK) {
    const chunk = updated.slice(from, from + CHUNK);
    await load(chunk);
    for (const id of chunk) {
      const facts = now.get(id);
      const previous = was.get(id);
      if (!facts || previous === undefined) continue;
      const fields = changedFields(previous, facts.json);
      // A row rewritten with nothing the API shows changed (its source, say) is no change to a receiver.
      if (fields.length === 0) continue;
      push('match.updated', id, { changed_fields: fields });
      if (fields.includes('status')) {
        const status = {
          from: JSON.parse(previous).status as string,
          to: JSON.parse(facts.json).status as string,
        };
        push('match.status_changed', id, { status });
      }
      if (fields.some((f) => f === 'status' || f === 'score' || f.endsWith('.score'))) {
        seasons.set(facts.season_id, facts.competition_id);
      }
    }
    await flush();
  }
  if (inPlace && timeline && timeline.added.length + timeline.changed.length + timeline.removed.length > 0) {
    await load([inPlace.match.id]);
  }
  if (inPlace && timeline) {
    const timelineEvent = (action: TimelineAction, event: { id: string; type: string }) => {
      const type = TIMELINE_WEBHOOK_TYPES[event.type];
      if (type) push(type, inPlace.match.id, { action, event });
    };
    for (const event of timeline.added) timelineEvent('added', event);
    for (const event of timeline.changed) timelineEvent('changed', event);
    for (const event of timeline.removed) timelineEvent('removed', event);
  }
  await flush();
  cursors = await changeCursors(
    db,
    written.removed.map((r) => r.id),
  );
  // A removed match's row is gone: its season (which stays) says its competition.
  const competitionOf = new Map<string, string>();
  const removedSeasons = [...new Set(written.removed.map((r) => r.seasonId))];
  for (let from = 0; from < removedSeasons.length; from += CHUNK) {
    const rows = await db
      .selectFrom('seasons')
      .select(['id', 'competition_id'])
      .where('id', 'in', removedSeasons.slice(from, from + CHUNK))
      .execute();
    for (const row of rows) competitionOf.set(row.id, row.competition_id);
  }
  for (const removal of written.removed) {
    const competitionId = competitionOf.get(removal.seasonId) ?? null;
    events.push({
      type: 'match.removed',
      match_id: removal.id,
      competition_id: competitionId,
      season_id: removal.seasonId,
      home_team_id: null,
      away_team_id: null,
      payload: JSON.stringify({
        match_id: removal.id,
        replaced_by: removal.replacedBy,
        change_cursor: cursors.get(removal.id) ?? null,
      }),
      created_at: at,
    });
    seasons.set(removal.seasonId, competitionId ?? '');
  }
  for (const [seasonId, competitionId] of seasons) {
    events.push({
      type: 'standings.changed',
      match_id: null,
      competition_id: competitionId || null,
      season_id: seasonId,
      home_team_id: null,
      away_team_id: null,
      payload: JSON.stringify({ season_id: seasonId, competition_id: competitionId || null }),
      created_at: at,
    });
  }
  if (written.run) {
    events.push({
      type: 'ingestion.run',
      match_id: null,
      competition_id: null,
      season_id: null,
      home_team_id: null,
      away_team_id: null,
      payload: JSON.stringify({
        source: written.run.source,
        location: written.run.location,
        matches: {
          created: idsWhere(matches, 'inserted').length,
          updated: idsWhere(matches, 'updated').length,
          removed: written.removed.length,
        },
      }),
      created_at: at,
    });
  }
  await flush();
}

/**
 * The webhook outbox (docs/webhooks.md): the events of what this transaction wrote, in its transaction, so an
 * event is there exactly when its change committed. Only events some subscription (enabled or not) asks for are
 * written (none at all without one, the usual case of an import): a subscription receives what changed after
 * it was created.
 */
export const webhookOutboxProjection: Projection = {
  name: 'webhook outbox',
  async project({ db, engine }, written) {
    const subscriptions = await wanted(db, written);
    asked.delete(written);
    if (subscriptions.length === 0) return { rows: 0 };
    let rows = 0;
    await eventsOf(db, written, subscriptions, async (events) => {
      rows += await appendOutbox(
        db,
        engine,
        events.filter((event) => wantedBy(subscriptions, event)),
      );
    });
    before.delete(written);
    asked.delete(written);
    return { rows };
  },
};

/**
 * Before the match JSON is rewritten: the JSON of the matches the transaction updates, as the API showed
 * them, so that a `match.updated` names the fields of the resource that changed (whatever the writer and
 * whatever columns it read back). Read only while a subscription exists.
 */
export const webhookSnapshotProjection: Projection = {
  name: 'webhook outbox: matches before',
  async project({ db }, written) {
    const subscriptions = await wanted(db, written);
    if (subscriptions.length === 0) return { rows: 0 };
    const matches = written.tables.matches;
    const records = new Map(matches?.records.map((r) => [r.id, r]) ?? []);
    const ids = idsWhere(matches, 'updated').filter((id) =>
      mayWant(subscriptions, UPDATED_TYPES, records.get(id)),
    );
    before.set(written, await storedJson(db, ids));
    return { rows: 0 };
  },
};

/** The subscriptions as the snapshot read them, for the outbox step of the same transaction. */
const asked = new WeakMap<Written, Wanted[]>();

async function wanted(db: Trx, written: Written): Promise<Wanted[]> {
  const known = asked.get(written);
  if (known) return known;
  const found = (await liveSubscriptions(db)).map((s) => ({
    types: new Set(JSON.parse(s.event_types) as string[]),
    competition: s.competition_id,
    team: s.team_id,
    match: s.match_id,
  }));
  asked.set(written, found);
  return found;
}
