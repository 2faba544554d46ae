import type { TableName } from '../../../src/ingest/fjelstul/files.js';
import { event, match, player, TEAMS, type Cells } from './fixtures.js';

const FINAL = 'M-2022-64';
const pk = (id: string, team: string, playerId: string, converted: number): Cells => ({
  penalty_kick_id: id,
  match_id: FINAL,
  team_id: team,
  player_id: playerId,
  converted,
});
const CARDS = {
  yellow: [1, 0, 0, 0],
  'second yellow': [1, 0, 1, 1],
  'yellow and red': [1, 1, 0, 1],
  red: [0, 1, 0, 1],
} as const;
const card = (id: string, kind: keyof typeof CARDS): Cells => {
  const [yellow_card, red_card, second_yellow_card, sending_off] = CARDS[kind];
  return { booking_id: id, yellow_card, red_card, second_yellow_card, sending_off };
};
const et = (minute: number): Cells => ({
  match_period: minute <= 105 ? 'extra time, first half' : 'extra time, second half',
});

/** A small dataset covering the edge cases: the 2022 final and a few older and women's matches. */
export function sampleTables(): Record<TableName, Cells[]> {
  return {
    teams: TEAMS,
    players: [
      player('P-1', 'Lionel', 'Messi', '1987-06-24'),
      player('P-2', 'Ángel', 'Di María'),
      player('P-3', 'Kylian', 'Mbappé'),
      player('P-4', 'Randal', 'Kolo Muani'),
      player('P-5', 'Kingsley', 'Coman'),
      player('P-6', 'not applicable', 'Didi', 'not available'),
      player('P-7', 'Paulo', 'Dybala'),
      player('P-8', 'Olivier', 'Giroud'),
      player('P-9', 'Marcus', 'Thuram'),
    ],
    matches: [
      match({
        stadium_id: 'S-1',
        home_team_score: 3,
        away_team_score: 3,
        extra_time: 1,
        penalty_shootout: 1,
        home_team_score_penalties: 4,
        away_team_score_penalties: 2,
      }),
      match({
        tournament_id: 'WC-1994',
        tournament_name: "1994 FIFA Men's World Cup",
        match_id: 'M-1994-01',
        stage_name: 'group stage',
        group_name: 'Group A',
        match_date: '1994-06-20',
        match_time: '12:30',
        stadium_name: 'Stanford Stadium',
        city_name: 'Stanford',
        country_name: 'United States',
        home_team_id: 'T-83',
        away_team_id: 'T-09',
        home_team_score: 0,
        away_team_score: 1,
      }),
      match({
        tournament_id: 'WC-1994',
        tournament_name: "1994 FIFA Men's World Cup",
        match_id: 'M-1994-02',
        stage_name: 'quarter-finals',
        match_date: '1994-07-10',
        match_time: '15:00',
        stadium_name: 'Somewhere Field',
        city_name: 'Nowhere',
        country_name: 'United States',
        home_team_id: 'T-86',
        away_team_id: 'T-09',
        home_team_score: 1,
        away_team_score: 2,
      }),
      match({
        tournament_id: 'WC-2015',
        tournament_name: "2015 FIFA Women's World Cup",
        match_id: 'M-2015-06',
        stage_name: 'group stage',
        group_name: 'Group c',
        match_date: '2015-06-08',
        match_time: '16:00',
        stadium_name: 'Commonwealth Stadium',
        city_name: 'Edmonton',
        country_name: 'Canada',
        home_team_id: 'T-83',
        away_team_id: 'T-31',
        home_team_score: 0,
        away_team_score: 0,
      }),
      match({ match_id: 'M-2022-99', home_team_id: 'T-99', match_date: '2022-12-01' }),
      match({ match_id: 'M-2022-98', home_team_score: 'x', match_date: '2022-12-02' }),
    ],
    goals: [
      event(FINAL, 'T-03', 'P-1', 23, { goal_id: 'G-1', own_goal: 0, penalty: 1 }),
      event(FINAL, 'T-03', 'P-2', 36, { goal_id: 'G-2', own_goal: 0, penalty: 0 }),
      event(FINAL, 'T-30', 'P-3', 80, { goal_id: 'G-3', own_goal: 0, penalty: 1 }),
      event(FINAL, 'T-30', 'P-3', 81, { goal_id: 'G-4', own_goal: 0, penalty: 0 }),
      event(FINAL, 'T-03', 'P-1', 108, { goal_id: 'G-5', own_goal: 0, penalty: 0, ...et(108) }),
      event(FINAL, 'T-30', 'P-3', 118, { goal_id: 'G-6', own_goal: 0, penalty: 1, ...et(118) }),
      event('M-9999', 'T-30', 'P-3', 10, { goal_id: 'G-7', own_goal: 0, penalty: 0 }),
    ],
    bookings: [
      event(FINAL, 'T-03', 'P-1', 45, {
        ...card('B-1', 'yellow'),
        minute_stoppage: 7,
        match_period: 'first half, stoppage time',
      }),
      event(FINAL, 'T-30', 'P-5', 70, card('B-2', 'second yellow')),
      event(FINAL, 'T-30', 'P-8', 75, card('B-3', 'yellow and red')),
      event(FINAL, 'T-03', 'P-7', 88, card('B-4', 'red')),
      event(FINAL, 'T-03', 'P-404', 89, card('B-5', 'yellow')),
    ],
    substitutions: [
      event(FINAL, 'T-30', 'P-8', 41, { substitution_id: 'S-1', going_off: 1, coming_on: 0 }),
      event(FINAL, 'T-30', 'P-9', 41, { substitution_id: 'S-2', going_off: 0, coming_on: 1 }),
      event(FINAL, 'T-30', 'P-5', 71, { substitution_id: 'S-3', going_off: 1, coming_on: 0 }),
      event(FINAL, 'T-30', 'P-3', 71, { substitution_id: 'S-4', going_off: 1, coming_on: 0 }),
      event(FINAL, 'T-30', 'P-4', 71, { substitution_id: 'S-5', going_off: 0, coming_on: 1 }),
      event(FINAL, 'T-30', 'P-6', 71, { substitution_id: 'S-6', going_off: 0, coming_on: 1 }),
      event(FINAL, 'T-03', 'P-7', 120, {
        substitution_id: 'S-7',
        going_off: 0,
        coming_on: 1,
        minute_stoppage: 1,
        ...et(120),
      }),
    ],
    penalty_kicks: [
      pk('PK-1', 'T-03', 'P-1', 1),
      pk('PK-2', 'T-03', 'P-7', 1),
      pk('PK-3', 'T-30', 'P-3', 1),
      pk('PK-4', 'T-30', 'P-5', 0),
    ],
    player_appearances: [
      appearance('T-03', 'P-1', 10, 'right winger', 'RW', true),
      appearance('T-03', 'P-7', 0, '', 'FW', false),
      appearance('T-09', 'P-3', 10, 'forward', 'FW', true), // Brazil did not play the final: rejected.
    ],
    manager_appearances: [
      manager('T-03', 'M-1', 'Lionel', 'Scaloni'),
      manager('T-30', 'M-2', 'Didier', 'Deschamps'),
      manager('T-30', 'M-3', 'not applicable', 'Guy'),
    ],
    squads: [squadEntry('P-1', 10, 'forward'), squadEntry('P-6', 0, 'midfielder')],
    group_standings: [
      standing('first round', 'Group 1', 1, 'T-09', 5, 1),
      standing('final round', 'Group 1', 2, 'T-09', 4, 0),
      standing('final round', 'Group 1', 1, 'T-83', 5, 1),
    ],
    managers: [
      { manager_id: 'M-1', given_name: 'Lionel', family_name: 'Scaloni', country_name: 'Argentina' },
      { manager_id: 'M-2', given_name: 'Didier', family_name: 'Deschamps', country_name: 'France' },
      { manager_id: 'M-3', given_name: 'not applicable', family_name: 'Guy', country_name: 'France' },
    ],
    manager_appointments: [{ ...WC_2022, team_id: 'T-03', manager_id: 'M-1' }],
    referees: [
      {
        referee_id: 'R-1',
        given_name: 'Szymon',
        family_name: 'Marciniak',
        country_name: 'Poland',
        confederation_code: 'UEFA',
      },
    ],
    referee_appearances: [{ match_id: FINAL, referee_id: 'R-1' }],
    stadiums: [
      { stadium_id: 'S-1', stadium_name: 'Lusail Stadium', city_name: 'Lusail', country_name: 'Qatar' },
    ],
    tournament_standings: [
      { ...WC_2022, position: 1, team_id: 'T-03' },
      { ...WC_2022, position: 2, team_id: 'T-30' },
    ],
    award_winners: [
      { ...WC_2022, award_id: 'A-4', award_name: 'Golden Boot', player_id: 'P-3', team_id: 'T-30' },
    ],
  };
}

const WC_2022 = { tournament_id: 'WC-2022', tournament_name: "2022 FIFA Men's World Cup" };

function standing(
  stage: string,
  group: string,
  position: number,
  team: string,
  points: number,
  advanced: number,
) {
  return {
    tournament_id: 'WC-1950',
    tournament_name: "1950 FIFA Men's World Cup",
    stage_name: stage,
    group_name: group,
    position,
    team_id: team,
    played: 3,
    wins: 2,
    draws: points - 4,
    losses: 1 - (points - 4),
    goals_for: 8,
    goals_against: 2,
    goal_difference: 6,
    points,
    advanced,
  };
}

function appearance(team: string, id: string, shirt: number, name: string, code: string, starter: boolean) {
  return {
    match_id: FINAL,
    team_id: team,
    player_id: id,
    shirt_number: shirt,
    position_name: name,
    position_code: code,
    starter: starter ? 1 : 0,
    substitute: starter ? 0 : 1,
  };
}

function manager(team: string, id: string, given: string, family: string) {
  return { match_id: FINAL, team_id: team, manager_id: id, given_name: given, family_name: family };
}

function squadEntry(id: string, shirt: number, position: string) {
  const tournament = { tournament_id: 'WC-2022', tournament_name: "2022 FIFA Men's World Cup" };
  return { ...tournament, team_id: 'T-03', player_id: id, shirt_number: shirt, position_name: position };
}
