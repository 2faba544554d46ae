import type { MatchEventRecord } from '../canonical.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { eachRow, RowError, type Row, type Sheet } from './files.js';
import type { Matches, MatchRef } from './matches.js';
import { givenName } from './values.js';

const SOURCE = SOURCE_NAMES.internationalResults;
const MINUTE = /^\d{1,3}$/;

type Period = 'first_half' | 'second_half' | 'extra_time_first_half' | 'extra_time_second_half';

/**
 * The period a minute falls in. The source writes no stoppage time (a goal in the 90th minute's stoppage
 * time is "90"), so a minute past 90 is extra time: up to 105 its first half, after it the second.
 */
export function periodOfMinute(minute: number): Period {
  if (minute <= 45) return 'first_half';
  if (minute <= 90) return 'second_half';
  if (minute <= 105) return 'extra_time_first_half';
  return 'extra_time_second_half';
}

const PERIOD_ORDER: Record<Period, number> = {
  first_half: 1,
  second_half: 2,
  extra_time_first_half: 3,
  extra_time_second_half: 4,
};

/** Events of a match by period, minute, then file order; goals with no minute after all the others. */
function sortKey(period: Period | null, minute: number | null, seq: number): string {
  const place = period === null ? '9:999' : `${PERIOD_ORDER[period]}:${String(minute).padStart(3, '0')}`;
  return `${place}:00:${String(seq).padStart(4, '0')}`;
}

function minuteOf(row: Row): number | null {
  const value = row.text('minute');
  if (value === 'NA' || value === '') return null;
  if (!MINUTE.test(value) || Number(value) < 1) throw new RowError(`minute "${value}" is not a minute`);
  return Number(value);
}

function sideOf(match: MatchRef, team: string): string {
  if (team === match.home) return match.homeTeamId;
  if (team === match.away) return match.awayTeamId;
  throw new RowError(`team "${team}" did not play in the match (${match.home} v ${match.away})`);
}

/**
 * goalscorers.csv as timeline events: `goal`, `penalty_goal` or `own_goal`. The event's team is the
 * `team` column, the side the goal counts for (for an own goal, the scorer's opponents). The scorer has no
 * key in the source: the event keeps the name as given (`source_player_name`, null for "NA") and no
 * player of its own; every ingestion links it to a World Cup source's player of the same team and name
 * where there is exactly one (src/storage/repositories/event-player-links.ts). An unknown minute ("NA")
 * stays null, with no period or label. A goal's ID is its match and its place among the match's goals
 * in the file.
 */
export function loadGoals(
  sheet: Sheet,
  matches: Matches,
  credit: (id: string) => void,
): { events: MatchEventRecord[]; offScore: number } {
  const events: MatchEventRecord[] = [];
  /** Goals per match and side so far: a goal's place in its match, and the check against the score. */
  const tally = new Map<MatchRef, [number, number]>();
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const teamId = sideOf(match, row.required('team'));
    const minute = minuteOf(row);
    const ownGoal = row.flag('own_goal');
    const penalty = row.flag('penalty');
    if (ownGoal && penalty) throw new RowError('both own_goal and penalty');
    let goals = tally.get(match);
    if (!goals) tally.set(match, (goals = [0, 0]));
    const seq = goals[0] + goals[1] + 1;
    goals[teamId === match.homeTeamId ? 0 : 1] += 1;
    const period = minute === null ? null : periodOfMinute(minute);
    const event: MatchEventRecord = {
      id: `${match.id}:international-results:goal:${seq}`,
      match_id: match.id,
      sort_key: sortKey(period, minute, seq),
      type: ownGoal ? 'own_goal' : penalty ? 'penalty_goal' : 'goal',
      period,
      minute,
      stoppage_minute: null,
      label: minute === null ? null : `${minute}'`,
      team_id: teamId,
      player_id: null,
      related_player_id: null,
      detail: null,
      source_player_name: givenName(row.text('scorer')),
      source: SOURCE,
    };
    events.push(event);
    credit(event.id);
  });
  return { events, offScore: offScore(tally) };
}

/** Matches whose goals in the file do not add up to their score (none in the current data). */
function offScore(tally: ReadonlyMap<MatchRef, [number, number]>): number {
  let off = 0;
  for (const [match, goals] of tally) {
    if (match.record.home_score !== goals[0] || match.record.away_score !== goals[1]) off += 1;
  }
  return off;
}
