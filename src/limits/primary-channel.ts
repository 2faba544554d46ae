// A worker's IPC channel to the cluster primary that holds the request counters (LimitBroker), as
// IpcLimitStore uses it: checks that wait for an answer, bounded in time and in number and failing fast
// while the primary is stuck, messages nothing waits for, and what else comes back (late answers, the
// answers to reports, recalls) handed to the store. Kept apart from the leases the store admits from, so
// that each can be read, and changed, without the other.
import type { LimitRequest } from './limit-store.js';
import { LimitsUnavailableError } from './limits-unavailable.js';
import {
  RECALL,
  REPLY,
  REQUEST,
  TIMEOUT_MS,
  type Lease,
  type Settlement,
  type WireRecall,
  type WireReply,
  type WireRequest,
} from './ipc-wire.js';

/**
 * After a check goes unanswered, further checks fail at once for this long: a stuck primary then costs
 * one wait of the timeout per cool-down, not one per request.
 */
const COOL_DOWN_MS = 1000;
/** Checks waiting for the primary at most, so that what waits stays bounded whatever the traffic. */
const MAX_IN_FLIGHT = 10_000;

export interface PrimaryChannelOptions {
  /** How long a check waits for the primary's answer. */
  timeoutMs?: number;
  /** After a check goes unanswered, how long further checks fail at once. */
  coolDownMs?: number;
  /** Checks waiting for the primary at most; more fail at once. */
  maxInFlight?: number;
}

/** A check's fields as sent: the request, its dates as ISO strings. */
export function wireFields(request: LimitRequest): Omit<WireRequest, 'type' | 'id' | 'op'> {
  return {
    keyId: request.keyId,
    plan: request.plan,
    periodStart: request.period.start.toISOString(),
    periodEnd: request.period.end.toISOString(),
    now: request.now,
    ...(request.windowOnly ? { windowOnly: true } : {}),
  };
}

/** What the store does with what the channel carries besides the answers to its checks. */
export interface PrimaryHooks {
  /** Settlements of ended leases to send along with the next check; undefined when there are none. */
  settlements: () => Settlement[] | undefined;
  /** The answer to the last report: its figures (see WireReply.figures). */
  reported: (figures: readonly number[]) => void;
  /** A lease granted with an answer no check waits for any more, to go back unused. */
  lateLease: (lease: Lease) => void;
  /** The primary asks for the leases of `keyId` back. */
  recall: (keyId: string) => void;
}

/**
 * A check the primary cannot take or does not answer fails with LimitsUnavailableError (the API answers
 * 503). Once one goes unanswered, the primary is taken to be stuck: for `coolDownMs` every check fails at
 * once rather than each waiting `timeoutMs`, then one check at a time goes through to see whether it
 * answers again; any answer from the primary ends this.
 */
export class PrimaryChannel {
  /** Ids of checks and reports alike, so that an answer names the one message it answers. */
  private seq = 0;
  private readonly timeoutMs: number;
  private readonly coolDownMs: number;
  private readonly maxInFlight: number;
  /** Until when checks fail at once, since one went unanswered; 0 while the primary answers. */
  private failingUntil = 0;
  /** The one check let through to the primary after the cool-down, 0 when none is out. */
  private probe = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (r: WireReply) => void; reject: (e: Error) => void }
  >();
  /** The last report sent, until its answer comes (or the next report). */
  private reportId = 0;
  private readonly onMessage = (message: unknown) => {
    const reply = message as WireReply | WireRecall;
    if (reply?.type === RECALL) this.hooks.recall(reply.keyId);
    if (reply?.type !== REPLY) return;
    // Any answer, even one too late, shows the primary answering again.
    this.failingUntil = 0;
    this.probe = 0;
    if (reply.id === this.reportId) {
      this.reportId = 0;
      return this.hooks.reported(reply.figures ?? []);
    }
    const waiting = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (waiting) waiting.resolve(reply);
    // A lease granted after this worker stopped waiting for it goes back unused, or it would stay
    // reserved at the primary for as long as this worker lives.
    else if (reply.lease) this.hooks.lateLease(reply.lease);
  };

  constructor(
    private readonly channel: NodeJS.Process,
    options: PrimaryChannelOptions,
    private readonly hooks: PrimaryHooks,
  ) {
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
    this.coolDownMs = options.coolDownMs ?? COOL_DOWN_MS;
    this.maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
    channel.on('message', this.onMessage);
  }

  /** Whether there is a primary to send to: a process forked by cluster, its channel not closed. */
  get connected(): boolean {
    return !!this.channel.send && this.channel.connected !== false;
  }

  /**
   * Sends a message that no check waits for; resolves once it is out or could not be. A channel that
   * closes meanwhile is not an error here: the primary then releases this worker's leases anyway.
   */
  post(message: WireRequest): Promise<void> {
    if (!this.channel.send) return Promise.resolve();
    return new Promise((resolve) => {
      try {
        this.channel.send!(message, undefined, undefined, () => resolve());
      } catch {
        resolve();
      }
    });
  }

  /** Sends a report (see WireRequest.report); the answer's figures go to `hooks.reported`. */
  report(report: Settlement[], settle: Settlement[] | undefined): void {
    this.reportId = ++this.seq;
    void this.post({ type: REQUEST, id: this.reportId, op: 'report', report, settle });
  }

  /** Why a check cannot go to the primary now; undefined when it can. */
  private refusal(): string | undefined {
    if (!this.connected) return 'the IPC channel to the cluster primary is closed';
    if (this.failingUntil !== 0 && (this.probe !== 0 || Date.now() < this.failingUntil)) {
      return 'the cluster primary does not answer limit checks';
    }
    // Bounds what waits here while the primary is slow to answer without being stuck.
    if (this.waiting.size >= this.maxInFlight) return 'too many limit checks wait for the cluster primary';
    return undefined;
  }

  /** Sends a check, with the settlements waiting to go; resolves with the primary's answer. */
  ask(request: Omit<WireRequest, 'type' | 'id'>): Promise<WireReply> {
    const refused = this.refusal();
    if (refused) return Promise.reject(new LimitsUnavailableError(refused));
    const id = ++this.seq;
    if (this.failingUntil !== 0) this.probe = id;
    return new Promise((resolve, reject) => {
      const fail = (message: string) => {
        clearTimeout(timer);
        if (!this.waiting.delete(id)) return;
        if (this.probe === id) this.probe = 0;
        reject(new LimitsUnavailableError(message));
      };
      const timer = setTimeout(() => {
        this.failingUntil = Date.now() + this.coolDownMs;
        fail('the cluster primary did not answer the limit check');
      }, this.timeoutMs);
      this.waiting.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          if (reply.error) reject(new Error(reply.error));
          else resolve(reply);
        },
        reject,
      });
      const message: WireRequest = { type: REQUEST, id, settle: this.hooks.settlements(), ...request };
      // With a callback, a channel closing meanwhile is reported here, not as an 'error' on process.
      const failed = (error: Error | null) => {
        if (error) fail(`the limit check could not be sent to the cluster primary: ${error.message}`);
      };
      try {
        this.channel.send!(message, undefined, undefined, failed);
      } catch (error) {
        failed(error as Error);
      }
    });
  }

  /** Stops listening to the primary. */
  close(): void {
    this.channel.off('message', this.onMessage);
  }
}
