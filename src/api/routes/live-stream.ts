import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admission } from '../../auth/admission.js';
import { liveEventOf, type StreamFilter } from '../../stream/live-event.js';
import type { LiveStreams } from '../../stream/live-feed.js';
import { liveEventsAfter } from '../../storage/repositories/live-event.repository.js';
import { SseStream } from '../../stream/sse-stream.js';
import type { ReleaseSlot } from '../../stream/stream-slots.js';
import { issueStreamToken, STREAM_TOKEN_SECONDS } from '../../stream/stream-token.js';
import type { OnAnswered } from '../answered-request.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { OpenStreams } from '../stream/open-streams.js';
import { StreamKeys, type KeyCheck } from '../stream/stream-keys.js';
import {
  RETRY_MS,
  STREAM_EXAMPLE,
  STREAM_HEADERS,
  StreamToken,
  streamsAllowed,
  streamsFull,
  streamsLimited,
  streamsUnavailable,
} from '../stream/stream-answers.js';
import {
  checkFilterExists,
  filterOf,
  resumeAfter,
  StreamQuery,
  StreamTokenQuery,
} from '../stream/stream-query.js';
import { keyById, streamTokenIdentity } from '../stream/token-identity.js';

export interface LiveStreamDeps extends RouteDeps {
  live: LiveStreams;
  admission: Admission;
  /** The access log and metrics: a stream is reported when it ends, with its duration and bytes. */
  onAnswered?: OnAnswered;
}

const STREAM_PATH = '/football/live/stream';

const STREAM_DESCRIPTION =
  'Server-Sent Events: each live update applied to a match, as it is applied (`id: <event ID>`, ' +
  '`event: update`, `data: <what changed, JSON>`), a comment line when nothing else is sent for a while (15 s by default), and ' +
  '`retry: 2000`. Resume with the Last-Event-ID header (EventSource sends it when it reconnects) or ' +
  'last_event_id. Without match_id or competition_id: every live event of the dataset. Opening a stream ' +
  'counts one request; its events count nothing. A key holds at most its plan’s per-minute limit of ' +
  'streams at once (429, details.limit "streams"). Browsers, whose EventSource sends no header, pass a ' +
  'token from POST /football/live/stream-tokens as ?token=. See docs/live-stream.md.';

/** The query of the URL a token opens, with the token last. */
function streamUrl(prefix: string, filter: StreamFilter, token: string): string {
  const query = new URLSearchParams();
  if (filter.matchId !== undefined) query.set('match_id', filter.matchId);
  if (filter.competitionId !== undefined) query.set('competition_id', filter.competitionId);
  query.set('token', token);
  return `${prefix}${STREAM_PATH}?${query.toString()}`;
}

/**
 * The live stream (GET /football/live/stream) and the tokens browsers open it with (POST
 * /football/live/stream-tokens). Admission is every route's: the stream's token is one more way to
 * identify the key (token-identity.ts), then the request is counted as any other; the stream slot is
 * taken after that, like the route's own 404.
 */
export const liveStreamRoutes: FastifyPluginAsyncTypebox<LiveStreamDeps> = async (app, deps) => {
  const { live, storage } = deps;
  const streams = new OpenStreams(live.heartbeatMs);
  const keys = new StreamKeys();
  /** Streams admitted and not yet open (waiting for their slot or the log): counted against the process's. */
  let opening = 0;
  app.decorateRequest('streamed', false);
  app.addHook('preClose', async () => {
    keys.close();
    streams.close();
  });
  const prefix = app.prefix;

  app.get(
    STREAM_PATH,
    {
      config: { identify: streamTokenIdentity(deps.admission, storage, live.tokenSecret) },
      schema: {
        summary: 'Live updates as they are applied: Server-Sent Events',
        description: STREAM_DESCRIPTION,
        tags: ['live'],
        querystring: StreamQuery,
        response: {
          200: {
            description:
              'The event stream (text/event-stream); it lasts until the client or the server ends it.',
            content: { 'text/event-stream': { schema: { type: 'string' }, example: STREAM_EXAMPLE } },
          },
          ...errorResponses(401, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      const after = resumeAfter(request);
      await checkFilterExists(storage, filter);
      if (request.method === 'HEAD') return reply.headers(STREAM_HEADERS).send();
      if (streams.closed) throw streamsUnavailable('stream service (shutting down)', request.id);
      if (streams.size + opening >= live.maxStreamsPerWorker) throw streamsFull(live.maxStreamsPerWorker);
      opening += 1;
      try {
        const release = await takeSlot(request);
        openStream(request, reply, filter, after, release);
      } finally {
        opening -= 1;
      }
    },
  );

  /** The key's stream slot, once the log is known: 429 when the key holds all it may, 503 when unknown. */
  async function takeSlot(request: FastifyRequest): Promise<ReleaseSlot> {
    const admitted = request.admitted!;
    const limit = streamsAllowed(admitted.plan, live.maxStreamsPerKey);
    let release: ReleaseSlot | undefined;
    try {
      release = await live.slots.acquire(admitted.key.id, limit);
    } catch {
      throw streamsUnavailable('stream counters', request.id);
    }
    if (!release) throw streamsLimited(limit);
    try {
      await live.hub.ready();
    } catch {
      release();
      throw streamsUnavailable('live event log', request.id);
    }
    return release;
  }

  /**
   * How a stream's key is judged again while it lasts (stream-keys.ts), as the request that opened it
   * was: by the key sent, through the directory every request goes through, or by the key its token
   * names. Returns the credential its streams are grouped by.
   */
  function keyCheckOf(request: FastifyRequest): [string, KeyCheck] {
    const { authorization } = request.headers;
    if (authorization !== undefined) {
      return [`key ${authorization}`, async (now) => deps.admission.identify(authorization, now)];
    }
    const keyId = request.admitted!.key.id;
    return [`id ${keyId}`, (now) => keyById(deps.admission, storage, keyId, now)];
  }

  function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    filter: StreamFilter,
    after: number | undefined,
    release: ReleaseSlot,
  ): void {
    const started = performance.now();
    reply.hijack();
    request.streamed = true;
    const res = reply.raw;
    let unsubscribe = () => undefined as void;
    let unwatch = () => undefined as void;
    const stream: SseStream = new SseStream(res, {
      bufferBytes: live.bufferBytes,
      stallMs: 2 * live.heartbeatMs,
      cursor: () => live.hub.cursor!,
      eventBytes: () => live.hub.meanEventBytes,
      // The hub's memory of recent events first: a wave of reconnections reads the log once, not per client.
      backlog: async (from, limit) =>
        live.hub.recentAfter(from, filter, limit) ??
        (await liveEventsAfter(storage.db, { after: from, limit, ...filter })).map(liveEventOf),
      onEnd: () => {
        unsubscribe();
        unwatch();
        release();
        streams.remove(stream);
        deps.onAnswered?.({
          route: request.routeOptions.url ?? STREAM_PATH,
          method: request.method,
          url: request.url,
          status: 200,
          seconds: (performance.now() - started) / 1000,
          keyId: request.apiKey?.id ?? null,
          requestId: request.id,
          bytes: stream.bytes,
        });
      },
    });
    // What admission, CORS and the request ID set on the reply, which a hijacked reply does not send.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.writeHead(200, STREAM_HEADERS);
    stream.retry(RETRY_MS);
    // Subscribed and started in one step: what the hub publishes from the cursor on waits in the stream.
    unsubscribe = live.hub.subscribe(filter, stream);
    streams.add(stream);
    const [credential, check] = keyCheckOf(request);
    unwatch = keys.watch(credential, check, stream);
    stream.start(after).catch(() => stream.end());
  }

  app.post(
    '/football/live/stream-tokens',
    {
      schema: {
        summary: 'A short-lived token that opens one live stream from a browser',
        description:
          `For EventSource, which cannot send the Authorization header: the token opens streams of this ` +
          `filter (match_id, competition_id, or neither for every event) for this key for ` +
          `${STREAM_TOKEN_SECONDS} s, passed as ?token= (stream_url has it). It opens nothing else, and a ` +
          `key revoked or deactivated meanwhile opens nothing with it. Counted as one request. Never ` +
          `cached (Cache-Control: no-store).`,
        tags: ['live'],
        querystring: StreamTokenQuery,
        response: { 200: StreamToken, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      await checkFilterExists(storage, filter);
      const expires = Math.floor(Date.now() / 1000) + STREAM_TOKEN_SECONDS;
      const token = issueStreamToken(live.tokenSecret, {
        keyId: request.admitted!.key.id,
        filter,
        expires,
      });
      reply.header('cache-control', 'no-store');
      return {
        data: {
          token,
          expires_at: new Date(expires * 1000).toISOString(),
          expires_in_seconds: STREAM_TOKEN_SECONDS,
          match_id: filter.matchId ?? null,
          competition_id: filter.competitionId ?? null,
          stream_url: streamUrl(prefix, filter, token),
        },
      };
    },
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered by a stream, which reports itself when it ends (the app's onResponse leaves it be). */
    streamed: boolean;
  }
}
