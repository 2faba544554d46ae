import type { ExampleBodies } from './example-bodies.js';

/** The platform and coverage routes, and the caller's account. Real answers, arrays cut to their first items. */
export const PLATFORM_EXAMPLES: ExampleBodies = {
  '/health': {
    '200': {
      status: 'ok',
      version: 'v1',
      time: '2026-11-24T05:45:58.317Z',
      checks: {
        database: true,
        cache: true,
      },
    },
    '503': {
      status: 'degraded',
      version: 'v1',
      time: '2026-11-24T05:45:58.317Z',
      checks: {
        database: false,
        cache: true,
      },
    },
  },
  '/account': {
    '200': {
      data: {
        key: {
          id: 'key_G9wEXt6dBR8Z',
          name: 'my app',
          prefix: 'test_8CkA',
          kind: 'test',
          environment: 'development',
          created_at: '2026-11-24T05:45:58.037Z',
          expires_at: null,
        },
        plan: {
          name: 'development',
          description: 'Keys created on a development server',
        },
        rate_limit: {
          limit: 600,
          used: 1,
          remaining: 599,
          window_seconds: 60,
        },
        quota: {
          limit: 1000000,
          used: 0,
          remaining: 1000000,
          period_start: '2026-11-01T00:00:00.000Z',
          period_end: '2026-12-01T00:00:00.000Z',
          reset_seconds: 584042,
        },
      },
    },
  },
  '/coverage/summary': {
    '200': {
      data: {
        competitions: 5,
        seasons: 34,
        teams: 180,
        matches: 1813,
        completed_matches: 1812,
        last_success_at: '2026-11-24T05:45:43.601Z',
        artifact_retrieved_at: '2026-11-24T05:45:43.432Z',
        records_seen: 1140,
        source_updated_at: null,
        freshness_guaranteed: false,
        sources: [
          {
            source: 'fjelstul',
            artifact_sha256: 'b362d740dca4f184063c191b2f9741027d7a7ec2e75ce6dd705d402402ebf078',
            last_success_at: '2026-11-24T05:45:43.311Z',
            artifact_retrieved_at: '2026-11-24T05:45:41.834Z',
            records_seen: 73609,
            source_updated_at: null,
            freshness_guaranteed: false,
            last_checked_at: '2026-11-24T05:45:43.311Z',
            last_attempt_at: '2026-11-24T05:45:43.311Z',
            last_outcome: 'succeeded',
            consecutive_failures: 0,
            attribution: {
              source: 'fjelstul/worldcup',
              notice: 'The Fjelstul World Cup Database, © 2023 Joshua C. Fjelstul, Ph.D.',
              license: 'CC-BY-SA 4.0',
              license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
              source_url: 'https://github.com/jfjelstul/worldcup',
            },
          },
        ],
      },
    },
  },
  '/coverage/leagues': {
    '200': {
      data: [
        {
          competition: {
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
          available: {
            fixtures: true,
            results: true,
            teams: true,
            standings: true,
            players: false,
            live: false,
            odds: false,
            statistics: true,
            lineups: false,
            timeline: false,
          },
        },
        {
          competition: {
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
          available: {
            fixtures: true,
            results: true,
            teams: true,
            standings: true,
            players: false,
            live: false,
            odds: false,
            statistics: false,
            lineups: false,
            timeline: false,
          },
        },
      ],
      meta: {
        page: 1,
        limit: 2,
        request_id: 'a5929df9-05a2-4f73-a63f-000000000004',
        has_more: true,
        total: 5,
      },
    },
  },
  '/coverage/leagues/{competition_id}': {
    '200': {
      data: {
        competition: {
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
        seasons: [
          {
            id: 'season_kj30ygvw6yq5r0qz',
            name: '2026',
            starts_on: '2026-06-11',
            ends_on: '2026-07-19',
            is_current: false,
            team_count: 48,
            match_count: 104,
          },
        ],
        available: {
          fixtures: true,
          results: true,
          teams: true,
          standings: true,
          players: true,
          live: false,
          odds: false,
          statistics: true,
          lineups: true,
          timeline: true,
        },
      },
    },
  },
};
