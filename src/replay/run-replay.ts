import { setTimeout as sleep } from 'node:timers/promises';
import type { MatchState } from '../live/status-rules.js';
import type { Verdict } from '../live/verdict.js';
import { closingUpdates } from './closing-updates.js';
import type { ReplayPlan, ReplayStep } from './replay-plan.js';
import { scoreline } from './replay-text.js';
import type { ReplayTarget } from './replay-target.js';

/** One moment of the replay as it happened: its update's verdict, null for a moment sent as none. */
export interface StepOutcome {
  step: ReplayStep;
  verdict: Verdict | null;
}

export interface RunOptions {
  /** Match minutes per minute: 60 plays a minute a second; 0 sends everything as fast as it applies. */
  speed: number;
  /** Aborting it skips to full time at once (the match is restored), e.g. on Ctrl-C. */
  signal?: AbortSignal;
  /** Each moment as it is reached, awaited. */
  emit: (outcome: StepOutcome) => void | Promise<void>;
  /** Milliseconds on a monotonic clock (tests fix it). */
  now?: () => number;
}

export interface ReplayResult {
  /** The updates applied. */
  applied: number;
  /** It was aborted, and skipped to full time. */
  interrupted: boolean;
  elapsedMs: number;
}

/** An update not applied: the replay cannot go on (another process updates the match, say). */
export class ReplayRefused extends Error {}

function explain(verdict: Verdict): string {
  switch (verdict.outcome) {
    case 'rejected':
      return `rejected: ${verdict.reason}`;
    case 'stale':
      return `stale: the match's newest sequence is ${verdict.newest_sequence} (is another process updating it?)`;
    case 'duplicate':
      return 'a duplicate of an update applied before (is another replay of the match running?)';
    default:
      return verdict.outcome;
  }
}

/**
 * Plays `plan` into `target`: each update at its moment (scaled by `speed`, measured from the start, so
 * time spent applying does not add up), stopping at the first one not applied. Full time (the stored
 * state, the replayed events removed: closing-updates.ts) is sent at the end, also when the run is
 * aborted or stops part-way after its reset was applied, so that the match is left as it was stored.
 * A target failure (the database or the listener away) is thrown after that attempt.
 */
export async function runReplay(
  plan: ReplayPlan,
  target: ReplayTarget,
  options: RunOptions,
): Promise<ReplayResult> {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const msPerMinute = options.speed > 0 ? 60_000 / options.speed : 0;
  const added = new Set<string>();
  let current: MatchState | undefined;
  let applied = 0;
  let next = plan.next;

  /** Waits until `at` match minutes from the start; false when aborted. */
  const reach = async (at: number): Promise<boolean> => {
    if (options.signal?.aborted) return false;
    const wait = start + at * msPerMinute - now();
    if (wait <= 0) return true;
    try {
      await sleep(wait, undefined, { signal: options.signal });
      return true;
    } catch {
      return false;
    }
  };

  const send = async (step: ReplayStep): Promise<Verdict> => {
    const verdict = await target.send(step.update!);
    await options.emit({ step, verdict });
    if (verdict.outcome !== 'applied') {
      throw new ReplayRefused(`update ${step.update!.update_id} was not applied: ${explain(verdict)}`);
    }
    applied += 1;
    current = verdict.changes.state;
    for (const id of step.update!.events ?? []) added.add(id.id);
    for (const id of step.update!.remove_events ?? []) added.delete(id);
    return verdict;
  };

  /** Sends full time; false when nothing was applied, so there is nothing to restore. */
  const close = async (): Promise<boolean> => {
    if (!current) return false;
    const updates = closingUpdates({
      matchId: plan.matchId,
      run: plan.run,
      next,
      current,
      final: plan.final,
      added: [...added],
    });
    next = { sequence: next.sequence + updates.length, step: next.step + updates.length };
    for (const update of updates) {
      const fullTime = update.status !== undefined;
      await send({
        kind: 'full_time',
        at: plan.fullTimeAt,
        label: null,
        text: fullTime
          ? `full time: ${scoreline(plan.names, { home: plan.final.home_score, away: plan.final.away_score })}, the stored timeline shown again`
          : `${update.remove_events?.length ?? 0} replayed events removed`,
        update,
      });
    }
    return true;
  };

  let interrupted = false;
  try {
    for (const step of plan.steps) {
      if (!(await reach(step.at))) {
        interrupted = true;
        break;
      }
      if (step.update) await send(step);
      else await options.emit({ step, verdict: null });
    }
    if (!interrupted && !(await reach(plan.fullTimeAt))) interrupted = true;
  } catch (error) {
    // Restore what can be restored, then say why the replay stopped.
    let restored = false;
    try {
      restored = await close();
    } catch {
      // the first failure is the one to report; the next replay recovers (original-state.ts)
    }
    if (restored && error instanceof Error) error.message += '; full time was sent: the match is as stored';
    throw error;
  }
  await close();
  return { applied, interrupted, elapsedMs: Math.round(now() - start) };
}
