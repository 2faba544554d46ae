import type { ExampleBodies } from './example-bodies.js';

/** The match list, one match, and the change feed. Real answers, arrays cut to their first items. */
export const MATCH_EXAMPLES: ExampleBodies = {
  '/football/matches': {
    '200': {
      data: [
        {
          id: 'match_ttwzzmd6mf165na1',
          competition: {
            id: 'comp_bppdyv7y9kmm64w2',
            name: 'English Premier League',
          },
          season: {
            id: 'season_acbbwtg1nxsh0nry',
            name: '2024/25',
          },
          starts_at: '2025-05-25T15:00:00Z',
          starts_at_precision: 'datetime',
          round: 'Matchday 38',
          status: 'finished',
          home_team: {
            id: 'team_6ft1qc4y7djcbyas',
            name: 'AFC Bournemouth',
            logo_url: null,
            score: 2,
          },
          away_team: {
            id: 'team_zex1ztndzpr9jj06',
            name: 'Leicester City FC',
            logo_url: null,
            score: 0,
          },
          venue: null,
          updated_at: '2026-11-24T05:45:41.183Z',
        },
        {
          id: 'match_r590jc4msk8c2gmk',
          competition: {
            id: 'comp_bppdyv7y9kmm64w2',
            name: 'English Premier League',
          },
          season: {
            id: 'season_acbbwtg1nxsh0nry',
            name: '2024/25',
          },
          starts_at: '2025-05-25T15:00:00Z',
          starts_at_precision: 'datetime',
          round: 'Matchday 38',
          status: 'finished',
          home_team: {
            id: 'team_z9w86sgsq0r0sw4m',
            name: 'Tottenham Hotspur FC',
            logo_url: null,
            score: 1,
          },
          away_team: {
            id: 'team_t90x5qvw1gte6ecn',
            name: 'Brighton & Hove Albion FC',
            logo_url: null,
            score: 4,
          },
          venue: null,
          updated_at: '2026-11-24T05:45:41.183Z',
        },
      ],
      meta: {
        page: 1,
        limit: 2,
        request_id: 'a5929df9-05a2-4f73-a63f-000000000017',
        has_more: true,
      },
    },
  },
  '/football/matches/{match_id}': {
    '200': {
      data: {
        id: 'match_e2m45p796rv8v5pv',
        competition: {
          id: 'comp_2web40kt54ta4erg',
          name: 'FIFA World Cup',
        },
        season: {
          id: 'season_ad1aek6gk2w66rzt',
          name: '2022',
        },
        starts_at: '2022-12-18T15:00:00Z',
        starts_at_precision: 'datetime',
        round: 'Final',
        status: 'finished',
        home_team: {
          id: 'team_prsvwme7e4s57wr5',
          name: 'Argentina',
          logo_url: null,
          score: 3,
        },
        away_team: {
          id: 'team_j3pypcfd28rpg633',
          name: 'France',
          logo_url: null,
          score: 3,
        },
        venue: {
          name: 'Lusail Stadium',
          city: 'Lusail',
          country: 'Qatar',
          neutral: true,
        },
        updated_at: '2026-11-24T05:45:41.833Z',
      },
    },
  },
  '/football/changes': {
    '200': {
      data: [
        {
          type: 'season',
          id: 'season_acbbwtg1nxsh0nry',
          removed: false,
          replaced_by: null,
          record: {
            id: 'season_acbbwtg1nxsh0nry',
            name: '2024/25',
            starts_on: '2024-08-16',
            ends_on: '2025-05-25',
            is_current: false,
            team_count: 20,
            match_count: 380,
          },
        },
        {
          type: 'team',
          id: 'team_cj3xtyp23c1xbnap',
          removed: false,
          replaced_by: null,
          record: {
            id: 'team_cj3xtyp23c1xbnap',
            slug: 'manchester-united-fc',
            name: 'Manchester United FC',
            short_name: null,
            country_name: 'England',
            country_code: 'GB',
            logo_url: null,
          },
        },
        {
          type: 'match',
          id: 'match_2m0kq8cz41bfw7xd',
          removed: true,
          replaced_by: 'match_9tq3ak1y0zre5nhu',
          record: null,
        },
      ],
      meta: {
        next: 'YzEuMw',
        has_more: true,
        latest: 'YzEuMzA3NA',
        request_id: 'a5929df9-05a2-4f73-a63f-000000000019',
      },
    },
  },
};
