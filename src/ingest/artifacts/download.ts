import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { backoffDelay, sleep, type Backoff } from '../backoff.js';
import { IngestError } from '../ingest-error.js';

/** The largest artifact downloaded: the body is refused as soon as it passes this many bytes. */
export const MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024;

/** What a server said identifies the version it sent, to ask next time whether it changed since. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export interface DownloadOptions {
  /** Makes the request conditional (If-None-Match / If-Modified-Since): an unchanged artifact is a 304. */
  validators?: Validators | null;
  maxBytes?: number;
  /** Attempts in all, the first included (3 by default); only transient failures are tried again. */
  attempts?: number;
  /** Delay between attempts: 0.5 s, then 1 s, … up to 5 s by default, less up to a fifth at random. */
  retry?: Backoff;
  /** An attempt is abandoned (and counts as transient) after this long without a byte (60 s). */
  idleTimeoutMs?: number;
  /** Where the temporary file goes (the system's temporary folder by default). */
  tmpDir?: string;
  random?: () => number;
}

/** A body written to a temporary file: `remove()` deletes it. */
export interface Downloaded {
  status: 'downloaded';
  url: string;
  file: string;
  bytes: number;
  sha256: string;
  retrievedAt: string;
  validators: Validators;
  remove(): Promise<void>;
}

/** The server answered 304 to a conditional request: the artifact is the one the validators name. */
export interface NotModified {
  status: 'not-modified';
  url: string;
  validators: Validators;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_RETRY: Backoff = { baseMs: 500, capMs: 5000 };
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/** A Retry-After longer than this is not waited for: the attempt counts as failed. */
const MAX_RETRY_AFTER_MS = 30_000;

/** Socket-level failures a later attempt may not meet (a reset, a refused or timed-out connection). */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Why one attempt failed, and whether another may succeed. */
class AttemptFailure extends Error {
  constructor(
    readonly reason: string,
    readonly transient: boolean,
    readonly retryAfterMs = 0,
  ) {
    super(reason);
  }
}

const recorded = new AsyncLocalStorage<Map<string, Validators>>();

/**
 * Runs `work`, collecting the validators of every artifact it downloads by URL, so that the run can store
 * them for the next conditional request.
 */
export async function recordingValidators<T>(
  work: () => Promise<T>,
): Promise<{ result: T; validators: ReadonlyMap<string, Validators> }> {
  const validators = new Map<string, Validators>();
  const result = await recorded.run(validators, work);
  return { result, validators };
}

function validatorsOf(headers: Headers, fallback?: Validators | null): Validators {
  return {
    etag: headers.get('etag') ?? fallback?.etag ?? null,
    lastModified: headers.get('last-modified') ?? fallback?.lastModified ?? null,
  };
}

function networkFailure(error: unknown, timedOut: boolean, idleMs: number): AttemptFailure {
  if (timedOut) return new AttemptFailure(`no data for ${Math.round(idleMs / 1000)} s`, true);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const why = code ?? cause?.message ?? (error as Error).message;
  return new AttemptFailure(why, code !== undefined && TRANSIENT_CODES.has(code));
}

function retryAfterMs(headers: Headers): number {
  const raw = headers.get('retry-after');
  if (!raw) return 0;
  const seconds = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw) - Date.now();
  return Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
}

function size(bytes: number): string {
  const MiB = 1024 * 1024;
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}

/** One request: a 304, or the body streamed to a new temporary file. */
async function attempt(url: string, options: DownloadOptions): Promise<Downloaded | NotModified> {
  const maxBytes = options.maxBytes ?? MAX_DOWNLOAD_BYTES;
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleMs);
  };
  const headers: Record<string, string> = {};
  const given = options.validators;
  if (given?.etag) headers['if-none-match'] = given.etag;
  if (given?.lastModified) headers['if-modified-since'] = given.lastModified;

  touch();
  let dir: string | undefined;
  try {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'follow', signal: controller.signal, headers });
    } catch (error) {
      throw networkFailure(error, timedOut, idleMs);
    }
    if (response.status === 304 && (given?.etag || given?.lastModified)) {
      await response.body?.cancel().catch(() => undefined);
      return { status: 'not-modified', url, validators: validatorsOf(response.headers, given) };
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      const { status } = response;
      const transient = status >= 500 || status === 408 || status === 429;
      throw new AttemptFailure(`HTTP ${status}`, transient, retryAfterMs(response.headers));
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxBytes) throw new AttemptFailure(`larger than ${size(maxBytes)}`, false);

    dir = await fs.mkdtemp(path.join(options.tmpDir ?? os.tmpdir(), 'touchline-download-'));
    const file = path.join(dir, 'artifact');
    const hash = createHash('sha256');
    let bytes = 0;
    const handle = await fs.open(file, 'w');
    try {
      for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
        touch();
        bytes += chunk.length;
        if (bytes > maxBytes) {
          controller.abort();
          throw new AttemptFailure(`larger than ${size(maxBytes)}`, false);
        }
        hash.update(chunk);
        await handle.write(chunk);
      }
    } catch (error) {
      if (error instanceof AttemptFailure) throw error;
      throw networkFailure(error, timedOut, idleMs);
    } finally {
      await handle.close();
    }
    const folder = dir;
    dir = undefined;
    return {
      status: 'downloaded',
      url,
      file,
      bytes,
      sha256: hash.digest('hex'),
      retrievedAt: new Date().toISOString(),
      validators: validatorsOf(response.headers),
      remove: () => fs.rm(folder, { recursive: true, force: true }),
    };
  } finally {
    clearTimeout(timer);
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Downloads `url` into a temporary file, never holding the body in memory and refusing it once it passes
 * the size limit. Timeouts, resets, refused connections, 5xx, 408 and 429 are tried again with backoff,
 * up to a few attempts; anything else fails at once. With validators the request is conditional, and a
 * 304 comes back as NotModified. Fails with an IngestError naming the URL and the last reason.
 */
export async function fetchToFile(
  url: string,
  options: DownloadOptions = {},
): Promise<Downloaded | NotModified> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  for (let n = 1; ; n += 1) {
    try {
      const result = await attempt(url, options);
      if (result.status === 'downloaded') recorded.getStore()?.set(url, result.validators);
      return result;
    } catch (error) {
      if (!(error instanceof AttemptFailure)) throw error;
      if (!error.transient || n >= attempts || error.retryAfterMs > MAX_RETRY_AFTER_MS) {
        const tries = n > 1 ? `; ${n} attempts` : '';
        throw new IngestError(`${url}: could not be retrieved (${error.reason}${tries})`);
      }
      const delay = backoffDelay(n, options.retry ?? DEFAULT_RETRY, options.random);
      await sleep(Math.max(delay, error.retryAfterMs));
    }
  }
}
