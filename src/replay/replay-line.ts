import type { StepOutcome } from './run-replay.js';

/** The fields of a `replay --json` line (docs/cli.md, "replay --json"). */
export interface ReplayLine {
  step: string;
  /** Match minutes from kick-off, as the replay's clock counts them. */
  at: number;
  label: string | null;
  text: string;
  /** The update's verdict, as `live apply` prints it; null for a moment sent as no update. */
  verdict: unknown;
}

export function replayLine({ step, verdict }: StepOutcome): ReplayLine {
  return { step: step.kind, at: step.at, label: step.label, text: step.text, verdict };
}

/**
 * A line for a person: the minute, what happened, and the live log's event ID of the update (what the
 * stream sends it under), or its verdict when it was not applied.
 */
export function humanLine({ step, verdict }: StepOutcome): string {
  const minute = (step.label ?? '').padEnd(7);
  const outcome =
    verdict === null
      ? ''
      : verdict.outcome === 'applied'
        ? `  [seq ${verdict.seq}]`
        : `  [${verdict.outcome}]`;
  return `${minute} ${step.text}${outcome}`;
}
