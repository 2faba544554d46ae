import type { Transaction } from 'kysely';
import type { Engine } from '../storage/connection.js';
import type { Removal } from '../storage/repositories/change-log.repository.js';
import type { SyncCounts, SyncResult } from '../storage/repositories/record-sync.js';
import type { Database } from '../storage/schema.js';
import type { CountMoves, CountsWritten } from './count-moves.js';

/** A record as written: its ID and its columns (the projections read the columns they need by name). */
export type WrittenRow = { id: string } & Record<string, unknown>;

/** What a writer did to one table: the records it offered, and what happened to each (and the rows replaced). */
export interface TableWrites {
  records: readonly WrittenRow[];
  result: SyncResult;
}

/** The tables a read model derives from, named as the ingestion batch names them (canonical.ts). */
export type WrittenTable =
  | 'competitions'
  | 'seasons'
  | 'teams'
  | 'matches'
  | 'players'
  | 'matchSources'
  | 'squadMembers'
  | 'teamStats'
  | 'teamSheets'
  | 'lineups'
  | 'events'
  | 'standings'
  | PeopleTable;

/**
 * The people and places tables (migration 0026): their rows show in answers about many records (a career,
 * a leader board, a referee's matches), so a write to any of them changes everything.
 */
export const PEOPLE_TABLES = [
  'coaches',
  'referees',
  'venues',
  'coachAppointments',
  'officials',
  'placings',
  'awards',
] as const;
export type PeopleTable = (typeof PEOPLE_TABLES)[number];

/**
 * One match changed in place by a writer that measured how (a live update): its status and score, and
 * detail rows of its own (timeline, statistics, lineups) whose effect on the counts it saw before and after
 * writing them. Those rows show in the answers about this match alone, so they are described by the match
 * rather than row by row.
 */
export interface InPlaceChange {
  match: { id: string; competition_id: string; season_id: string };
  /** How the match moved what its competition counts (count-moves.ts). */
  moves: CountMoves;
  /** A player named by the match's lineups was renamed: the name shows in other matches' answers. */
  playersRenamed: boolean;
  /** The timeline events the writer added, changed and removed, as the timeline shows them (webhooks). */
  timeline?: TimelineWrites;
}

/** A timeline event as the API's timeline shows it, with the ID it is known by. */
export type TimelineEventWritten = { id: string; type: string } & Record<string, unknown>;

/** What a writer did to a match's timeline, event by event. */
export interface TimelineWrites {
  added: readonly TimelineEventWritten[];
  changed: readonly TimelineEventWritten[];
  /** The events removed: their IDs and types only. */
  removed: ReadonlyArray<{ id: string; type: string }>;
}

/**
 * What one transaction wrote to the tables the read models derive from, described the same way by every
 * writer (ingestion's runner, a live update): the projections (projections.ts) read only this.
 */
export interface Written {
  /** The `updated_at` of derived rows written. */
  at: string;
  /** Read when a stamp is taken (the change log's, the invalidation's), as late as the writes allow. */
  clock: () => Date;
  tables: Partial<Record<WrittenTable, TableWrites>>;
  /** Matches removed with their rows (dropped-matches.ts), with their seasons. */
  removed: ReadonlyArray<Removal & { seasonId: string }>;
  inPlace?: InPlaceChange;
  /** Team aliases written: they show in searches, which name no record. */
  aliasesWritten: boolean;
  /** Scorers linked to players anew (event-player-links.ts): they show in every timeline naming them. */
  linksChanged: boolean;
  /** The ingestion run that wrote it, when one did (a live update is none). */
  run?: { source: string; location: string };
}

/** The transaction the writes were made in, where every projection writes too. */
export interface ProjectionTx {
  db: Transaction<Database>;
  engine: Engine;
}

/** What the projections run so far derived, for the ones after them: the counts written. */
export interface Projected {
  counts: CountsWritten;
  /** Derived rows written. */
  rows: number;
  /** Teams whose ratings changed (the ratings projection), for the change log: rated, or left unrated. */
  ratings: { changed: readonly string[]; removed: readonly string[] };
}

/**
 * One read model kept in step with the rows it derives from: given what a transaction wrote, it updates its
 * rows in that transaction. Returns the rows it wrote, and the counts when it is the one writing them.
 */
export interface Projection {
  readonly name: string;
  project(
    tx: ProjectionTx,
    written: Written,
    before: Projected,
  ): Promise<{ rows: number; counts?: CountsWritten; ratings?: Projected['ratings'] }>;
}

/** The IDs of `writes` whose outcome is one of `outcomes`. */
export function idsWhere(writes: TableWrites | undefined, ...outcomes: Array<keyof SyncCounts>): string[] {
  if (!writes) return [];
  return [...writes.result.outcome].filter(([, what]) => outcomes.includes(what)).map(([id]) => id);
}

/** How many rows of `writes` were inserted or updated. */
export const rowsWritten = (writes: TableWrites | undefined) =>
  writes ? writes.result.inserted + writes.result.updated : 0;

/** Whether the transaction wrote or removed any row of the tables the read models derive from. */
export function wroteAny(written: Written): boolean {
  return (
    Object.values(written.tables).some((w) => rowsWritten(w) > 0) ||
    written.removed.length > 0 ||
    written.inPlace !== undefined
  );
}

/** One row updated in place, described as a sync describes it: the row now and the stored row it replaced. */
export function updatedRow(record: WrittenRow, previous: Record<string, unknown>): TableWrites {
  return {
    records: [record],
    result: {
      inserted: 0,
      updated: 1,
      unchanged: 0,
      outcome: new Map([[record.id, 'updated']]),
      previous: new Map([[record.id, previous]]),
    },
  };
}
