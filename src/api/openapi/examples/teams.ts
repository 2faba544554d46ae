import type { ExampleBodies } from './example-bodies.js';

/** Teams and their sub-resources. Real answers, arrays cut to their first items. */
export const TEAM_EXAMPLES: ExampleBodies = {
  '/football/teams': {
    '200': {
      data: [
        {
          id: 'team_prsvwme7e4s57wr5',
          slug: 'argentina',
          name: 'Argentina',
          short_name: null,
          country_name: 'Argentina',
          country_code: 'AR',
          logo_url: null,
        },
        {
          id: 'team_936fa0d9majq3twp',
          slug: 'argentina-women',
          name: 'Argentina (women)',
          short_name: null,
          country_name: 'Argentina',
          country_code: 'AR',
          logo_url: null,
        },
      ],
      meta: {
        page: 1,
        limit: 2,
        request_id: 'a5929df9-05a2-4f73-a63f-00000000000c',
        has_more: false,
        total: 2,
      },
    },
  },
  '/football/teams/{team_id}': {
    '200': {
      data: {
        id: 'team_prsvwme7e4s57wr5',
        slug: 'argentina',
        name: 'Argentina',
        short_name: null,
        country_name: 'Argentina',
        country_code: 'AR',
        logo_url: null,
      },
    },
  },
  '/football/teams/{team_id}/players': {
    '200': {
      data: [
        {
          id: 'player_f1z884cjyjs7tb72',
          name: 'Juan Musso',
          shirt_number: 1,
          position: 'Goalkeeper',
          season: {
            id: 'season_kj30ygvw6yq5r0qz',
            name: '2026',
          },
        },
        {
          id: 'player_20qqct93q9t465k1',
          name: 'Marcos Nicolás Senesi Baron',
          shirt_number: 2,
          position: 'Midfielder',
          season: {
            id: 'season_kj30ygvw6yq5r0qz',
            name: '2026',
          },
        },
      ],
      meta: {
        count: 2,
      },
      coverage: {
        squad_available: true,
      },
      attribution: [
        {
          source: 'openfootball/worldcup.json',
          notice: 'openfootball worldcup.json',
          license: 'CC0 1.0',
          license_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
          source_url: 'https://github.com/openfootball/worldcup.json',
        },
      ],
    },
  },
  '/football/teams/{team_id}/standings': {
    '200': {
      data: {
        team: {
          id: 'team_prsvwme7e4s57wr5',
          name: 'Argentina',
        },
        coverage: {
          standings_available: true,
        },
        attribution: [
          {
            source: 'openfootball/worldcup.json',
            notice: 'openfootball worldcup.json',
            license: 'CC0 1.0',
            license_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
            source_url: 'https://github.com/openfootball/worldcup.json',
          },
        ],
        rows: [
          {
            position: 1,
            group: 'Group J',
            team: {
              id: 'team_prsvwme7e4s57wr5',
              name: 'Argentina',
            },
            played: 3,
            won: 3,
            drawn: 0,
            lost: 0,
            goals_for: 8,
            goals_against: 1,
            goal_difference: 7,
            points: 9,
            form: 'WWW',
            description: null,
            competition: {
              id: 'comp_2web40kt54ta4erg',
              name: 'FIFA World Cup',
            },
            season: {
              id: 'season_kj30ygvw6yq5r0qz',
              name: '2026',
            },
            basis: 'computed',
          },
        ],
      },
    },
  },
  '/football/teams/{team_id}/injuries-suspensions': {
    '200': {
      data: [],
      meta: {
        count: 0,
      },
      coverage: {
        injuries_available: false,
      },
    },
  },
};
