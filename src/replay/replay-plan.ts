import type { LiveEvent, MatchUpdate } from '../live/match-update.js';
import type { LiveStatus } from '../vocabulary/match-statuses.js';
import type { ScoreBreakdown } from '../representation/match-score.js';
import { periodOfMinute } from '../live/live-events.js';
import { checkMatchUpdate } from '../live/update-validator.js';
import type { EventRow } from '../storage/repositories/match-detail.repository.js';
import { chunked, MAX_LIST } from './chunked.js';
import { replaySchedule, type PeriodSpan } from './replay-clock.js';
import { replayEventId, replayUpdateId } from './replay-ids.js';
import { SCORING_TYPES, translateEvent } from './replay-events.js';
import {
  describeEvent,
  describeKick,
  PERIOD_END_TEXT,
  PERIOD_START_TEXT,
  scoreline,
  type Names,
} from './replay-text.js';

/** What full time restores (closing-updates.ts). */
export interface FinalState {
  status: LiveStatus;
  home_score: number;
  away_score: number;
  /** The stored half-time, 90-minute, extra-time and shoot-out scores. */
  score_breakdown?: ScoreBreakdown;
}

export type StepKind = 'reset' | 'kick_off' | 'event' | 'phase' | 'shootout_kick' | 'full_time';

export interface Score {
  home: number;
  away: number;
}

/** One moment of the replay: an update to send, or a moment shown without one (half-time, a kick). */
export interface ReplayStep {
  kind: StepKind;
  /** When, in match minutes from kick-off. */
  at: number;
  /** The minute as the timeline labels it (`45+7'`), for an event. */
  label: string | null;
  text: string;
  update?: MatchUpdate;
}

/** What a replay plays: the match's stored timeline as live updates, between a reset and full time. */
export interface ReplayPlan {
  matchId: string;
  /** The run's ID: its first sequence (replay-ids.ts). */
  run: number;
  names: Names;
  steps: ReplayStep[];
  /** The sequence and the step number the closing updates take (closing-updates.ts). */
  next: { sequence: number; step: number };
  fullTimeAt: number;
  /** The state to end in: the stored status and score, and its stages when it has any. */
  final: FinalState;
  /** The stored events not sent, each with why. */
  skipped: string[];
}

export interface PlanInput {
  matchId: string;
  names: Names;
  sides: { home_team_id: string; away_team_id: string };
  extraTime: boolean;
  shootout: boolean;
  /** The stored timeline, in order. */
  timeline: readonly EventRow[];
  /** Replayed events an interrupted run left stored: the reset removes them. */
  leftovers: readonly string[];
  final: ReplayPlan['final'];
  /** The run's first sequence: above the newest applied to the match. */
  firstSequence: number;
}

function valid(update: MatchUpdate): MatchUpdate {
  const checked = checkMatchUpdate(update);
  if (!checked.ok) throw new Error(`replay: update ${update.update_id} is not valid: ${checked.reason}`);
  return checked.update;
}

interface Played {
  row: EventRow;
  event: LiveEvent;
  /** The score after it. */
  score: Score;
}

/** The stored events a live update can carry, each with the score after it; the others, with why not. */
function playable(input: PlanInput): { played: Played[]; kicks: EventRow[]; skipped: string[] } {
  const played: Played[] = [];
  const kicks: EventRow[] = [];
  const skipped: string[] = [];
  let score: Score = { home: 0, away: 0 };
  for (const row of input.timeline) {
    if (row.type === 'shootout_kick') {
      kicks.push(row);
      continue;
    }
    const translated = translateEvent(row, replayEventId(played.length + 1), input.sides);
    const where = `${row.type} ${row.label ?? ''}`.trim();
    if (!translated.ok) {
      skipped.push(`${where}: ${translated.reason}`);
      continue;
    }
    const { event } = translated;
    // Checked on its own, so that one event the format refuses is left out rather than the whole replay.
    const checked = checkMatchUpdate({
      update_id: 'check',
      match: input.matchId,
      sequence: 0,
      events: [event],
    });
    if (!checked.ok) {
      skipped.push(`${where}: ${checked.reason}`);
      continue;
    }
    if (SCORING_TYPES.has(event.type)) score = { ...score, [event.team]: score[event.team] + 1 };
    played.push({ row, event, score });
  }
  if (kicks.length > 0) {
    skipped.push(`${kicks.length} shoot-out kicks: shown, not sent (the live format has no shoot-out kick)`);
  }
  return { played, kicks, skipped };
}

/**
 * The replay of a stored match (docs/live-updates.md, "Replay"), as updates in the live format, each
 * checked against it:
 *
 * 1. the reset, a correction: the match back to before kick-off (`scheduled`, 0-0: the format cannot
 *    clear a score), with the events an interrupted replay left removed;
 * 2. kick-off (`live`);
 * 3. each stored event the format can carry, in timeline order, a goal with the score after it;
 *
 * and, shown without an update, the breaks between periods and the shoot-out's kicks. Full time, which
 * restores the stored state, is built as the run ends (closing-updates.ts): it removes the events the run
 * added, however far it got.
 */
export function planReplay(input: PlanInput): ReplayPlan {
  const run = input.firstSequence;
  const { played, kicks, skipped } = playable(input);
  const schedule = replaySchedule(
    played.map((p) => ({
      period: p.event.period ?? periodOfMinute(p.event.minute),
      minute: p.event.minute,
      stoppage: p.event.stoppage_minute ?? null,
    })),
    {
      extraTime:
        input.extraTime || played.some((p) => p.event.minute > 90 || p.event.period?.startsWith('extra')),
      shootout: input.shootout || kicks.length > 0,
      kicks: kicks.length,
    },
  );

  const steps: ReplayStep[] = [];
  let sequence = input.firstSequence;
  let step = 0;
  /** The next update of the run, checked against the format. */
  const send = (kind: string, body: Omit<MatchUpdate, 'update_id' | 'match' | 'sequence'>): MatchUpdate => {
    const update = valid({
      update_id: replayUpdateId(run, step, kind),
      match: input.matchId,
      sequence,
      ...body,
    });
    step += 1;
    sequence += 1;
    return update;
  };

  const [firstRemovals = [], ...moreRemovals] = chunked(input.leftovers, MAX_LIST);
  steps.push({
    kind: 'reset',
    at: 0,
    label: null,
    text: `before kick-off: ${scoreline(input.names, { home: 0, away: 0 })}, scheduled`,
    update: send('reset', {
      status: 'scheduled',
      score: { home: 0, away: 0 },
      ...(firstRemovals.length > 0 ? { remove_events: firstRemovals } : {}),
      correction: true,
    }),
  });
  for (const removals of moreRemovals) {
    steps.push({
      kind: 'reset',
      at: 0,
      label: null,
      text: `before kick-off: ${removals.length} more replayed events removed`,
      update: send('clear', { remove_events: removals }),
    });
  }
  steps.push({
    kind: 'kick_off',
    at: 0,
    label: "0'",
    text: `kick-off: ${scoreline(input.names, { home: 0, away: 0 })}`,
    update: send('kick-off', { status: 'live' }),
  });

  let score: Score = { home: 0, away: 0 };
  const phase = (at: number, text: string) => steps.push({ kind: 'phase', at, label: null, text });
  schedule.periods.forEach((span: PeriodSpan, i) => {
    if (i > 0) phase(span.start, PERIOD_START_TEXT[span.period]);
    played.forEach((p, j) => {
      if ((p.event.period ?? periodOfMinute(p.event.minute)) !== span.period) return;
      const scored = p.score.home !== score.home || p.score.away !== score.away;
      score = p.score;
      steps.push({
        kind: 'event',
        at: schedule.events[j]!,
        label: p.row.label,
        text: describeEvent(p.row, input.names, scored ? score : null),
        update: send(p.event.type.replace(/_/g, '-'), {
          events: [p.event],
          ...(scored ? { score: { ...score } } : {}),
        }),
      });
    });
    // The end of a period with another after it, or the shoot-out.
    const last = i === schedule.periods.length - 1;
    if (!last || schedule.shootoutStart !== null) {
      phase(span.end, `${PERIOD_END_TEXT[span.period]}: ${scoreline(input.names, score)}`);
    }
  });
  if (schedule.shootoutStart !== null) {
    phase(schedule.shootoutStart, 'penalty shoot-out');
    kicks.forEach((row, i) =>
      steps.push({
        kind: 'shootout_kick',
        at: schedule.kicks[i]!,
        label: null,
        text: describeKick(row),
      }),
    );
  }

  return {
    matchId: input.matchId,
    run,
    names: input.names,
    steps,
    next: { sequence, step },
    fullTimeAt: schedule.fullTime,
    final: input.final,
    skipped,
  };
}
