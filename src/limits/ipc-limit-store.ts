// A cluster worker's LimitStore without Redis: the leases it holds per key and admits requests from by
// itself (advance, adopt, refill, review, report, refresh, recall), what it settles of them, and the checks
// it asks the primary for when none can admit. Talking to the primary (ids, timeouts, failing fast while
// it is stuck) is PrimaryChannel's and the shape of a lease HeldLease's, so that this file holds only
// what is done with leases.
import type { Maybe } from '../storage/maybe.js';
import type { LimitDecision, LimitRequest, LimitStore } from './limit-store.js';
import { REQUEST, type Lease, type Settlement } from './ipc-wire.js';
import { admitFrom, heldLease, LEASE_IDLE_MS, REPORT_MS, usable, type HeldLease } from './held-lease.js';
import { PrimaryChannel, wireFields, type PrimaryChannelOptions } from './primary-channel.js';

/** Options of the checks sent to the primary (see PrimaryChannelOptions). */
export type IpcLimitStoreOptions = PrimaryChannelOptions;

/**
 * A worker's view of counters held by the cluster primary (LimitBroker), so that without Redis every
 * worker of one server still shares one exact count per key. A request is one IPC round trip, unless
 * the primary has leased this worker requests of that key to admit without asking; a lease half spent
 * asks for the next one, so a busy key does not stall on the primary while it answers.
 *
 * A lease lasts as long as it is used: every REPORT_MS the worker reports what each lease admitted
 * (one message for all of them), so the primary's counts trail by that much, and the answer refreshes
 * the figures the lease's requests are told. A lease unused for LEASE_IDLE_MS, spent, or recalled by
 * the primary (which needs its requests to decide a refusal) ends and is settled.
 *
 * A check that cannot reach the primary, or goes unanswered, fails with LimitsUnavailableError (see
 * PrimaryChannel). Requests admitted from leases held go on.
 */
export class IpcLimitStore implements LimitStore {
  private closed = false;
  /** The lease in use per key, with the one fetched ahead of it on `next`. */
  private readonly leases = new Map<string, HeldLease>();
  private done: Settlement[] = [];
  /** The leases of the last report sent, in its order, until its answer comes (or the next report). */
  private reported: HeldLease[] = [];
  private readonly primary: PrimaryChannel;
  private readonly timer: NodeJS.Timeout;
  private readonly recalled = (keyId: string) => {
    this.end(keyId);
    void this.sendDone();
  };

  constructor(channel: NodeJS.Process = process, options: IpcLimitStoreOptions = {}) {
    this.primary = new PrimaryChannel(channel, options, {
      settlements: () => this.takeDone(),
      reported: (figures) => this.refresh(figures),
      lateLease: (lease) => void this.done.push({ lease: lease.id, runs: [] }),
      // Deferred, so that a lease granted by an answer just before is adopted first and recalled too.
      recall: (keyId) => void setImmediate(this.recalled, keyId),
    });
    this.timer = setInterval(() => this.report(Date.now()), REPORT_MS);
    this.timer.unref();
  }

  /** Leases held (in use or fetched ahead), for diagnostics. */
  get heldLeases(): number {
    let held = 0;
    for (const head of this.leases.values()) {
      for (let lease: HeldLease | undefined = head; lease; lease = lease.next) held += 1;
    }
    return held;
  }

  private finish(lease: HeldLease): void {
    this.done.push({ lease: lease.id, runs: lease.runs });
  }

  /** Ends every lease of `keyId`, in use or fetched ahead. */
  private end(keyId: string): void {
    for (let lease = this.leases.get(keyId); lease; lease = lease.next) this.finish(lease);
    this.leases.delete(keyId);
  }

  /** Ends the leases at the head of `keyId`'s chain that cannot admit `request`; returns the one that can. */
  private advance(request: LimitRequest): HeldLease | undefined {
    let lease = this.leases.get(request.keyId);
    while (lease && !usable(lease, request)) {
      this.finish(lease);
      lease = lease.next;
    }
    if (!lease) this.leases.delete(request.keyId);
    else this.leases.set(request.keyId, lease);
    return lease;
  }

  private adopt(request: LimitRequest, decision: LimitDecision, granted: Lease): void {
    const lease = heldLease(request, decision, granted);
    // One lease in use and one ahead at most: any further one (from concurrent requests) goes straight
    // back, so nothing is held out of other workers' reach for long.
    const current = this.leases.get(request.keyId);
    if (this.closed || current?.next) return this.finish(lease);
    if (current) current.next = lease;
    else this.leases.set(request.keyId, lease);
  }

  private refill(lease: HeldLease, request: LimitRequest): void {
    lease.askedNext = true;
    this.primary
      .ask({ op: 'lease', ...wireFields(request) })
      .then((reply) => {
        if (reply.lease && reply.decision) this.adopt(request, reply.decision, reply.lease);
      })
      .catch(() => undefined);
  }

  private takeDone(): Settlement[] | undefined {
    if (this.done.length === 0) return undefined;
    const done = this.done;
    this.done = [];
    return done;
  }

  /** Sends the settlements of ended leases now, not with the next message. */
  private sendDone(): Promise<void> {
    const settle = this.takeDone();
    if (!settle) return Promise.resolve();
    return this.primary.post({ type: REQUEST, id: 0, op: 'settle', settle });
  }

  /** Ends `keyId`'s leases if idle, and the one in use if spent; returns the first still held. */
  private review(keyId: string, lease: HeldLease, now: number): HeldLease | undefined {
    if (now - lease.lastUsed >= LEASE_IDLE_MS) return void this.end(keyId);
    if (lease.tokens > 0) return lease;
    this.finish(lease);
    const next = lease.next;
    if (!next) return void this.leases.delete(keyId);
    next.lastUsed = lease.lastUsed;
    this.leases.set(keyId, next);
    return next;
  }

  /**
   * Every REPORT_MS: settles the leases that end, and reports what the others admitted, in one message
   * whose answer refreshes their figures.
   */
  private report(now: number): void {
    // Without a channel there is no one to report to; the leases held only run down.
    if (!this.primary.connected) return;
    const report: Settlement[] = [];
    const reported: HeldLease[] = [];
    for (const [keyId, head] of this.leases) {
      for (let lease = this.review(keyId, head, now); lease; lease = lease.next) {
        report.push({ lease: lease.id, runs: lease.runs });
        reported.push(lease);
        lease.runs = [];
      }
    }
    if (report.length === 0) return void this.sendDone();
    this.reported = reported;
    this.primary.report(report, this.takeDone());
  }

  /** Takes the primary's figures for the leases of the last report (see WireReply.figures). */
  private refresh(figures: readonly number[]): void {
    const reported = this.reported;
    this.reported = [];
    for (let i = 0; i < reported.length && 2 * i + 1 < figures.length; i += 1) {
      if (figures[2 * i]! < 0) continue;
      reported[i]!.rateBase = figures[2 * i]!;
      reported[i]!.quotaBase = figures[2 * i + 1]!;
    }
  }

  /** Admits `request` from the key's lease, or undefined when none held can. */
  private leased(request: LimitRequest): LimitDecision | undefined {
    // A lease's requests are reported as counted in the quota too: a window-only one is the primary's.
    if (request.windowOnly) return undefined;
    let lease = this.leases.get(request.keyId);
    if (lease !== undefined && !usable(lease, request)) lease = this.advance(request);
    if (lease === undefined) return undefined;
    const decided = admitFrom(lease, request);
    if (!lease.askedNext && !lease.next && lease.tokens <= lease.size / 2) this.refill(lease, request);
    return decided;
  }

  consume(request: LimitRequest): Maybe<LimitDecision> {
    return this.leased(request) ?? this.ask(request);
  }

  private async ask(request: LimitRequest): Promise<LimitDecision> {
    const reply = await this.primary.ask({ op: 'consume', ...wireFields(request) });
    if (reply.lease) this.adopt(request, reply.decision!, reply.lease);
    return reply.decision!;
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    // Ended, so that their requests are counted before the primary answers.
    this.end(keyId);
    return (await this.primary.ask({ op: 'usage', keyId, periodStart: periodStart.toISOString() })).usage!;
  }

  /** Reports every lease before the worker goes, so the primary counts what it admitted. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const keyId of [...this.leases.keys()]) this.end(keyId);
    await this.sendDone();
    this.primary.close();
  }
}
