import type { Storage } from '../storage/connection.js';
import { project } from '../projections/project.js';
import { wroteAny, type Written, type WrittenRow } from '../projections/written.js';
import { refreshEventPlayerLinks } from '../storage/repositories/event-player-links.js';
import { removeMatches } from '../storage/repositories/match-removal.js';
import { refreshPlannerStatistics } from '../storage/planner-statistics.js';
import { withWriteCache } from '../storage/write-cache.js';
import { insertRun, type NewArtifact } from '../storage/repositories/ingestion-run.repository.js';
import { syncRecords, type SyncCounts, type SyncResult } from '../storage/repositories/record-sync.js';
import type { Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import { insertNewAliases, loadAliases } from '../storage/repositories/team-alias.repository.js';
import type { CanonicalBatch, CompetitionRecord, DetailRecords, TeamRecord } from './canonical.js';
import { storedAliasKey } from './identity/team-resolver.js';
import { droppedMatches } from './dropped-matches.js';
import type { LoadedSource } from './source.js';
import type { Progress } from './progress.js';
import { sourceRank } from './source-precedence.js';

export interface RunSummary {
  runId: number;
  source: string;
  outcome: 'succeeded' | 'failed';
  error: string | null;
  sha256: string | null;
  recordsSeen: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rowsWritten: number;
  notes: string[];
  durationMs: number;
}

export interface RunRequest {
  source: string;
  location: string;
  load: () => Promise<LoadedSource>;
  progress?: Progress;
  clock?: () => Date;
}

/** Keeps the stored name when it came from a newer season than the incoming record's. */
function newestName<R extends TeamRecord | CompetitionRecord>(
  incoming: R,
  existing: Record<string, unknown>,
): R {
  const stored = `${String(existing.name_season)}\u0000${String(existing.name)}`;
  const offered = `${incoming.name_season}\u0000${incoming.name}`;
  if (stored <= offered) return incoming;
  return {
    ...incoming,
    name: existing.name,
    name_season: existing.name_season,
    slug: existing.slug,
    search_name: existing.search_name,
  } as R;
}

function countsFor(ids: string[], outcome: ReadonlyMap<string, keyof SyncCounts>): SyncCounts {
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const id of ids) counts[outcome.get(id) ?? 'unchanged'] += 1;
  return counts;
}

/** What a run wrote to each detail table, named as DetailRecords names them. */
type DetailWrites = Record<keyof DetailRecords, SyncResult>;

/** Detail tables in an order that satisfies their references (players before the rows naming them). */
async function syncDetails(trx: Transaction<Database>, d: DetailRecords, now: string): Promise<DetailWrites> {
  return {
    players: await syncRecords(trx, 'players', d.players, now),
    coaches: await syncRecords(trx, 'coaches', d.coaches, now),
    referees: await syncRecords(trx, 'referees', d.referees, now),
    venues: await syncRecords(trx, 'venues', d.venues, now),
    coachAppointments: await syncRecords(trx, 'coach_appointments', d.coachAppointments, now),
    officials: await syncRecords(trx, 'match_officials', d.officials, now),
    placings: await syncRecords(trx, 'season_placings', d.placings, now),
    awards: await syncRecords(trx, 'award_winners', d.awards, now),
    matchSources: await syncRecords(trx, 'match_sources', d.matchSources, now, { hashed: true }),
    squadMembers: await syncRecords(trx, 'squad_members', d.squadMembers, now),
    teamStats: await syncRecords(trx, 'match_team_stats', d.teamStats, now),
    teamSheets: await syncRecords(trx, 'match_team_sheets', d.teamSheets, now),
    lineups: await syncRecords(trx, 'match_lineups', d.lineups, now),
    // Compared by digest, as matches are: a re-import of 48,000 goals reads two columns of each.
    events: await syncRecords(trx, 'match_events', d.events, now, { hashed: true, readAlso: ['match_id'] }),
    standings: await syncRecords(trx, 'standings', d.standings, now),
  };
}

interface RunContext {
  source: string;
  location: string;
  startedAt: string;
  sha256: string | null;
  bytes: number | null;
  clock: () => Date;
}

/** The steps of writing a batch, counted for the progress (uneven: the matches and projections weigh most). */
const WRITE_STEPS = [
  'competitions',
  'seasons',
  'teams',
  'aliases',
  'matches',
  'details',
  'projections',
  'audit',
];

async function writeBatch(
  storage: Storage,
  batch: CanonicalBatch,
  run: RunContext,
  progress?: Progress,
): Promise<RunSummary> {
  const now = run.startedAt;
  const wrote = (step: string) =>
    progress?.advance(WRITE_STEPS.indexOf(step) + 1, WRITE_STEPS.length, step, 'steps');
  return storage.db.transaction().execute(async (trx) => {
    const competitions = await syncRecords(trx, 'competitions', batch.competitions, now, {
      merge: newestName,
    });
    wrote('competitions');
    const seasons = await syncRecords(trx, 'seasons', batch.seasons, now);
    wrote('seasons');
    const teams = await syncRecords(trx, 'teams', batch.teams, now, { merge: newestName });
    wrote('teams');
    const aliasesWritten = await insertNewAliases(trx, batch.aliases, now);
    wrote('aliases');
    const matches = await syncRecords(trx, 'matches', batch.matches, now, {
      hashed: true,
      keep: (incoming, stored) => sourceRank(String(stored.source)) < sourceRank(incoming.source),
      readAlso: ['competition_id'],
    });
    wrote('matches');
    const details = await syncDetails(trx, batch.details, now);
    wrote('details');
    const synced = [competitions, seasons, teams, matches, ...Object.values(details)];
    const dropped = await droppedMatches(trx, batch, matches);
    batch.notes.push(...dropped.notes);
    await removeMatches(
      trx,
      dropped.removals.map((r) => r.id),
    );
    // Scorers named without a player record, linked to a World Cup source's player: derived from the stored
    // rows, so the links do not depend on which source came first. Only players, squads, lineups and events
    // decide them; no projection reads them, and the invalidation learns of them from `linksChanged`.
    const { players, squadMembers, lineups, events } = details;
    const people = [players, squadMembers, lineups, events].some((r) => r.inserted + r.updated > 0);
    const links = people ? await refreshEventPlayerLinks(trx, now) : 0;
    const d = batch.details;
    const of = (records: readonly WrittenRow[], result: SyncResult) => ({ records, result });
    const written: Written = {
      at: now,
      clock: run.clock,
      tables: {
        competitions: of(batch.competitions, competitions),
        seasons: of(batch.seasons, seasons),
        teams: of(batch.teams, teams),
        matches: of(batch.matches, matches),
        players: of(d.players, details.players),
        matchSources: of(d.matchSources, details.matchSources),
        squadMembers: of(d.squadMembers, details.squadMembers),
        teamStats: of(d.teamStats, details.teamStats),
        teamSheets: of(d.teamSheets, details.teamSheets),
        lineups: of(d.lineups, details.lineups),
        events: of(d.events, details.events),
        standings: of(d.standings, details.standings),
        coaches: of(d.coaches, details.coaches),
        referees: of(d.referees, details.referees),
        venues: of(d.venues, details.venues),
        coachAppointments: of(d.coachAppointments, details.coachAppointments),
        officials: of(d.officials, details.officials),
        placings: of(d.placings, details.placings),
        awards: of(d.awards, details.awards),
      },
      removed: dropped.removals,
      aliasesWritten: aliasesWritten > 0,
      linksChanged: links > 0,
      run: { source: run.source, location: run.location },
    };
    const projected = await project({ db: trx, engine: storage.engine }, written);
    if (wroteAny(written)) await refreshPlannerStatistics(trx, storage.engine);
    wrote('projections');

    const outcome = new Map<string, keyof SyncCounts>();
    for (const result of synced) for (const [id, what] of result.outcome) outcome.set(id, what);
    const artifacts: NewArtifact[] = batch.artifacts.map((a) => ({
      uri: a.uri,
      sha256: a.sha256,
      bytes: a.bytes,
      retrieved_at: a.retrievedAt,
      records_seen: a.recordsSeen,
      rejected: a.rejected,
      ...countsFor(a.recordIds, outcome),
    }));
    const rowsSynced = synced.reduce((n, r) => n + r.inserted + r.updated, 0);
    const records = batch.artifacts.filter((a) => !a.reference);
    const totals = countsFor(
      records.flatMap((a) => a.recordIds),
      outcome,
    );
    const counts = {
      records_seen: records.reduce((n, a) => n + a.recordsSeen, 0),
      ...totals,
      rejected: batch.rejections.length,
    };
    const runId = await insertRun(
      trx,
      {
        source: run.source,
        location: run.location,
        sha256: run.sha256,
        bytes: run.bytes,
        started_at: run.startedAt,
        finished_at: new Date().toISOString(),
        outcome: 'succeeded',
        error: null,
        ...counts,
      },
      artifacts,
      batch.rejections.map((r) => ({
        artifact_uri: r.artifactUri,
        record_ref: r.recordRef,
        reason: r.reason,
      })),
    );
    wrote('audit');
    return {
      runId,
      source: run.source,
      outcome: 'succeeded',
      error: null,
      sha256: run.sha256,
      recordsSeen: counts.records_seen,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: counts.unchanged,
      rejected: counts.rejected,
      rowsWritten: rowsSynced + aliasesWritten + links + projected.rows,
      notes: batch.notes,
      durationMs: 0,
    };
  });
}

/**
 * One ingestion run: read the source, normalize it, and write the difference in a single transaction
 * together with its audit rows. Any failure rolls the whole run back; the failure itself is then recorded
 * as a run of its own so `touchline runs` shows it.
 */
export async function runIngestion(storage: Storage, request: RunRequest): Promise<RunSummary> {
  const clock = request.clock ?? (() => new Date());
  const started = clock();
  const base: RunContext = {
    source: request.source,
    location: request.location,
    startedAt: started.toISOString(),
    sha256: null,
    bytes: null,
    clock,
  };
  const progress = request.progress;
  try {
    progress?.step('reading source');
    const loaded = await request.load();
    const main = loaded.artifacts[0]!;
    base.sha256 = main.sha256;
    base.bytes = main.bytes;
    await loaded.readStored?.(storage.db);
    progress?.step('normalizing records');
    const stored = new Map(
      (await loadAliases(storage.db)).map((a) => [storedAliasKey(a.scope, a.alias_key), a.team_id]),
    );
    const batch = loaded.normalize({
      stored,
      now: started.getTime(),
      onFile: (done, total, uri) => progress?.advance(done, total, uri),
    });
    progress?.step(`writing ${batch.matches.length} matches`);
    const summary = await withWriteCache(storage, () => writeBatch(storage, batch, base, progress));
    return { ...summary, durationMs: Date.now() - started.getTime() };
  } catch (error) {
    return recordFailedRun(storage.db, base, (error as Error).message, started.getTime());
  }
}

/**
 * Records a run that failed before writing anything (nothing of it was kept) and returns its summary: the
 * runner's own failures, and the refresh's when it cannot even read the artifact. The record itself may
 * fail too (the database is what failed): the summary then carries run ID 0.
 */
export async function recordFailedRun(
  db: Storage['db'],
  run: { source: string; location: string; sha256: string | null; bytes: number | null; startedAt: string },
  message: string,
  startedMs: number,
): Promise<RunSummary> {
  const runId = await insertRun(db, {
    source: run.source,
    location: run.location,
    sha256: run.sha256,
    bytes: run.bytes,
    started_at: run.startedAt,
    finished_at: new Date().toISOString(),
    outcome: 'failed',
    error: message,
    records_seen: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
  }).catch(() => 0);
  return {
    runId,
    source: run.source,
    outcome: 'failed',
    error: message,
    sha256: run.sha256,
    recordsSeen: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    rowsWritten: 0,
    notes: [],
    durationMs: Date.now() - startedMs,
  };
}
