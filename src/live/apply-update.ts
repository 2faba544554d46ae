import { sql, type Transaction } from 'kysely';
import type { Storage } from '../storage/connection.js';
import {
  appendLiveEvent,
  findLiveEvent,
  newestLiveEventOf,
  type LiveEventRow,
} from '../storage/repositories/live-event.repository.js';
import { isOpen } from '../projections/count-moves.js';
import { project } from '../projections/project.js';
import { updatedRow, type Written } from '../projections/written.js';
import { notifyLiveEvents } from '../stream/live-notify.js';
import type { Database } from '../storage/schema.js';
import { describeChanges } from './live-changes.js';
import { eventsProblem } from './live-events.js';
import { hasLineups, lineupsProblem, storeLineupPlayers, writeLiveLineups } from './live-lineups.js';
import { hasStatistics, writeLiveStatistics } from './live-statistics.js';
import type { MatchUpdate } from './match-update.js';
import { refuse } from './record-rejection.js';
import { resolveMatch, showMatchRef } from './resolve-match.js';
import { judgeStages, stagesMoved } from './stage-rules.js';
import { judgeChange } from './status-rules.js';
import { aggregateOf } from '../ingest/two-legged-ties.js';
import { checkMatchUpdate } from './update-validator.js';
import { hasEvents, playerNames, writeEvents } from './write-events.js';
import { LiveRejection, type Verdict } from './verdict.js';

type Trx = Transaction<Database>;

/**
 * The PostgreSQL advisory lock (transaction-scoped) every live update holds while it applies, so updates
 * from several processes (the admin listener, `live apply`, a replay) take turns: each match's sequence
 * check sees the one before it committed, and event IDs (`live_events.seq`) commit in their order, which
 * a stream reading after an ID relies on. SQLite's write lock does the same there.
 */
export const LIVE_LOCK_KEY = 0x546c_4c76;

export interface ApplyOptions {
  /** Called once the update has committed, with its row of the log: how a stream learns of it. */
  onApplied?: (row: LiveEventRow) => void;
  /** The text the update came as (a line), kept in the rejections log when it is refused. */
  text?: string;
}

const moved = (before: boolean, after: boolean) => (before === after ? 0 : after ? 1 : -1);

/** Applies a checked update to its match inside `trx`; throws LiveRejection for what the rules refuse. */
async function applyChecked(
  trx: Trx,
  storage: Storage,
  update: MatchUpdate,
  actor: string,
  now: Date,
): Promise<{ verdict: Verdict; row?: LiveEventRow }> {
  if (storage.engine === 'postgres') await sql`select pg_advisory_xact_lock(${LIVE_LOCK_KEY})`.execute(trx);
  const match = await resolveMatch(trx, update.match);
  if (!match) throw new LiveRejection(`unknown match ${showMatchRef(update.match)}`);
  const ids = { update_id: update.update_id, match_id: match.id };

  const duplicate = await findLiveEvent(trx, match.id, update.update_id);
  if (duplicate) return { verdict: { outcome: 'duplicate', ...ids, seq: duplicate.seq } };
  const newest = await newestLiveEventOf(trx, match.id);
  if (newest && update.sequence <= newest.sequence) {
    const verdict: Verdict = {
      outcome: 'stale',
      ...ids,
      sequence: update.sequence,
      newest_sequence: newest.sequence,
    };
    return { verdict };
  }

  const judged = judgeChange(match, {
    status: update.status,
    score: update.score,
    correction: update.correction,
  });
  if (!judged.ok) throw new LiveRejection(judged.reason);
  const staged = judgeStages(
    match,
    update.score_breakdown,
    judged.next,
    aggregateOf(
      { home_score: judged.next.home_score, away_score: judged.next.away_score },
      { home_score: match.first_leg_home_score, away_score: match.first_leg_away_score },
    ),
    update.correction === true,
  );
  if (!staged.ok) throw new LiveRejection(staged.reason);
  const corrected = [...judged.corrected, ...staged.corrected];
  const problem = eventsProblem(update.events ?? [], update.remove_events ?? []);
  if (problem) throw new LiveRejection(problem);
  const lineupProblem = lineupsProblem(update.lineups);
  if (lineupProblem) throw new LiveRejection(lineupProblem);
  if (update.statistics && match.local_date === null) {
    throw new LiveRejection('statistics: the match has no local date to file them under');
  }
  const at = now.toISOString();
  // The lineups' players first: an event of the same update may name a player its lineup adds.
  const players = update.lineups
    ? await storeLineupPlayers(trx, update.lineups, at)
    : { added: false, renamed: false };
  const playersChanged = players.added || players.renamed;
  const names = await playerNames(trx, update);

  const next = judged.next;
  const stages = staged.next;
  const matchChanged =
    next.status !== match.status ||
    next.home_score !== match.home_score ||
    next.away_score !== match.away_score ||
    stagesMoved(match, stages);
  if (matchChanged) {
    await trx
      .updateTable('matches')
      .set({
        status: next.status,
        home_score: next.home_score,
        away_score: next.away_score,
        ...stages,
        updated_at: at,
      })
      .where('id', '=', match.id)
      .execute();
  }

  const touchesEvents = (update.events?.length ?? 0) + (update.remove_events?.length ?? 0) > 0;
  const eventsBefore = touchesEvents && (await hasEvents(trx, match.id));
  const events = touchesEvents
    ? await writeEvents(trx, match, update, names, at)
    : { added: [], updated: [], removed: [] };
  const eventsAfter = touchesEvents && (await hasEvents(trx, match.id));

  let statisticsChanged = false;
  let statisticsMove = 0;
  if (update.statistics && match.local_date !== null) {
    const dated = { ...match, local_date: match.local_date };
    const before = await hasStatistics(trx, dated);
    statisticsChanged = await writeLiveStatistics(trx, dated, update.statistics, at);
    statisticsMove = moved(before, await hasStatistics(trx, dated));
  }

  let lineupsChanged = false;
  let lineupsMove = 0;
  if (update.lineups) {
    const before = await hasLineups(trx, match.id);
    lineupsChanged = (await writeLiveLineups(trx, match, update.lineups, at)) || playersChanged;
    lineupsMove = moved(before, await hasLineups(trx, match.id));
  }

  const scored = (home: number | null) => home !== null;
  // The match's own detail rows are described by how they moved its counts (measured around each write
  // above) and by the match: they show in its answers alone (InPlaceChange).
  const written: Written = {
    at,
    clock: () => now,
    tables: matchChanged
      ? {
          matches: updatedRow(
            {
              id: match.id,
              competition_id: match.competition_id,
              season_id: match.season_id,
              starts_at: match.starts_at,
              ...next,
              updated_at: at,
            },
            {
              status: match.status,
              home_score: match.home_score,
              away_score: match.away_score,
              updated_at: match.updated_at,
            },
          ),
        }
      : {},
    removed: [],
    inPlace: {
      match,
      moves: {
        results: moved(scored(match.home_score), scored(next.home_score)),
        events: moved(eventsBefore, eventsAfter),
        statistics: statisticsMove,
        lineups: lineupsMove,
        openness: isOpen(match.status) !== isOpen(next.status),
      },
      playersRenamed: players.renamed,
      timeline: {
        added: events.added,
        changed: events.updated,
        removed: events.removedEvents ?? [],
      },
    },
    aliasesWritten: false,
    linksChanged: false,
  };
  await project({ db: trx, engine: storage.engine }, written);

  const changes = describeChanges({
    match,
    update,
    next,
    stages,
    corrected,
    events,
    statisticsChanged,
    lineupsChanged,
    updatedAt: matchChanged ? at : match.updated_at,
  });
  const logged = {
    match_id: match.id,
    competition_id: match.competition_id,
    update_id: update.update_id,
    sequence: update.sequence,
    actor,
    applied_at: at,
    payload: update,
    changes,
  };
  const seq = await appendLiveEvent(trx, logged);
  return {
    verdict: { outcome: 'applied', ...ids, seq, changes },
    row: {
      seq,
      matchId: match.id,
      competitionId: match.competition_id,
      updateId: update.update_id,
      sequence: update.sequence,
      actor,
      appliedAt: at,
      payload: update,
      changes,
    },
  };
}

/**
 * Applies one live match update (docs/live-updates.md) in one transaction: the match's status and score,
 * its timeline events, team statistics and lineups, its stored JSON, its competition's counts, the change log and
 * the live events log, all or nothing. `update` is checked against the format first. A duplicate (its
 * `update_id` applied before) or stale update (its `sequence` not above the newest applied) changes
 * nothing; a refused one is recorded in the rejections log with its reason, outside the transaction that
 * refused it. Storage failures are thrown: they are no fault of the update. SQLite callers should open
 * storage with `writeLock` (connection.ts), as the command line and the admin listener do, so that the
 * transaction holds the write lock from its first read.
 */
export async function applyMatchUpdate(
  storage: Storage,
  update: unknown,
  actor: string,
  now: Date,
  options: ApplyOptions = {},
): Promise<Verdict> {
  const checked = checkMatchUpdate(update);
  if (!checked.ok) {
    return refuse(storage.db, { actor, reason: checked.reason, value: update, text: options.text, now });
  }
  let applied: { verdict: Verdict; row?: LiveEventRow };
  try {
    applied = await storage.db
      .transaction()
      .execute((trx) => applyChecked(trx, storage, checked.update, actor, now));
  } catch (error) {
    if (!(error instanceof LiveRejection)) throw error;
    return refuse(storage.db, { actor, reason: error.message, value: update, text: options.text, now });
  }
  if (applied.row) {
    // Committed: this process's streams (and every instance's, with Redis) read the log now rather than
    // at their next poll.
    notifyLiveEvents();
    options.onApplied?.(applied.row);
  }
  return applied.verdict;
}
