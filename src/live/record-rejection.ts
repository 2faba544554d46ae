import type { Kysely } from 'kysely';
import { recordLiveRejections } from '../storage/repositories/live-rejection.repository.js';
import type { Database } from '../storage/schema.js';
import { activeSummary } from './rejection-summary.js';
import type { Verdict } from './verdict.js';

/** How much of a refused update the rejections log keeps, for the operator to find it. */
export const EXCERPT_CHARS = 200;

export interface Refused {
  actor: string;
  reason: string;
  /** The update as parsed, when it was JSON at all. */
  value?: unknown;
  /** The text sent (a line), when there was one. */
  text?: string;
  now: Date;
}

const asText = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v.slice(0, EXCERPT_CHARS) : null);

/** The match an update names, as sent, when it is readable. */
function matchRef(value: unknown): string | null {
  const match = (value as { match?: unknown } | null)?.match;
  if (typeof match === 'string') return asText(match);
  const { source, key } = (match ?? {}) as { source?: unknown; key?: unknown };
  return typeof source === 'string' && typeof key === 'string' ? asText(`${source}:${key}`) : null;
}

function excerptOf(refused: Refused): string {
  if (refused.text !== undefined) return refused.text.slice(0, EXCERPT_CHARS);
  try {
    return (JSON.stringify(refused.value) ?? '').slice(0, EXCERPT_CHARS);
  } catch {
    return '';
  }
}

/**
 * Records a refused update with its reason (in a transaction of its own, never the refused update's), or
 * counts it in the summary of the batch it is part of (rejection-summary.ts), and answers its verdict. A failure to record it is not the update's: the verdict stands, the reason says so.
 */
export async function refuse(db: Kysely<Database>, refused: Refused): Promise<Verdict> {
  const updateId = asText((refused.value as { update_id?: unknown } | null)?.update_id);
  const row = {
    received_at: refused.now.toISOString(),
    actor: refused.actor,
    match_ref: matchRef(refused.value),
    update_id: updateId,
    reason: refused.reason,
    excerpt: excerptOf(refused),
  };
  try {
    // In a batch, a reason refused many times is stored as its first examples and one summary row.
    if (activeSummary()?.take(row) !== false) await recordLiveRejections(db, [row]);
    return { outcome: 'rejected', update_id: updateId, reason: refused.reason };
  } catch (error) {
    const reason = `${refused.reason} (not recorded: ${(error as Error).message})`;
    return { outcome: 'rejected', update_id: updateId, reason };
  }
}
