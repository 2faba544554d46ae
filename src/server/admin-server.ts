import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { Logger } from 'pino';
import { bearerToken } from '../auth/bearer-token.js';
import type { AdminListenerConfig, Config } from '../config/config.js';
import { DEFAULT_LIVE_BATCH, type LiveBatchConfig } from '../config/live-batch-config.js';
import { applyLines, applyOrRefuse } from '../live/apply-stream.js';
import { boundedLines, countLines } from '../live/line-reader.js';
import { summarisingRejections } from '../live/rejection-summary.js';
import { slicePacer } from '../live/slice-pacer.js';
import { VerdictSummary, type BatchAnswer } from '../live/verdict-summary.js';
import type { Verdict } from '../live/verdict.js';
import { openStorage, type Storage } from '../storage/connection.js';
import type { LiveEventRow } from '../storage/repositories/live-event.repository.js';
import { pruneLiveRejections } from '../storage/repositories/live-rejection.repository.js';

/** The one route: live match updates (docs/live-updates.md, "Admin listener"). */
export const LIVE_UPDATES_PATH = '/admin/v1/live/updates';
/** The largest request body accepted by default; a larger one is refused whole (413) before anything is applied. */
export const ADMIN_BODY_LIMIT_BYTES = DEFAULT_LIVE_BATCH.maxBatchBytes;
const DAY_MS = 86_400_000;
/** The actor the updates applied through the listener are recorded under. */
export const ADMIN_ACTOR = 'admin';
/** How long an update waits for SQLite's write lock (an ingestion holds it for its whole run). */
const WRITE_LOCK_WAIT_MS = 30_000;
const REALM = 'Bearer realm="touchline-admin"';
const JSON_TYPE = 'application/json; charset=utf-8';
const MEDIA_TYPES = ['application/x-ndjson', 'application/json'];

export interface AdminServerOptions extends AdminListenerConfig {
  /** Opened by the caller with `writeLock` on SQLite (startAdminListener does). */
  storage: Storage;
  log?: Logger;
  /** Called after each applied update has committed (the live stream's bus). */
  onApplied?: (row: LiveEventRow) => void;
  clock?: () => Date;
  bodyLimitBytes?: number;
  /** The most updates one request may hold (413 past it); TOUCHLINE_ADMIN_MAX_BATCH_UPDATES. */
  maxBatchUpdates?: number;
  /** How long the rejections log keeps its rows, pruned after each request; the defaults without it. */
  retention?: Pick<LiveBatchConfig, 'rejectionsKeep' | 'rejectionsMaxAgeDays'>;
}

export interface AdminListener {
  url: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function sendError(res: http.ServerResponse, error: HttpError): void {
  const body = { error: { code: error.code, message: error.message, details: error.details } };
  send(res, error.status, body, error.headers);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Checks `Authorization: Bearer <token>` against the listener's token, in constant time. */
function authenticate(req: http.IncomingMessage, expected: Buffer): void {
  const given = bearerToken(req.headers.authorization);
  if (given === undefined) {
    throw new HttpError(
      401,
      'invalid_token',
      'Send Authorization: Bearer <TOUCHLINE_ADMIN_TOKEN>.',
      {},
      {
        'www-authenticate': REALM,
      },
    );
  }
  // Digests of equal length, so neither the comparison nor its length check tells anything of the token.
  if (!timingSafeEqual(digest(given), expected)) {
    throw new HttpError(
      401,
      'invalid_token',
      'The admin token is not the one configured.',
      {},
      {
        'www-authenticate': `${REALM}, error="invalid_token"`,
      },
    );
  }
}

function mediaType(req: http.IncomingMessage): string {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!MEDIA_TYPES.includes(type)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send application/x-ndjson (one update per line) or application/json (an update or an array).',
      { content_type: req.headers['content-type'] ?? null, accepted: MEDIA_TYPES },
    );
  }
  return type;
}

const tooLarge = (limit: number) =>
  new HttpError(413, 'payload_too_large', `A request body may hold ${limit} bytes at most.`, {
    limit_bytes: limit,
  });

const tooMany = (limit: number, updates: number) =>
  new HttpError(
    413,
    'payload_too_large',
    `A request may hold ${limit} updates at most; this one holds ${updates}. Send them in smaller batches.`,
    { limit_updates: limit, updates },
  );

/** The request body, refused (413) past `limit` bytes without reading the rest of it. */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(Buffer.concat(parts, size));
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle(tooLarge(limit));
        return;
      }
      parts.push(chunk);
    });
    req.on('end', () => settle());
    req.on('error', (error) => settle(error));
  });
}

/** A request's updates, counted before any is applied, and how to apply them. */
interface Batch {
  updates: number;
  apply: () => Promise<BatchAnswer<Verdict>>;
}

async function* once(body: Buffer) {
  yield body;
}

/**
 * Starts the admin listener: `POST /admin/v1/live/updates` with the admin token, an NDJSON body (one
 * update per line: a bad line is that update's rejection, the rest go on) or a JSON one (an update or an
 * array of them), answered 200 with one verdict per update, in order. Updates are applied one at a time,
 * across requests too, in the order they arrive. API keys are never looked at: only the configured token
 * opens it.
 */
export async function startAdminServer(options: AdminServerOptions): Promise<AdminListener> {
  const { storage, log, onApplied, clock = () => new Date() } = options;
  const limit = options.bodyLimitBytes ?? ADMIN_BODY_LIMIT_BYTES;
  const maxUpdates = options.maxBatchUpdates ?? DEFAULT_LIVE_BATCH.maxBatchUpdates;
  const retention = options.retention ?? DEFAULT_LIVE_BATCH;
  const expected = digest(options.token);
  // Updates apply in the order they arrive, whichever request brings them.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => undefined);
    return turn;
  };

  /** An NDJSON body: its updates counted, and how to apply them (slices of SLICE_MS, slice-pacer.ts). */
  const ndjsonBatch = (body: Buffer): Batch => ({
    updates: countLines(body),
    apply: async () => {
      const summary = new VerdictSummary<Verdict & { line: number }>((v) => v.line);
      await applyLines(storage, boundedLines(once(body)), ADMIN_ACTOR, (v) => summary.add(v), {
        clock,
        onApplied,
      });
      return summary.answer();
    },
  });

  /** A JSON body (an update or an array of them), parsed, and how to apply it. */
  const jsonBatch = (body: Buffer): Batch => {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch (error) {
      throw new HttpError(400, 'malformed_request', `The body is not JSON: ${(error as Error).message}`);
    }
    if (typeof value !== 'object' || value === null) {
      throw new HttpError(400, 'malformed_request', 'The body must be an update or an array of updates.');
    }
    const updates: unknown[] = Array.isArray(value) ? value : [value];
    return {
      updates: updates.length,
      apply: async () => {
        const summary = new VerdictSummary<Verdict & { index: number }>((v) => v.index);
        const pace = slicePacer();
        for (const [index, update] of updates.entries()) {
          summary.add({
            index,
            ...(await applyOrRefuse(storage, update, ADMIN_ACTOR, clock(), { onApplied })),
          });
          await pace();
        }
        return summary.answer();
      },
    };
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== LIVE_UPDATES_PATH) {
      throw new HttpError(404, 'not_found', `The admin listener answers POST ${LIVE_UPDATES_PATH} only.`);
    }
    if (req.method !== 'POST') {
      throw new HttpError(
        405,
        'method_not_allowed',
        'Live updates are sent with POST.',
        {},
        { allow: 'POST' },
      );
    }
    authenticate(req, expected);
    const type = mediaType(req);
    const body = await readBody(req, limit);
    // Parsed and counted before anything is applied: a refused batch applies nothing.
    const work = type === 'application/x-ndjson' ? ndjsonBatch(body) : jsonBatch(body);
    if (work.updates > maxUpdates) throw tooMany(maxUpdates, work.updates);
    const answer = await inTurn(() => summarisingRejections(storage.db, work.apply));
    log?.info({ actor: ADMIN_ACTOR, ...answer.meta.outcomes }, 'live updates received');
    send(res, 200, answer);
    // The log stays within its retention whoever adds to it; a failure to prune is only noted.
    void inTurn(() =>
      pruneLiveRejections(
        storage.db,
        {
          keep: retention.rejectionsKeep,
          before: new Date(clock().getTime() - retention.rejectionsMaxAgeDays * DAY_MS),
        },
        slicePacer(),
      ),
    ).catch((error: unknown) => log?.warn({ err: error }, 'the rejections log could not be pruned'));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return;
      if (error instanceof HttpError) {
        // A refused body is not read to its end: the connection closes after the answer.
        if (error.status === 413) res.setHeader('connection', 'close');
        sendError(res, error);
        if (error.status === 413) res.on('finish', () => req.destroy());
        return;
      }
      log?.error({ err: error }, 'admin listener failed');
      sendError(res, new HttpError(500, 'internal_error', 'The updates could not be handled.'));
    });
  });
  server.requestTimeout = 60_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The admin listener of `serve`, when the configuration asks for one (TOUCHLINE_ADMIN_PORT): on a
 * database connection of its own (on SQLite, one that waits for the write lock), closed with it.
 */
export async function startAdminListener(
  config: Readonly<Config>,
  log: Logger,
  options: { onApplied?: (row: LiveEventRow) => void } = {},
): Promise<AdminListener | undefined> {
  if (!config.admin) return undefined;
  const storage = openStorage(config.databaseUrl, {
    create: false,
    writeLock: { waitMs: WRITE_LOCK_WAIT_MS },
  });
  try {
    const { liveBatch } = config;
    const listener = await startAdminServer({
      ...config.admin,
      storage,
      log,
      onApplied: options.onApplied,
      bodyLimitBytes: liveBatch.maxBatchBytes,
      maxBatchUpdates: liveBatch.maxBatchUpdates,
      retention: liveBatch,
    });
    log.info({ url: `${listener.url}${LIVE_UPDATES_PATH}` }, 'admin listener started');
    return {
      url: listener.url,
      close: async () => {
        await listener.close();
        await storage.close();
      },
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}
