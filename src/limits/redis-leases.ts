// The leases one instance holds of keys' requests counted in Redis: requests it admits by itself, without
// a round trip each, and what it reports of them. Apart from RedisLimitStore so that the store's file
// holds the decisions and this one the life of a lease (adopt, admit, report, end).
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { admitFrom, heldLease, LEASE_IDLE_MS, REPORT_MS, usable, type HeldLease } from './held-lease.js';
import { WINDOW_MS, type LimitDecision, type LimitRequest } from './limit-store.js';
import { limitKeys, REPORT } from './redis-scripts.js';

/** The largest lease, and the share of a key's room one may take: a 32nd, so many holders fit. */
export const LEASE_MAX = 256;
export const LEASE_SHARE = 32;
/** Below this, a lease saves too few round trips to be worth the requests it holds out of reach. */
export const LEASE_MIN = 16;
/** Ended leases kept for a Redis that does not answer their report, oldest dropped first. */
const MAX_ENDED = 10_000;

interface RedisLease extends HeldLease {
  /** Its members of the window are `prefix` + 1 … size; the leases hash knows it by `prefix`. */
  prefix: string;
  keys: [string, string, string, string];
  /** Members 1 … reported are scored by when they were admitted. */
  reported: number;
  /** When its unused members were last reserved in the window. */
  reservedAt: number;
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
 * one. Every `reportMs` (one pipeline for all of them) each lease's admitted requests are scored in the
 * window by when they were really admitted, so the window is as exact as if each had been counted alone,
 * and its answer refreshes the figures the lease's requests are told, with what every other instance
 * admitted. A lease ends once spent, idle for LEASE_IDLE_MS, for another plan or period, or recalled by a
 * refusal elsewhere that its unused requests may cause (the refused instance asks again once they are
 * back); ending gives its unused requests back.
 *
 * What a crash loses: the unused requests of the leases held stay counted in the quota (a lease's size
 * at most per key) and in the window until they age out, a minute at most.
 */
export class RedisLeases {
  private readonly held = new Map<string, RedisLease>();
  /** Keys whose first request is being decided with a lease asked for: the others do not ask too. */
  private readonly asking = new Set<string>();
  private ended: RedisLease[] = [];
  private nextId = 0;
  private readonly holder = randomBytes(6).toString('base64url');
  private reporting: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly clock: () => number = Date.now,
    reportMs = REPORT_MS,
  ) {
    redis.defineCommand('touchlineReport', { numberOfKeys: 4, lua: REPORT });
    this.timer = setInterval(() => void this.report(), reportMs);
    this.timer.unref();
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

  /** The name of a lease to ask for with `request`, or '' when none is to be (one ask per key at a time). */
  ask(request: LimitRequest): string {
    if (request.windowOnly || this.asking.has(request.keyId) || this.held.has(request.keyId)) return '';
    this.asking.add(request.keyId);
    return `${this.holder}:${(this.nextId += 1)}:`;
  }

  /** Takes up the lease of `tokens` requests that came with `decision` (none: the ask is over). */
  adopt(request: LimitRequest, prefix: string, decision: LimitDecision | undefined, tokens: number): void {
    if (prefix === '') return;
    this.asking.delete(request.keyId);
    if (decision === undefined || tokens <= 0) return;
    const now = this.clock();
    const lease: RedisLease = {
      ...heldLease(request, decision, { id: this.nextId, tokens }),
      prefix,
      keys: limitKeys(request.keyId, request.period.start),
      reported: 0,
      reservedAt: now,
      lastUsed: now,
    };
    if (this.held.has(request.keyId)) this.finish(lease);
    else this.held.set(request.keyId, lease);
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

  close(): Promise<void> {
    clearInterval(this.timer);
    return this.endAll();
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
    for (const [keyId, lease] of this.held) {
      if (lease.tokens > 0 && now - lease.lastUsed < LEASE_IDLE_MS) {
        reports.push(this.reportOf(lease, false, now));
      } else this.end(keyId);
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
