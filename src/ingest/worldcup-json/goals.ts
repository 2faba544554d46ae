import type { MatchEventRecord } from '../canonical.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { eventSortKey, parseGoalMinute } from './goal-minute.js';
import { fail, ok, type Parsed } from './parsed.js';
import type { PlayerBook } from './players.js';
import type { Side } from './teams.js';

const SOURCE = SOURCE_NAMES.worldcupJson;

export interface GoalMatch {
  matchId: string;
  home: Side;
  away: Side;
}

interface Goal {
  name: string;
  minute: unknown;
  offset: unknown;
  penalty: boolean;
  ownGoal: boolean;
}

function flag(value: unknown, field: string): Parsed<boolean> {
  if (value === undefined || value === null) return ok(false);
  return typeof value === 'boolean' ? ok(value) : fail(`${field} is not true or false`);
}

function parseGoal(entry: unknown): Parsed<Goal> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return fail('goal is not an object');
  const e = entry as Record<string, unknown>;
  if (typeof e.name !== 'string' || e.name.trim() === '') return fail('goal has no scorer name');
  const penalty = flag(e.penalty, 'penalty');
  if (!penalty.ok) return penalty;
  const ownGoal = flag(e.owngoal, 'owngoal');
  if (!ownGoal.ok) return ownGoal;
  const name = e.name.trim().replace(/\s+/g, ' ');
  return ok({ name, minute: e.minute, offset: e.offset, penalty: penalty.value, ownGoal: ownGoal.value });
}

export interface GoalOutcome {
  events: MatchEventRecord[];
  /** Goals left out: `goals1[2]` and why. */
  problems: Array<{ ref: string; reason: string }>;
}

/**
 * A match's `goals1` / `goals2` as timeline events. `goalsN` lists the goals that count for team N, own
 * goals included: an own goal's event has the credited side's team (team N) and the scorer, who plays
 * for the other side, as its player. The events keep the file's order within a minute.
 */
export function goalEvents(
  match: GoalMatch,
  goals1: readonly unknown[],
  goals2: readonly unknown[],
  players: PlayerBook,
): GoalOutcome {
  const out: GoalOutcome = { events: [], problems: [] };
  let seq = 0;
  for (const [side, list] of [
    ['home', goals1],
    ['away', goals2],
  ] as const) {
    const credited = side === 'home' ? match.home : match.away;
    const opponent = side === 'home' ? match.away : match.home;
    list.forEach((entry, index) => {
      seq += 1;
      const ref = `${side === 'home' ? 'goals1' : 'goals2'}[${index}]`;
      const goal = parseGoal(entry);
      const time = goal.ok ? parseGoalMinute(goal.value.minute, goal.value.offset) : goal;
      if (!goal.ok || !time.ok) {
        out.problems.push({ ref, reason: (time as { reason: string }).reason });
        return;
      }
      const { name, ownGoal, penalty } = goal.value;
      const scorerSide = ownGoal ? opponent : credited;
      out.events.push({
        id: `${match.matchId}:worldcup.json:goal:${side}:${index}`,
        match_id: match.matchId,
        sort_key: eventSortKey(time.value, seq),
        type: ownGoal ? 'own_goal' : penalty ? 'penalty_goal' : 'goal',
        period: time.value.period,
        minute: time.value.minute,
        stoppage_minute: time.value.stoppage,
        label: time.value.label,
        team_id: credited.teamId,
        player_id: players.scorer(scorerSide.playerScope, name),
        related_player_id: null,
        detail: null,
        source_player_name: null,
        source: SOURCE,
      });
    });
  }
  return out;
}
