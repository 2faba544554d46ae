import type { Storage } from '../storage/connection.js';
import type { LiveEventRow } from '../storage/repositories/live-event.repository.js';
import { applyMatchUpdate } from './apply-update.js';
import { MAX_LINE_BYTES, type LineItem } from './line-reader.js';
import { refuse } from './record-rejection.js';
import { slicePacer } from './slice-pacer.js';
import type { Outcome, Verdict } from './verdict.js';

export interface StreamOptions {
  /** When each update is applied (tests fix it). */
  clock?: () => Date;
  onApplied?: (row: LiveEventRow) => void;
}

/**
 * applyMatchUpdate, for a stream that must go on: a storage failure (the database away, its lock held
 * too long) is this update's verdict, rejected with the reason, rather than the end of the stream.
 */
export async function applyOrRefuse(
  storage: Storage,
  value: unknown,
  actor: string,
  now: Date,
  options: { text?: string; onApplied?: (row: LiveEventRow) => void } = {},
): Promise<Verdict> {
  try {
    return await applyMatchUpdate(storage, value, actor, now, options);
  } catch (error) {
    const reason = `not applied: ${(error as Error).message}`;
    return refuse(storage.db, { actor, reason, value, text: options.text, now });
  }
}

const MIB = MAX_LINE_BYTES / (1024 * 1024);

/** One verdict for one line of a stream of updates, the line's number with it. */
export async function applyLine(
  storage: Storage,
  item: LineItem,
  actor: string,
  options: StreamOptions = {},
): Promise<Verdict & { line: number }> {
  const now = (options.clock ?? (() => new Date()))();
  const line = item.number;
  if (item.kind === 'too-long') {
    const reason = `the line is ${item.bytes} bytes long, over the ${MIB} MiB a line may hold`;
    return { line, ...(await refuse(storage.db, { actor, reason, text: item.head, now })) };
  }
  if (item.kind === 'not-text') {
    const reason = 'the line is not UTF-8 text';
    return { line, ...(await refuse(storage.db, { actor, reason, text: item.head, now })) };
  }
  let value: unknown;
  try {
    value = JSON.parse(item.text);
  } catch (error) {
    const reason = `invalid JSON: ${(error as Error).message}`;
    return { line, ...(await refuse(storage.db, { actor, reason, text: item.text, now })) };
  }
  const verdict = await applyOrRefuse(storage, value, actor, now, {
    text: item.text,
    onApplied: options.onApplied,
  });
  return { line, ...verdict };
}

export type OutcomeCounts = Record<Outcome, number>;

/**
 * Applies a stream of update lines in order, one at a time, handing each verdict to `emit` as it is
 * reached (awaited: a slow reader slows the stream instead of verdicts piling up). Bad lines are
 * refused and the stream goes on. The event loop gets a turn every SLICE_MS (slice-pacer.ts), however
 * fast the lines go. Returns how many of each outcome.
 */
export async function applyLines(
  storage: Storage,
  lines: AsyncIterable<LineItem>,
  actor: string,
  emit: (verdict: Verdict & { line: number }) => void | Promise<void>,
  options: StreamOptions = {},
): Promise<OutcomeCounts> {
  const counts: OutcomeCounts = { applied: 0, duplicate: 0, stale: 0, rejected: 0 };
  const pace = slicePacer();
  for await (const item of lines) {
    const verdict = await applyLine(storage, item, actor, options);
    counts[verdict.outcome] += 1;
    await emit(verdict);
    await pace();
  }
  return counts;
}
