import { auditFile } from '../artifacts/file-audit.js';
import type { ArtifactOutcome, CanonicalBatch } from '../canonical.js';
import type { Edition } from './editions.js';
import type { PlayerBook } from './players.js';
import type { SourceFile } from './source-files.js';
import type { TeamBook } from './teams.js';

/** What every file of one run adds to. */
export interface RunState {
  batch: CanonicalBatch;
  teams: TeamBook;
  players: PlayerBook;
  /** Ingestion time (ms): scheduled versus unknown for unplayed fixtures. */
  now: number;
  /** Match ID -> where it was first seen, to reject a fixture listed twice. */
  matchesSeen: Map<string, string>;
}

/** One file being read: its edition, its audit entry and how to reject one of its records. */
export interface FileRun {
  source: SourceFile;
  edition: Edition;
  outcome: ArtifactOutcome;
  /** Counts a record seen and kept: its ID counts it inserted, updated or unchanged. */
  kept(id: string): void;
  /** Counts a record seen and rejected, with its place in the file and the reason. */
  reject(recordRef: string, reason: string): void;
}

export function startFile(state: RunState, source: SourceFile, edition: Edition): FileRun {
  const { file } = source;
  // Records are counted as they are read: each one is kept or rejected.
  const audit = auditFile(file, 0, state.batch.rejections);
  const { outcome } = audit;
  state.batch.artifacts.push(outcome);
  return {
    source,
    edition,
    outcome,
    kept(id) {
      outcome.recordsSeen += 1;
      outcome.recordIds.push(id);
    },
    reject(recordRef, reason) {
      outcome.recordsSeen += 1;
      audit.reject(recordRef, reason);
    },
  };
}
