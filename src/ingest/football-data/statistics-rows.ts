import type { MatchTeamStatsRecord } from '../canonical.js';
import { SOURCE_NAMES } from '../source-precedence.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The columns this adapter reads, by header name, for the home and the away side. */
const SIDES = {
  home: { team: 'HomeTeam', shots: 'HS', onTarget: 'HST', corners: 'HC', yellow: 'HY', red: 'HR' },
  away: { team: 'AwayTeam', shots: 'AS', onTarget: 'AST', corners: 'AC', yellow: 'AY', red: 'AR' },
} as const;

export type Row = Record<string, string>;

/** A count cell: empty means "not reported" (null), never 0; anything but a whole number is an error. */
function count(row: Row, column: string): number | null | Error {
  const raw = (row[column] ?? '').trim();
  if (raw === '') return null;
  if (!/^\d+$/.test(raw)) return new Error(`${column} "${raw}" is not a whole number`);
  return Number(raw);
}

export interface SideStats {
  teamName: string;
  opponentName: string;
  stats: Pick<
    MatchTeamStatsRecord,
    'shots_total' | 'shots_on_target' | 'corners' | 'yellow_cards' | 'red_cards'
  >;
}

/** Validates one row; returns both sides' figures or the reason the row cannot be used. */
export function readStatisticsRow(row: Row): { date: string; sides: [SideStats, SideStats] } | string {
  const date = (row.Date ?? '').trim();
  if (!DATE.test(date)) return `Date "${date}" is not YYYY-MM-DD`;
  const read = (side: 'home' | 'away', other: 'home' | 'away'): SideStats | string => {
    const c = SIDES[side];
    const teamName = (row[c.team] ?? '').trim();
    const opponentName = (row[SIDES[other].team] ?? '').trim();
    if (teamName === '' || opponentName === '') return 'HomeTeam or AwayTeam is empty';
    const values = {
      shots_total: count(row, c.shots),
      shots_on_target: count(row, c.onTarget),
      corners: count(row, c.corners),
      yellow_cards: count(row, c.yellow),
      red_cards: count(row, c.red),
    };
    const bad = Object.values(values).find((v): v is Error => v instanceof Error);
    if (bad) return bad.message;
    return { teamName, opponentName, stats: values as SideStats['stats'] };
  };
  const home = read('home', 'away');
  const away = read('away', 'home');
  if (typeof home === 'string') return home;
  if (typeof away === 'string') return away;
  return { date, sides: [home, away] };
}

export function statsRecord(
  date: string,
  teamId: string,
  opponentId: string,
  side: SideStats,
): MatchTeamStatsRecord {
  return {
    id: `${SOURCE_NAMES.footballDataCsv}:${date}:${teamId}:${opponentId}`,
    match_date: date,
    team_id: teamId,
    opponent_team_id: opponentId,
    corners: side.stats.corners,
    shots_total: side.stats.shots_total,
    shots_on_target: side.stats.shots_on_target,
    shots_inside_box: null,
    possession_percent: null,
    passes_accuracy_percent: null,
    expected_goals: null,
    yellow_cards: side.stats.yellow_cards,
    red_cards: side.stats.red_cards,
    source: SOURCE_NAMES.footballDataCsv,
  };
}
