import { Type } from '@sinclair/typebox';
import type { Plan } from '../../config/plans.js';
import { Nullable } from '../schemas/common.js';
import { ApiError } from '../errors/catalogue.js';

/** What a client's EventSource waits before reconnecting, sent as the stream's `retry:` field (ms). */
export const RETRY_MS = 2000;
/** A client refused for its open streams may try again after this (s): a stream ends when its client leaves. */
const STREAMS_RETRY_AFTER_S = 5;

/** A stream refused because this process serves all it may: try again shortly, or another instance (s). */
const FULL_RETRY_AFTER_S = 5;

/**
 * Streams a key may hold open at once: as many as it may open in a minute (its plan's per-minute limit),
 * so that a plan's streams grow with what it pays for and a key cannot hold more than its plan lets it
 * open in a minute, minute after minute; never more than `maxPerKey` (TOUCHLINE_STREAM_MAX_PER_KEY), so
 * that what one key's streams hold stays within what the operator allows (docs/live-stream.md).
 */
export function streamsAllowed(plan: Plan, maxPerKey: number): number {
  return Math.min(plan.requestsPerMinute, maxPerKey);
}

/**
 * 503: this process holds the streams it may (TOUCHLINE_STREAM_MAX_PER_WORKER). The server's limit, not
 * the key's: behind a load balancer the client's next try may reach another instance.
 */
export function streamsFull(limit: number): ApiError {
  return new ApiError(
    'service_unavailable',
    `This server holds the ${limit} streams it serves at once; try again shortly.`,
    { limit: 'streams_per_worker', limit_value: limit, retry_after_seconds: FULL_RETRY_AFTER_S },
    { 'retry-after': String(FULL_RETRY_AFTER_S) },
  );
}

/** The 429 of a stream refused because its key holds all the streams its plan allows. */
export function streamsLimited(limit: number): ApiError {
  return new ApiError(
    'rate_limit',
    `This key holds the ${limit} streams its plan allows at once; close one first.`,
    { limit: 'streams', limit_value: limit, retry_after_seconds: STREAMS_RETRY_AFTER_S },
    { 'retry-after': String(STREAMS_RETRY_AFTER_S) },
  );
}

/** 503: the log or the stream slots cannot be reached. */
export function streamsUnavailable(what: string, requestId: string): ApiError {
  return new ApiError(
    'service_unavailable',
    `The ${what} cannot be reached; try again shortly.`,
    { request_id: requestId },
    { 'retry-after': '1' },
  );
}

/** The headers of a stream, besides those admission and CORS set on every answer. */
export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // Proxies that buffer answers (nginx) would hold events back.
  'x-accel-buffering': 'no',
  // One stream per connection: when it ends, so does the connection, and nothing idles to be cut.
  connection: 'close',
};

export const StreamToken = Type.Object({
  data: Type.Object({
    token: Type.String({ description: 'Pass as ?token= to GET /football/live/stream' }),
    expires_at: Type.String({ format: 'date-time', description: 'After this, the token opens no stream' }),
    expires_in_seconds: Type.Integer({ minimum: 0 }),
    match_id: Nullable(Type.String()),
    competition_id: Nullable(Type.String()),
    stream_url: Type.String({
      description: 'The stream this token opens, with the token: give it to EventSource as it is',
    }),
  }),
});

export const STREAM_EXAMPLE =
  'retry: 2000\n\n' +
  'id: 42\nevent: update\ndata: {"match_id":"match_…","competition_id":"comp_…","score":{"from":{"home":0,' +
  '"away":0},"to":{"home":1,"away":0}},"correction":false,"state":{"status":"live","home_score":1,' +
  '"away_score":0,"score":{"half_time":null,"full_time":null,"extra_time":null,"penalties":null},' +
  '"winner":null,"decided_by":null,"aggregate":null,"updated_at":"2026-11-24T19:12:03.000Z"}}\n\n' +
  ':\n\n';
