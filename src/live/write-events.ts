import type { Transaction } from 'kysely';
import { matchTimeline } from '../provenance/match-timeline.js';
import type { Database } from '../storage/schema.js';
import type { LiveEventChanges, LiveTimelineEvent } from './live-changes.js';
import {
  arrivalIn,
  arrivalOf,
  liveEventRecord,
  liveEventRowId,
  type LiveEventRecord,
} from './live-events.js';
import type { MatchUpdate } from './match-update.js';
import type { LiveMatch } from './resolve-match.js';
import { LiveRejection } from './verdict.js';

type Trx = Transaction<Database>;

/** Player IDs an update names, each checked to exist; their names, for the changes sent on. */
export async function playerNames(trx: Trx, update: MatchUpdate): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const e of update.events ?? []) {
    if (e.player_id) ids.add(e.player_id);
    if (e.related_player_id) ids.add(e.related_player_id);
  }
  if (ids.size === 0) return new Map();
  const rows = await trx
    .selectFrom('players')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const missing = [...ids].find((id) => !names.has(id));
  if (missing) throw new LiveRejection(`events: no player ${missing}`);
  return names;
}

/** The stored rows among `ids`: their digests, and where they first came (see arrivalOf). */
async function storedEvents(
  trx: Trx,
  ids: string[],
): Promise<Map<string, { hash: string | null; arrival: string; type: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('match_events')
    .select(['id', 'row_hash', 'sort_key', 'type'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { hash: r.row_hash, arrival: arrivalIn(r.sort_key), type: r.type }]));
}

export async function hasEvents(trx: Trx, matchId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('match_events')
    .select('id')
    .where('match_id', '=', matchId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An event row as the API's timeline shows it, with the operator's ID. */
function asTimelineEvent(
  match: LiveMatch,
  record: LiveEventRecord,
  operatorId: string,
  names: Map<string, string>,
  now: string,
): LiveTimelineEvent {
  const teamName = record.team_id === match.home_team_id ? match.home_team_name : match.away_team_name;
  const [event] = matchTimeline([
    {
      ...record,
      linked_player_id: null,
      created_at: now,
      updated_at: now,
      team_name: teamName,
      player_name: record.player_id ? (names.get(record.player_id) ?? null) : record.source_player_name,
      related_player_name: record.related_player_id ? (names.get(record.related_player_id) ?? null) : null,
    },
  ]).events;
  return { id: operatorId, ...event! };
}

/** Adds, replaces and removes the update's events; what changed, as the stream shows it. */
export async function writeEvents(
  trx: Trx,
  match: LiveMatch,
  update: MatchUpdate,
  names: Map<string, string>,
  now: string,
): Promise<LiveEventChanges> {
  const events = update.events ?? [];
  const remove = update.remove_events ?? [];
  const stored = await storedEvents(trx, [
    ...events.map((e) => liveEventRowId(match.id, e.id)),
    ...remove.map((id) => liveEventRowId(match.id, id)),
  ]);
  const missing = remove.find((id) => !stored.has(liveEventRowId(match.id, id)));
  if (missing !== undefined) throw new LiveRejection(`remove_events: the match has no event "${missing}"`);
  const writes: LiveEventChanges = { added: [], updated: [], removed: [] };
  for (const [i, event] of events.entries()) {
    const before = stored.get(liveEventRowId(match.id, event.id));
    const record = liveEventRecord(match, event, before?.arrival ?? arrivalOf(update.sequence, i));
    if (!before) {
      await trx
        .insertInto('match_events')
        .values({ ...record, linked_player_id: null, created_at: now, updated_at: now })
        .execute();
      writes.added.push(asTimelineEvent(match, record, event.id, names, now));
    } else if (before.hash !== record.row_hash) {
      const { id, ...content } = record;
      await trx
        .updateTable('match_events')
        .set({ ...content, linked_player_id: null, updated_at: now })
        .where('id', '=', id)
        .execute();
      writes.updated.push(asTimelineEvent(match, record, event.id, names, now));
    }
  }
  if (remove.length > 0) {
    await trx
      .deleteFrom('match_events')
      .where(
        'id',
        'in',
        remove.map((id) => liveEventRowId(match.id, id)),
      )
      .execute();
    writes.removed.push(...remove);
    writes.removedEvents = remove.map((id) => ({ id, type: stored.get(liveEventRowId(match.id, id))!.type }));
  }
  return writes;
}
