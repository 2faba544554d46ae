import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// undici 8's fetch, not Node 24's global one (its bundled undici 7): under backpressure, a server that
// closes the connection right after a small body (Python's http.server, say) makes undici 7 throw an
// uncatchable assert(!this.paused) that ends the process (nodejs/undici#5360, fixed in undici 8).
// Its own Agent too: undici's global dispatcher is shared through a global symbol, so once Node's fetch has
// made it, undici 8's fetch would run on undici 7's client. test/system/ingest/download.test.ts holds the case.
import { Agent, fetch, type Headers, type Response } from 'undici';
import {
  DEFAULT_DOWNLOAD_CONFIG,
  DEFAULT_DOWNLOAD_MAX_BYTES,
  type DownloadConfig,
  type RedirectRule,
} from '../../config/download-config.js';
import { backoffDelay, sleep, type Backoff } from '../backoff.js';
import { IngestError } from '../ingest-error.js';

/**
 * The largest artifact downloaded unless TOUCHLINE_DOWNLOAD_MAX_MB says otherwise: the body is refused as
 * soon as it passes this many bytes.
 */
export const MAX_DOWNLOAD_BYTES = DEFAULT_DOWNLOAD_MAX_BYTES;

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
  /** The whole download, retries and their waits included; the policy's (15 min) by default. */
  deadlineMs?: number;
  /** Where a redirect may go; the policy's (any host) by default. */
  redirects?: RedirectRule;
  /** Told of every redirect followed; the policy's by default. */
  onRedirect?: (hop: RedirectHop) => void;
  /** Where the temporary file goes (the system's temporary folder by default). */
  tmpDir?: string;
  random?: () => number;
}

/** A redirect followed: `to` without its query string or credentials (see shownUrl). */
export interface RedirectHop {
  status: number;
  from: string;
  to: string;
}

/**
 * What the configuration says of downloads (DownloadConfig), and who is told of redirects: the command
 * that runs an ingestion sets it for the run (withDownloadPolicy), so every download of the run, however
 * deep in a source's adapter, keeps to it.
 */
export interface DownloadPolicy extends DownloadConfig {
  onRedirect?: (hop: RedirectHop) => void;
  /**
   * Told as a body arrives: the bytes received so far of `total` (its Content-Length), for a progress;
   * not called for a body of unknown length.
   */
  onReceived?: (bytes: number, total: number) => void;
}

const policies = new AsyncLocalStorage<DownloadPolicy>();

let agent: Agent | undefined;
/** The connection pool of downloads, made at the first one. */
const downloads = () => (agent ??= new Agent());

/** Runs `work` with every download in it (fetchToFile, readArtifact) under `policy`. */
export function withDownloadPolicy<T>(policy: DownloadPolicy, work: () => Promise<T>): Promise<T> {
  return policies.run(policy, work);
}

/** The policy downloads keep to here: the one set by withDownloadPolicy, else the defaults. */
export function downloadPolicy(): Readonly<DownloadPolicy> {
  return policies.getStore() ?? DEFAULT_DOWNLOAD_CONFIG;
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

/** Redirect statuses with a Location to follow (a 304 is no redirect, a 300 offers a choice). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** As many redirects as fetch itself follows. */
const MAX_REDIRECTS = 20;

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

/** `150 ms`, `20 s`, `15 min`. */
function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

function deadlineReason(deadlineMs: number): string {
  return `not complete within ${duration(deadlineMs)}, the download deadline (TOUCHLINE_DOWNLOAD_DEADLINE)`;
}

/** How one attempt's wait ended: still going, no byte for the idle timeout, or the deadline passed. */
type Stop = 'none' | 'idle' | 'deadline';

function networkFailure(error: unknown, stop: Stop, idleMs: number, deadlineMs: number): AttemptFailure {
  if (stop === 'deadline') return new AttemptFailure(deadlineReason(deadlineMs), false);
  if (stop === 'idle') return new AttemptFailure(`no data for ${Math.round(idleMs / 1000)} s`, true);
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

/**
 * A URL as a log line may show it: no user name or password, and no query string, which for a signed
 * download link (an object store's) is the credential.
 */
export function shownUrl(url: URL): string {
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

/** Why a redirect from `from` to `to` is not followed under `rule`, or null when it is. */
function redirectRefusal(asked: URL, from: URL, to: URL, rule: RedirectRule): string | null {
  const where = shownUrl(to);
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return `redirected to ${to.protocol} (${where})`;
  // Whatever the rule: the artifact would then cross the network unauthenticated and readable.
  if (from.protocol === 'https:' && to.protocol === 'http:') {
    return `redirected from https to plain http (${where})`;
  }
  if (rule === 'any') return null;
  const refused = `redirected to ${where}, which TOUCHLINE_DOWNLOAD_REDIRECTS`;
  if (rule === 'off') return `${refused} (off) does not allow`;
  if (to.host === asked.host) return null;
  if (rule === 'same-host') return `${refused} (same-host as ${asked.host}) does not allow`;
  return rule.hosts.includes(to.host) ? null : `${refused} (${rule.hosts.join(', ')}) does not allow`;
}

/** What one download keeps to: the options given, else the policy of the run. */
interface Limits {
  maxBytes: number;
  idleMs: number;
  deadlineMs: number;
  /** When the deadline passes (Date.now() time). */
  deadlineAt: number;
  redirects: RedirectRule;
  onRedirect?: (hop: RedirectHop) => void;
  onReceived?: (bytes: number, total: number) => void;
}

/** One request and the redirects it takes: a 304, or the body streamed to a new temporary file. */
async function attempt(
  url: string,
  options: DownloadOptions,
  limits: Limits,
): Promise<Downloaded | NotModified> {
  const { maxBytes, idleMs, deadlineMs } = limits;
  const controller = new AbortController();
  let stop: Stop = 'none';
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (stop === 'none') stop = 'idle';
      controller.abort();
    }, idleMs);
  };
  // The deadline counts whether bytes come or not: a server dripping a byte now and then never idles.
  const deadline = setTimeout(
    () => {
      stop = 'deadline';
      controller.abort();
    },
    Math.max(0, limits.deadlineAt - Date.now()),
  );
  const failed = (error: unknown) => networkFailure(error, stop, idleMs, deadlineMs);
  const headers: Record<string, string> = {};
  const given = options.validators;
  if (given?.etag) headers['if-none-match'] = given.etag;
  if (given?.lastModified) headers['if-modified-since'] = given.lastModified;

  touch();
  let dir: string | undefined;
  try {
    const asked = new URL(url);
    let at = asked;
    let response: Response;
    // Redirects are followed here rather than by fetch, so that each is checked and told of.
    for (let hops = 0; ; hops += 1) {
      try {
        response = await fetch(at, {
          redirect: 'manual',
          signal: controller.signal,
          headers,
          dispatcher: downloads(),
        });
      } catch (error) {
        throw failed(error);
      }
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null) break;
      await response.body?.cancel().catch(() => undefined);
      if (hops >= MAX_REDIRECTS) throw new AttemptFailure(`more than ${MAX_REDIRECTS} redirects`, false);
      let next: URL;
      try {
        next = new URL(location, at);
      } catch {
        throw new AttemptFailure(`HTTP ${response.status} to an invalid Location`, false);
      }
      const refusal = redirectRefusal(asked, at, next, limits.redirects);
      if (refusal) throw new AttemptFailure(refusal, false);
      limits.onRedirect?.({ status: response.status, from: shownUrl(at), to: shownUrl(next) });
      at = next;
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
        if (length > 0) limits.onReceived?.(bytes, length);
      }
    } catch (error) {
      if (error instanceof AttemptFailure) throw error;
      throw failed(error);
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
    clearTimeout(deadline);
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Downloads `url` into a temporary file, never holding the body in memory and refusing it once it passes
 * the size limit. Timeouts, resets, refused connections, 5xx, 408 and 429 are tried again with backoff,
 * up to a few attempts and within the deadline; anything else fails at once. Redirects are followed as
 * the policy allows, each told to its onRedirect. With validators the request is conditional, and a 304
 * comes back as NotModified. Fails with an IngestError naming the URL and the last reason.
 */
export async function fetchToFile(
  url: string,
  options: DownloadOptions = {},
): Promise<Downloaded | NotModified> {
  const policy = downloadPolicy();
  const deadlineMs = options.deadlineMs ?? policy.deadlineMs;
  const limits: Limits = {
    maxBytes: options.maxBytes ?? policy.maxBytes,
    idleMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    deadlineMs,
    deadlineAt: Date.now() + deadlineMs,
    redirects: options.redirects ?? policy.redirects,
    onRedirect: options.onRedirect ?? policy.onRedirect,
    onReceived: policy.onReceived,
  };
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  for (let n = 1; ; n += 1) {
    try {
      const result = await attempt(url, options, limits);
      if (result.status === 'downloaded') recorded.getStore()?.set(url, result.validators);
      return result;
    } catch (error) {
      if (!(error instanceof AttemptFailure)) throw error;
      if (!error.transient || n >= attempts || error.retryAfterMs > MAX_RETRY_AFTER_MS) {
        const tries = n > 1 ? `; ${n} attempts` : '';
        throw new IngestError(`${url}: could not be retrieved (${error.reason}${tries})`);
      }
      const delay = Math.max(
        backoffDelay(n, options.retry ?? DEFAULT_RETRY, options.random),
        error.retryAfterMs,
      );
      if (Date.now() + delay >= limits.deadlineAt) {
        throw new IngestError(
          `${url}: could not be retrieved (${error.reason}${n > 1 ? `; ${n} attempts` : ''}; ` +
            `no time left for another attempt: ${deadlineReason(deadlineMs)})`,
        );
      }
      await sleep(delay);
    }
  }
}
