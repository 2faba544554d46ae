import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import {
  recordLiveRejections,
  type RejectionRow,
} from '../storage/repositories/live-rejection.repository.js';
import type { Database } from '../storage/schema.js';

/** Refusals of one reason in one batch stored (and answered) one by one; the rest are summarised. */
export const REJECTION_EXAMPLES = 20;

interface Tally {
  count: number;
  /** The first refusal past the examples, standing for all of them, with how many they are. */
  summary?: RejectionRow & { repeats: number };
}

/**
 * The refusals of one batch of updates, by reason: the first `examples` of each are stored as rows of
 * their own as they happen, and the others as one row per reason when the batch ends, the first of them
 * with `repeats` saying how many it stands for. A batch of 350,000 `{}` then stores 21 rows, not 350,000.
 */
export class RejectionSummary {
  private readonly reasons = new Map<string, Tally>();

  constructor(readonly examples = REJECTION_EXAMPLES) {}

  /** Counts a refusal; true when it is one of its reason's examples, to be stored now. */
  take(row: RejectionRow): boolean {
    let tally = this.reasons.get(row.reason);
    if (!tally) this.reasons.set(row.reason, (tally = { count: 0 }));
    tally.count += 1;
    if (tally.count <= this.examples) return true;
    if (tally.summary) tally.summary.repeats += 1;
    else tally.summary = { ...row, repeats: 1 };
    return false;
  }

  /** The summary rows, one per reason refused more often than its examples. */
  rows(): RejectionRow[] {
    const rows: RejectionRow[] = [];
    for (const tally of this.reasons.values()) if (tally.summary) rows.push(tally.summary);
    return rows;
  }
}

const current = new AsyncLocalStorage<RejectionSummary>();

/** The summary of the batch the caller runs in, if any (see summarisingRejections). */
export const activeSummary = (): RejectionSummary | undefined => current.getStore();

/**
 * Runs `work` (a batch of updates) with its refusals summarised (RejectionSummary), then stores the
 * summary rows, whether it ended well or not. A failure to store them is not the batch's: it is ignored,
 * as a refusal that cannot be recorded is (record-rejection.ts).
 */
export async function summarisingRejections<T>(
  db: Kysely<Database>,
  work: () => Promise<T>,
  examples = REJECTION_EXAMPLES,
): Promise<T> {
  const summary = new RejectionSummary(examples);
  try {
    return await current.run(summary, work);
  } finally {
    await recordLiveRejections(db, summary.rows()).catch(() => undefined);
  }
}
