import type { ArtifactFile, ArtifactOutcome, Rejection } from '../canonical.js';

export interface FileAudit {
  /** What the run's audit records of the file; the caller adds it to its batch. */
  outcome: ArtifactOutcome;
  /** Rejects one record of the file, `recordRef` saying where it is (`row 12`, `matches[3]`). */
  reject(recordRef: string, reason: string): void;
}

/** Starts the audit of one source file of `recordsSeen` records; rejections go to `rejections`. */
export function auditFile(file: ArtifactFile, recordsSeen: number, rejections: Rejection[]): FileAudit {
  const outcome: ArtifactOutcome = {
    uri: file.uri,
    sha256: file.sha256,
    bytes: file.bytes.length,
    retrievedAt: file.retrievedAt,
    recordsSeen,
    recordIds: [],
    rejected: 0,
  };
  return {
    outcome,
    reject(recordRef, reason) {
      outcome.rejected += 1;
      rejections.push({ artifactUri: file.uri, recordRef, reason });
    },
  };
}

/**
 * Rejects a whole file that cannot be read as records (it is not UTF-8): its audit entry counts it as one
 * record seen and rejected, listed with `whole file` as its place and `reason`.
 */
export function rejectFile(file: ArtifactFile, reason: string, rejections: Rejection[]): ArtifactOutcome {
  const audit = auditFile(file, 1, rejections);
  audit.reject('whole file', reason);
  return audit.outcome;
}
