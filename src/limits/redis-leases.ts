// The leases one instance holds of keys' requests counted in Redis: requests it admits by itself, without
// a round trip each, and what it reports of them. Apart from RedisLimitStore so that the store's file
// holds the decisions and this one the life of a lease (adopt, admit, report, end).
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { admitFrom, heldLease, LEASE_IDLE_MS, REPORT_MS, usable, type HeldLease } from './held-lease.js';
import { WINDOW_MS, type LimitDecision, type LimitRequest } from './limit-store.js';
import { limitKeys, RECALL_CHANNEL, REPORT } from './redis-scripts.js';

/** The largest lease, and the share of a key's room one may take: a 32nd, so many holders fit. */
export const LEASE_MAX = 256;
export const LEASE_SHARE = 32;
/**
 * Below this, a lease saves too few round trips to be worth the requests it holds out of reach; a key's
 * first lease is this size, and the next ones follow how fast it spends them (nextSize).
 */
export const LEASE_MIN = 16;
/** Ended leases kept for a Redis that does not answer their report, oldest dropped first. */
const MAX_ENDED = 10_000;
/** Keys whose lease size is remembered above LEASE_MIN; forgotten all at once past this. */
const MAX_SIZES = 10_000;
/**
 * In report periods: a lease that admitted requests is reported this often, one that did not this
 * often to say it still holds its requests (well within LEASE_STALE_MS at the default period). Each
 * report of a lease costs Redis a script call, so a key served a few times a second reports its
 * requests in batches rather than every period.
 */
const ACTIVE_REPORT_PERIODS = 5;
const IDLE_REPORT_PERIODS = 10;

/**
 * The size to ask for after `lease`: doubled when it was spent within a second, kept when within five,
 * halved otherwise (it ended idle, slowly or recalled), so that a lease holds about what its holder
 * admits in a few seconds: a large one given back unused costs Redis as much as it saved.
 */
function nextSize(lease: RedisLease): number {
  const lifetime = lease.lastUsed - lease.grantedAt;
  let size = lease.size / 2;
  if (lease.tokens === 0 && lifetime < 5000) size = lifetime < 1000 ? lease.size * 2 : lease.size;
  return Math.max(LEASE_MIN, Math.min(LEASE_MAX, Math.round(size)));
}

interface RedisLease extends HeldLease {
  /** Its members of the window are `prefix` + 1 … size; the leases hash knows it by `prefix`. */
  prefix: string;
  keys: [string, string, string, string];
  /** Members 1 … reported are scored by when they were admitted. */
  reported: number;
  /** When its unused members were last reserved in the window, when it was granted, last reported. */
  reservedAt: number;
  grantedAt: number;
  reportedAt: number;
}

/** A lease to ask for with a request: its name and size. */
export interface LeaseAsk {
  prefix: string;
  size: number;
}

/** One lease's report, as sent. */
interface Report {
  lease: RedisLease;
  runs: number[];
  unusedFrom: number;
  ended: boolean;
  rescore: boolean;
}

/**
 * A lease is granted by the script that decides a request with room to spare (CONSUME): its requests
 * are counted in Redis as if admitted at once, in the window and in the quota, and admitted here one by
 * one. About every second (one pipeline for all of them) each lease's admitted requests are scored in the
 * window by when they were really admitted, so the window is as exact as if each had been counted alone,
 * and its answer refreshes the figures the lease's requests are told, with what every other instance
 * admitted. A lease ends once spent, idle for LEASE_IDLE_MS, for another plan or period, or recalled by a
 * refusal anywhere that its unused requests may cause (published on RECALL_CHANNEL, which a connection of
 * its own listens to; the refused instance asks again once they are back); ending gives its unused
 * requests back at once.
 *
 * What a crash loses: the unused requests of the leases held stay counted in the quota (a lease's size
 * at most per key) and in the window until they age out, a minute at most.
 */
export class RedisLeases {
  private readonly held = new Map<string, RedisLease>();
  /** Keys whose first request is being decided with a lease asked for: the others do not ask too. */
  private readonly asking = new Set<string>();
  /** The size of the next lease per key, where it is not LEASE_MIN. */
  private readonly sizes = new Map<string, number>();
  private ended: RedisLease[] = [];
  private nextId = 0;
  private readonly holder = randomBytes(6).toString('base64url');
  private reporting: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private recalls: { connection: Redis; subscribed: Promise<void> } | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly clock: () => number = Date.now,
    private readonly reportMs = REPORT_MS,
  ) {
    redis.defineCommand('touchlineReport', { numberOfKeys: 4, lua: REPORT });
    this.timer = setInterval(() => void this.report(), reportMs);
    this.timer.unref();
  }

  /**
   * Listens to recalls, from the first lease on: a connection of its own (one that subscribes runs no
   * other commands), which keeps no process alive and subscribes again on every connect. A recall missed
   * while it is down waits for the lease's next report, which sees the flag. Settles once subscribed.
   */
  listen(): Promise<void> {
    if (this.recalls) return this.recalls.subscribed;
    const connection = this.redis.duplicate();
    connection.on('error', () => undefined);
    connection.on('message', (_channel: string, keyId: string) => {
      if (!this.held.has(keyId)) return;
      this.end(keyId);
      void this.settle();
    });
    const subscribed = new Promise<void>((resolve) => {
      connection.on('ready', () => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        (connection as any).stream?.unref?.();
        connection.subscribe(RECALL_CHANNEL).then(
          () => resolve(),
          () => undefined,
        );
      });
    });
    this.recalls = { connection, subscribed };
    return subscribed;
  }

  /** Leases held, in use or ended and not yet reported, for diagnostics and tests. */
  get count(): { held: number; ended: number } {
    return { held: this.held.size, ended: this.ended.length };
  }

  /** Admits `request` from the key's lease, or undefined when it holds none that can. */
  admit(request: LimitRequest): LimitDecision | undefined {
    // A lease's requests count in the quota too: a window-only request is decided in Redis.
    if (request.windowOnly) return undefined;
    const lease = this.held.get(request.keyId);
    if (lease === undefined) return undefined;
    if (!usable(lease, request)) return void this.end(request.keyId);
    return admitFrom(lease, request);
  }

  /** The lease to ask for with `request`, or undefined when none is to be (one ask per key at a time). */
  ask(request: LimitRequest): LeaseAsk | undefined {
    const { keyId } = request;
    if (request.windowOnly || this.asking.has(keyId) || this.held.has(keyId)) return undefined;
    this.asking.add(keyId);
    return { prefix: `${this.holder}:${(this.nextId += 1)}:`, size: this.sizes.get(keyId) ?? LEASE_MIN };
  }

  /** Takes up the lease of `tokens` requests that came with `decision` (none: the ask is over). */
  adopt(
    request: LimitRequest,
    asked: LeaseAsk | undefined,
    decision: LimitDecision | undefined,
    tokens: number,
  ): void {
    if (asked === undefined) return;
    this.asking.delete(request.keyId);
    if (decision === undefined || tokens <= 0) return;
    const now = this.clock();
    const lease: RedisLease = {
      ...heldLease(request, decision, { id: this.nextId, tokens }),
      prefix: asked.prefix,
      keys: limitKeys(request.keyId, request.period.start),
      reported: 0,
      reservedAt: now,
      grantedAt: now,
      reportedAt: now,
      lastUsed: now,
    };
    if (this.held.has(request.keyId)) this.finish(lease);
    else this.held.set(request.keyId, lease);
    void this.listen();
  }

  private finish(lease: RedisLease): void {
    this.ended.push(lease);
    if (this.ended.length > MAX_ENDED) this.ended.shift();
  }

  holds(keyId: string): boolean {
    return this.held.has(keyId);
  }

  /** Ends the key's lease; its report gives back what it did not use. */
  end(keyId: string): void {
    const lease = this.held.get(keyId);
    if (!lease) return;
    this.held.delete(keyId);
    const size = nextSize(lease);
    if (size === LEASE_MIN) this.sizes.delete(keyId);
    else {
      if (this.sizes.size >= MAX_SIZES) this.sizes.clear();
      this.sizes.set(keyId, size);
    }
    this.finish(lease);
  }

  /** Ends every lease and waits until their reports are in (or Redis failed them). */
  async endAll(): Promise<void> {
    for (const keyId of [...this.held.keys()]) this.end(keyId);
    await this.settle();
  }

  /** Sends a report of everything held now, after the one under way. */
  async settle(): Promise<void> {
    await this.reporting;
    await this.report();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.recalls?.connection.disconnect();
    await this.endAll();
  }

  private report(): Promise<void> {
    this.reporting ??= this.send().finally(() => (this.reporting = undefined));
    return this.reporting;
  }

  private reportOf(lease: RedisLease, ended: boolean, now: number): Report {
    const runs = lease.runs;
    lease.runs = [];
    const rescore = !ended && now - lease.reservedAt > WINDOW_MS / 2;
    return { lease, runs, unusedFrom: lease.size - lease.tokens + 1, ended, rescore };
  }

  private async send(): Promise<void> {
    const now = this.clock();
    const reports: Report[] = [];
    const active = ACTIVE_REPORT_PERIODS * this.reportMs;
    const idle = IDLE_REPORT_PERIODS * this.reportMs;
    for (const [keyId, lease] of this.held) {
      if (lease.tokens === 0 || now - lease.lastUsed >= LEASE_IDLE_MS) this.end(keyId);
      else {
        const since = now - lease.reportedAt;
        if (since >= idle || (since >= active && lease.runs.length > 0)) {
          reports.push(this.reportOf(lease, false, now));
        }
      }
    }
    for (const lease of this.ended.splice(0)) reports.push(this.reportOf(lease, true, now));
    if (reports.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { lease, runs, unusedFrom, ended, rescore } of reports) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (pipeline as any).touchlineReport(
        ...lease.keys,
        now,
        lease.prefix,
        lease.reported + 1,
        unusedFrom,
        lease.size,
        ended ? 1 : 0,
        rescore ? 1 : 0,
        ...runs,
      );
    }
    const results = await pipeline.exec().catch(() => null);
    let recalled = false;
    reports.forEach((report, i) => {
      const [error, reply] = results?.[i] ?? [new Error('no answer'), null];
      const { lease } = report;
      if (error) {
        // Sent again with the next report: nothing admitted goes uncounted while Redis is away.
        lease.runs = report.runs.concat(lease.runs);
        if (report.ended) this.finish(lease);
        return;
      }
      lease.reported = report.unusedFrom - 1;
      lease.reportedAt = now;
      if (report.rescore) lease.reservedAt = now;
      if (report.ended) return;
      const [inWindow, used, recall] = (reply as number[]).map(Number) as [number, number, number];
      lease.rateBase = lease.rateLimit - inWindow;
      if (used >= 0) lease.quotaBase = lease.quotaLimit - used;
      if (recall === 1 && this.held.get(lease.keyId) === lease) {
        this.end(lease.keyId);
        recalled = true;
      }
    });
    // A recall is answered at once, not a report period later: a refused request waits on it.
    if (recalled) setImmediate(() => void this.settle());
  }
}
