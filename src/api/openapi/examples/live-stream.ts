import type { ExampleBodies } from './example-bodies.js';

/** The stream token route (the stream's own example is its text, in the route's schema). */
export const LIVE_STREAM_EXAMPLES: ExampleBodies = {
  '/football/live/stream-tokens': {
    '200': {
      data: {
        token:
          'st1.eyJrIjoia2V5X0c5d0VYdDZkQlI4WiIsImYiOiJtOm1hdGNoXzBhN2ZqMmhrYzNxNWVyOXQiLCJlIjoxNzk1NDk5NDM2fQ.' +
          'vS0u7d8m2o4m0n4v7Q1kq2hJYvXyZ0wq3N6pQ8d1s5E',
        expires_at: '2026-11-24T19:10:36.000Z',
        expires_in_seconds: 60,
        match_id: 'match_0a7fj2hkc3q5er9t',
        competition_id: null,
        stream_url:
          '/api/v1/football/live/stream?match_id=match_0a7fj2hkc3q5er9t&token=st1.eyJrIjoia2V5X0c5d0VYdDZkQlI4WiIsImYiOiJtOm1hdGNoXzBhN2ZqMmhrYzNxNWVyOXQiLCJlIjoxNzk1NDk5NDM2fQ.vS0u7d8m2o4m0n4v7Q1kq2hJYvXyZ0wq3N6pQ8d1s5E',
      },
    },
  },
};
