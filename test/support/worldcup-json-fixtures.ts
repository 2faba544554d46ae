import fs from 'node:fs';
import path from 'node:path';
import { writeJson } from './worldcup-json.js';

/** Small worldcup.json files covering the shapes the real repository uses. */
export const WORLD_CUP_2022 = {
  name: 'World Cup 2022',
  matches: [
    {
      round: 'Matchday 1',
      group: 'Group A',
      date: '2022-11-20',
      time: '19:00',
      team1: 'Qatar',
      team2: 'Ecuador',
      score: { ht: [0, 2], ft: [0, 2] },
      goals1: [],
      goals2: [
        { name: 'Enner Valencia', minute: 16, penalty: true },
        { name: 'Enner Valencia', minute: 31 },
      ],
      ground: 'Al Bayt Stadium, Al Khor',
    },
    {
      round: 'Final',
      date: '2022-12-18',
      time: '18:00',
      team1: 'Argentina',
      team2: 'France',
      score: { p: [4, 2], et: [3, 3], ft: [2, 2], ht: [2, 0] },
      goals1: [
        { name: 'Lionel Messi', minute: 23, penalty: true },
        { name: 'Lionel Messi', minute: 108 },
        { name: 'Ángel Di María', minute: 36 },
      ],
      goals2: [
        { name: 'Kylian Mbappé', minute: 80, penalty: true },
        { name: 'Kylian Mbappé', minute: 81 },
        { name: 'Kylian Mbappé', minute: 118, penalty: true },
      ],
      ground: 'Lusail Iconic Stadium, Lusail',
    },
    { round: 'Final', date: '2022-12-18', team1: 'Atlantis', team2: 'France', score: { ft: [0, 1] } },
    // The opening match again, sides swapped: the same fixture.
    { round: 'Matchday 1', date: '2022-11-20', team1: 'Ecuador', team2: 'Qatar', score: { ft: [2, 0] } },
    { round: 'Final', date: '2022-12-32', team1: 'Spain', team2: 'France', score: { ft: [0, 1] } },
    {
      round: 'Matchday 7',
      group: 'Group F',
      date: '2022-12-01',
      time: '18:00',
      team1: 'Canada',
      team2: 'Morocco',
      score: { ht: [1, 2], ft: [1, 2] },
      goals1: [
        { name: 'Nayef Aguerd', minute: 40, owngoal: true },
        { name: 'Nobody', minute: 'soon' },
      ],
      goals2: [
        { name: 'Hakim Ziyech', minute: 4 },
        { name: 'Youssef En-Nesyri', minute: 23 },
      ],
      ground: 'Al Thumama Stadium, Doha',
    },
    {
      round: 'Round of 16',
      date: '2022-12-03',
      time: '22:00',
      team1: 'Argentina',
      team2: 'Australia',
      score: { ht: [1, 0], ft: [2, 1] },
      goals1: [
        { name: 'Lionel Messi', minute: 35 },
        { name: 'Julián Álvarez', minute: 57 },
      ],
      goals2: [{ name: 'Enzo Fernández', minute: 77, owngoal: true }],
      ground: 'Ahmad bin Ali Stadium, Al Rayyan',
    },
    { round: 'W57', date: '2022-12-09', team1: 'W49', team2: 'W50' },
  ],
};

export const WORLD_CUP_1938 = {
  name: 'World Cup 1938',
  matches: [
    {
      round: 'First round',
      date: '1938-06-05',
      team1: 'Sweden',
      team2: 'Austria',
      status: 'canceled',
      ground: 'x',
    },
    {
      round: 'First round',
      date: '1938-06-05',
      team1: 'Switzerland',
      team2: 'Germany',
      score: { et: [1, 1], ft: [1, 1], ht: [1, 1] },
      goals1: [{ name: 'André Abegglen', minute: 43 }],
      goals2: [{ name: 'Josef Gauchel', minute: 29 }],
      ground: 'Parc des Princes, Paris',
    },
    {
      round: 'First round, Replays',
      date: '1938-06-09',
      team1: 'Switzerland',
      team2: 'Germany',
      score: { ht: [1, 2], ft: [4, 2] },
      ground: 'Parc des Princes, Paris',
    },
    {
      round: 'First round',
      date: '1938-06-05',
      team1: 'Hungary',
      team2: 'Dutch East Indies',
      score: { ht: [4, 0], ft: [6, 0] },
      ground: 'Stade Vélodrome Municipal, Reims',
    },
  ],
};

export const WORLD_CUP_2026 = {
  name: 'World Cup 2026',
  matches: [
    {
      round: 'Matchday 1',
      date: '2026-06-11',
      time: '13:00 UTC-6',
      team1: 'Mexico',
      team2: 'South Africa',
      score: { ft: [2, 0], ht: [1, 0] },
      goals1: [
        { name: 'Julián Quiñones', minute: '9' },
        { name: 'Raúl Jiménez', minute: '90+6' },
      ],
      goals2: [],
      group: 'Group A',
      ground: 'Mexico City',
    },
    {
      round: 'Matchday 1',
      date: '2026-06-12',
      time: '12:00 UTC-7',
      team1: 'USA',
      team2: 'Paraguay',
      group: 'Group D',
    },
    { round: 'Final', num: 104, date: '2026-07-19', time: '15:00 UTC-4', team1: 'Spain', team2: 'Argentina' },
  ],
};

export const SQUADS_2026 = [
  {
    name: 'Mexico',
    fifa_code: 'MEX',
    group: 'A',
    players: [
      {
        number: 1,
        pos: 'GK',
        name: 'Raúl Rangel',
        club: { name: 'Guadalajara', country: 'MEX' },
        date_of_birth: '2000-02-25',
      },
      {
        number: 9,
        pos: 'FW',
        name: 'Raúl Jiménez',
        club: { name: 'Fulham', country: 'ENG' },
        date_of_birth: '1991-05-05',
      },
      {
        number: 21,
        pos: 'MF',
        name: 'Julián Quiñones',
        club: { name: 'Al Qadsiah', country: 'KSA' },
        date_of_birth: '1997-03-24',
      },
      {
        number: 4,
        pos: 'DF',
        name: 'Edson Álvarez',
        club: { name: 'West Ham', country: 'ENG' },
        date_of_birth: 'soon',
      },
    ],
  },
  {
    name: 'South Africa',
    fifa_code: 'RSA',
    group: 'A',
    players: [
      {
        number: 10,
        pos: 'XX',
        name: 'Percy Tau',
        club: { name: 'x', country: 'EGY' },
        date_of_birth: '1994-05-13',
      },
    ],
  },
  { name: 'Atlantis', fifa_code: 'ATL', players: [{ number: 1, pos: 'GK', name: 'Nemo' }] },
];

export const PLAYOFFS_2026 = {
  name: 'World Cup 2026 Qualifying',
  matches: [
    {
      round: 'UEFA Second Round Play-offs, Path A, Semi-finals',
      date: '2026-03-26',
      time: '20:45 CET',
      time_local: '19:45 UTC±0',
      team1: 'Wales',
      team2: 'Bosnia & Herzegovina',
      score: { p: [2, 4], et: [1, 1] },
      goals1: [{ name: 'D. James', minute: '51' }],
      goals2: [{ name: 'Džeko', minute: '86' }],
      ground: 'Cardiff',
    },
    {
      round: 'UEFA Second Round Play-offs, Path C, Semi-finals',
      date: '2026-03-26',
      time: '18:00 CET',
      time_local: '20:00 UTC+3',
      team1: 'Turkey',
      team2: 'Romania',
      score: [1, 0],
      goals1: [{ name: 'Kadıoğlu', minute: '53' }],
      goals2: [],
      ground: 'Istanbul',
    },
    {
      round: 'Inter-confederation Play-offs, Pathway 1, Final',
      date: '2026-03-31',
      time: '15:00 UTC-6',
      team1: 'DR Congo',
      team2: 'Jamaica',
      score: { et: [1, 0] },
      goals1: [{ name: 'Tuanzebe', minute: '100' }],
      goals2: [],
      ground: 'Guadalajara (Zapopan)',
    },
    {
      round: 'UEFA Second Round Play-offs, Path C, Final',
      date: '2026-03-31',
      time: '20:45 CEST',
      team1: 'Kosovo',
      team2: 'Turkey',
      score: [0, 1],
      goals1: [],
      goals2: [{ name: 'Aktürkoğlu', minute: '53' }],
      ground: 'Pristina',
    },
  ],
};

export const CLUB_WORLD_CUP_2025 = {
  name: 'Club World Cup 2025',
  matches: [
    {
      round: 'Group D',
      date: '2025-06-16',
      time: '15:00',
      team1: 'Chelsea (ENG)',
      team2: 'Los Angeles FC (USA)',
      score: { ht: [1, 0], ft: [2, 0] },
    },
    {
      round: 'Group H',
      date: '2025-06-18',
      time: '21:00',
      team1: 'Real Madrid (ESP)',
      team2: 'Al Hilal (KSA)',
      score: { ft: [1, 1] },
    },
  ],
};

const CLUBS_ENG = 'Chelsea FC, 1905, @ Stamford Bridge, London\n  | Chelsea | FC Chelsea\n';

/** Writes the fixture repository under `dir/worldcup.json` and a clubs directory under `dir/clubs`. */
export function writeFixtures(dir: string): { from: string; clubs: string } {
  const from = path.join(dir, 'worldcup.json');
  writeJson(from, '2022/worldcup.json', WORLD_CUP_2022);
  writeJson(from, '1938/worldcup.json', WORLD_CUP_1938);
  writeJson(from, '2026/worldcup.json', WORLD_CUP_2026);
  writeJson(from, '2026/worldcup.squads.json', SQUADS_2026);
  writeJson(from, '2026/worldcup.quali_playoffs.json', PLAYOFFS_2026);
  writeJson(from, '2026/worldcup.groups.json', { name: 'not read', groups: [] });
  writeJson(from, '2025/clubworldcup.json', CLUB_WORLD_CUP_2025);
  const clubs = path.join(dir, 'clubs');
  fs.mkdirSync(path.join(clubs, 'europe/england'), { recursive: true });
  fs.writeFileSync(path.join(clubs, 'europe/england/eng.clubs.txt'), CLUBS_ENG);
  return { from, clubs };
}
