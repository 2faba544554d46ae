import type { FileAudit } from '../artifacts/file-audit.js';
import type { CanonicalBatch } from '../canonical.js';
import type { StoredAliases } from '../identity/team-resolver.js';
import type { FeedDocument } from './documents.js';
import type { StoredRecords } from './stored-records.js';

/** What each kind of record is normalized with: the documents, what storage holds, and the batch filled. */
export interface FeedRun {
  documents: readonly FeedDocument[];
  audits: ReadonlyMap<FeedDocument, FileAudit>;
  stored: StoredRecords;
  /** Team aliases already stored: the feed's team keys among them (scope `feed`). */
  aliases: StoredAliases;
  /** Ingestion time (ms): a fixture with no result is scheduled only while its kick-off is ahead. */
  now: number;
  batch: CanonicalBatch;
}

/** The record's `key` when it has a usable one, to remember it by even when the record is rejected. */
export function keyOf(entry: unknown, field = 'key'): string | undefined {
  const key = (entry as Record<string, unknown> | null)?.[field];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** Whether an entry names a stored record (`id`) rather than defining one. */
export function namesStored(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && 'id' in entry;
}
