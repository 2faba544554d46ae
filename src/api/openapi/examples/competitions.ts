import type { ExampleBodies } from './example-bodies.js';

/** Competitions, their seasons and tables. Real answers, arrays cut to their first items. */
export const COMPETITION_EXAMPLES: ExampleBodies = {
  '/football/competitions': {
    '200': {
      data: [
        {
          id: 'comp_bppdyv7y9kmm64w2',
          slug: 'english-premier-league',
          name: 'English Premier League',
          country: {
            name: 'England',
            code: 'GB',
          },
          confederation: null,
          type: 'league',
          gender: 'men',
          logo_url: null,
          season_count: 1,
        },
        {
          id: 'comp_6zdb8mtnj2h727mc',
          slug: 'fifa-club-world-cup',
          name: 'FIFA Club World Cup',
          country: {
            name: null,
            code: null,
          },
          confederation: 'FIFA',
          type: 'tournament',
          gender: 'men',
          logo_url: null,
          season_count: 1,
        },
      ],
      meta: {
        page: 1,
        limit: 2,
        request_id: 'a5929df9-05a2-4f73-a63f-000000000006',
        has_more: true,
        total: 5,
      },
    },
  },
  '/football/competitions/{competition_id}': {
    '200': {
      data: {
        id: 'comp_2web40kt54ta4erg',
        slug: 'fifa-world-cup',
        name: 'FIFA World Cup',
        country: {
          name: null,
          code: null,
        },
        confederation: 'FIFA',
        type: 'tournament',
        gender: 'men',
        logo_url: null,
        season_count: 23,
      },
    },
  },
  '/football/competitions/{competition_id}/seasons': {
    '200': {
      data: [
        {
          id: 'season_kj30ygvw6yq5r0qz',
          name: '2026',
          starts_on: '2026-06-11',
          ends_on: '2026-07-19',
          is_current: false,
          team_count: 48,
          match_count: 104,
        },
        {
          id: 'season_ad1aek6gk2w66rzt',
          name: '2022',
          starts_on: '2022-11-20',
          ends_on: '2022-12-18',
          is_current: false,
          team_count: 32,
          match_count: 64,
        },
      ],
      meta: {
        count: 2,
      },
    },
  },
  '/football/competitions/{competition_id}/seasons/{season_id}/standings': {
    '200': {
      data: {
        competition: {
          id: 'comp_2web40kt54ta4erg',
          name: 'FIFA World Cup',
        },
        season: {
          id: 'season_ad1aek6gk2w66rzt',
          name: '2022',
        },
        coverage: {
          standings_available: true,
        },
        basis: 'published',
        rules: null,
        adjustments: [],
        attribution: [
          {
            source: 'fjelstul/worldcup',
            notice: 'The Fjelstul World Cup Database, © 2023 Joshua C. Fjelstul, Ph.D.',
            license: 'CC-BY-SA 4.0',
            license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
            source_url: 'https://github.com/jfjelstul/worldcup',
          },
        ],
        rows: [
          {
            position: 1,
            group: 'Group A',
            team: {
              id: 'team_3agf6mjjcn5r07wr',
              name: 'Netherlands',
            },
            played: 3,
            won: 2,
            drawn: 1,
            lost: 0,
            goals_for: 5,
            goals_against: 1,
            goal_difference: 4,
            points: 7,
            form: null,
            description: 'advanced',
          },
          {
            position: 2,
            group: 'Group A',
            team: {
              id: 'team_p375m508r6v7scjf',
              name: 'Senegal',
            },
            played: 3,
            won: 2,
            drawn: 0,
            lost: 1,
            goals_for: 5,
            goals_against: 4,
            goal_difference: 1,
            points: 6,
            form: null,
            description: 'advanced',
          },
        ],
      },
    },
  },
};
