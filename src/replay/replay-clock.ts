import type { LivePeriod } from '../vocabulary/event-types.js';

/**
 * When each moment of a replayed match happens, in match minutes from kick-off (the replay waits 60 000 /
 * speed ms for each). The periods last what they lasted: 45 (or 15 in extra time) plus the stoppage time
 * of their latest event. The breaks between them take one minute each, however long they were (a replay
 * at a minute per second does not pause 15 s for half-time), and a shoot-out kick half a minute.
 */

export const BREAK_MINUTES = 1;
export const KICK_MINUTES = 0.5;

const PERIODS: ReadonlyArray<{ period: LivePeriod; from: number; length: number }> = [
  { period: 'first_half', from: 0, length: 45 },
  { period: 'second_half', from: 45, length: 45 },
  { period: 'extra_time_first_half', from: 90, length: 15 },
  { period: 'extra_time_second_half', from: 105, length: 15 },
];

export interface TimedEvent {
  period: LivePeriod;
  minute: number;
  stoppage: number | null;
}

export interface PeriodSpan {
  period: LivePeriod;
  start: number;
  end: number;
}

export interface Schedule {
  /** The periods played, in order. */
  periods: PeriodSpan[];
  /** When each event happens, in the order given; never before the one before it. */
  events: number[];
  /** When the shoot-out starts, if there was one. */
  shootoutStart: number | null;
  /** When each shoot-out kick is taken. */
  kicks: number[];
  fullTime: number;
}

/**
 * The schedule of a match whose events (in timeline order) are `events`: two halves, extra time when it
 * was played, a shoot-out of `kicks` kicks when there was one.
 */
export function replaySchedule(
  events: readonly TimedEvent[],
  shape: { extraTime: boolean; shootout: boolean; kicks: number },
): Schedule {
  const played = PERIODS.slice(0, shape.extraTime ? 4 : 2);
  const periods: PeriodSpan[] = [];
  let start = 0;
  for (const p of played) {
    const stoppage = Math.max(
      0,
      ...events
        .filter((e) => e.period === p.period && e.minute >= p.from + p.length)
        .map((e) => e.stoppage ?? 0),
    );
    const end = start + p.length + stoppage;
    periods.push({ period: p.period, start, end });
    start = end + BREAK_MINUTES;
  }

  let last = 0;
  const times = events.map((e) => {
    const p = PERIODS.find((x) => x.period === e.period)!;
    const span = periods.find((s) => s.period === e.period);
    // An event of a period the match is not known to have played (bad data) comes after the last.
    const at = span
      ? span.start + Math.min(Math.max(0, e.minute - p.from) + (e.stoppage ?? 0), span.end - span.start)
      : periods.at(-1)!.end;
    last = Math.max(last, at);
    return last;
  });

  const lastEnd = periods.at(-1)!.end;
  const shootoutStart = shape.shootout ? lastEnd + BREAK_MINUTES : null;
  const kicks =
    shootoutStart === null
      ? []
      : Array.from({ length: shape.kicks }, (_, i) => shootoutStart + (i + 1) * KICK_MINUTES);
  const fullTime = shootoutStart === null ? lastEnd : (kicks.at(-1) ?? shootoutStart) + KICK_MINUTES;
  return { periods, events: times, shootoutStart, kicks, fullTime };
}
