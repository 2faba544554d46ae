import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { webhookLimits, type Plan } from '../config/plans.js';
import { billingPeriod } from '../limits/billing-period.js';
import { webhookCursor } from '../projections/change-cursor.js';
import type { Database } from '../storage/schema.js';
import {
  claimSubscriptions,
  countDelivery,
  heldSubscription,
  nextEventFor,
  pruneOutbox,
  settleSubscription,
  type StoredOutboxEvent,
} from '../storage/repositories/webhook-outbox.repository.js';
import { recordDelivery, type WebhookSubscriptionRow } from '../storage/repositories/webhook.repository.js';
import { FAILURES_TO_DISABLE, retryDelay } from './retry-schedule.js';
import { sendWebhook, type Attempt, type Delivery } from './send-webhook.js';
import { signedHeaders } from './signature.js';
import type { TargetPolicy } from './target-policy.js';

/** How long an event stays in the outbox: redelivery reaches back this far (docs/webhooks.md). */
export const OUTBOX_RETENTION_MS = 7 * 86_400_000;

export interface WorkerOptions {
  db: Kysely<Database>;
  policy: TargetPolicy;
  plans: readonly Plan[];
  /** Subscriptions delivered to at once by this worker (each one event at a time, in order). */
  concurrency?: number;
  /** How long a worker holds a subscription without renewing it (ms): a crashed one's is taken after this. */
  leaseMs?: number;
  /** Events delivered to one subscription before its lease is let go, so that others get their turn. */
  batch?: number;
  /** The time, for tests to move (mocked time, not sleeps). */
  clock?: () => Date;
  random?: () => number;
  /** The HTTP attempt; sendWebhook by default. */
  send?: (delivery: Delivery) => Promise<Attempt>;
  /** This worker's name in leases; unique by default. */
  owner?: string;
  onError?: (error: unknown) => void;
}

/** A webhook message's ID (`webhook-id`): the same for every attempt at one event for one subscription. */
export const messageId = (subscriptionId: string, seq: number): string =>
  `msg_${subscriptionId.slice(4)}_${seq}`;

/** The body of an event's delivery: Standard Webhooks' `type`, `timestamp`, `data`, and the webhook cursor. */
export function eventBody(event: StoredOutboxEvent): string {
  return (
    `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(event.created_at)},` +
    `"cursor":${JSON.stringify(webhookCursor.encode(event.seq))},"data":${event.payload}}`
  );
}

/** The secrets a delivery at `now` is signed with: the current one, and the previous one until it expires. */
export function signingSecrets(sub: WebhookSubscriptionRow, now: Date): string[] {
  const previous =
    sub.previous_secret !== null &&
    sub.previous_secret_expires_at !== null &&
    Date.parse(sub.previous_secret_expires_at) > now.getTime()
      ? [sub.previous_secret]
      : [];
  return [sub.secret, ...previous];
}

/**
 * Delivers the outbox to the subscriptions (docs/webhooks.md): each subscription held by one worker at a time
 * across processes and instances (a lease in its row), its events sent one after the other in the outbox's
 * order, its cursor moved past an event only once the receiver took it (2xx), so a crash at any point delivers
 * that event again, under the same `webhook-id`. A failure holds the subscription at that event, retried
 * with backoff, until it is delivered or the subscription is disabled. At most `concurrency` subscriptions are
 * delivered to at once, each attempt bounded by the sender's timeouts.
 */
export class DeliveryWorker {
  private readonly db: Kysely<Database>;
  private readonly owner: string;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly clock: () => Date;
  private readonly random: () => number;
  private readonly send: (delivery: Delivery) => Promise<Attempt>;
  private readonly plans: Map<string, Plan>;
  private readonly active = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | undefined;
  private lastPrune = 0;
  private stopped = false;

  constructor(private readonly options: WorkerOptions) {
    this.db = options.db;
    this.owner = options.owner ?? `worker_${randomUUID()}`;
    this.concurrency = options.concurrency ?? 8;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.batch = options.batch ?? 50;
    this.clock = options.clock ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.send = options.send ?? ((delivery) => sendWebhook(options.policy, delivery));
    this.plans = new Map(options.plans.map((plan) => [plan.name, plan]));
  }

  /** Looks for work every `pollMs` until stopped. */
  start(pollMs = 1000): void {
    const loop = () => {
      if (this.stopped) return;
      void this.tick()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, pollMs).unref();
        });
    };
    loop();
  }

  /** Stops looking for work and waits for the deliveries under way (each bounded by its timeouts). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking?.catch(() => undefined);
    await Promise.allSettled(this.active.values());
  }

  /**
   * Claims what subscriptions it can (up to the free places) and starts delivering to them; the number
   * claimed. Tests call it, then `settled()`, with the clock where they want it.
   */
  tick(): Promise<number> {
    this.ticking ??= this.claim().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  /** Resolves when the deliveries started so far are over. */
  async settled(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active.values()]);
  }

  /** Ticks until a tick claims nothing and every delivery it started is over: all that is due is done. */
  async drain(maxTicks = 1000): Promise<void> {
    for (let i = 0; i < maxTicks; i++) {
      const claimed = await this.tick();
      await this.settled();
      if (claimed === 0) return;
    }
  }

  private async claim(): Promise<number> {
    const now = this.clock();
    await this.prune(now);
    const free = this.concurrency - this.active.size;
    if (free <= 0 || this.stopped) return 0;
    const won = await claimSubscriptions(
      this.db,
      this.owner,
      now.toISOString(),
      new Date(now.getTime() + this.leaseMs).toISOString(),
      free,
      [...this.active.keys()],
    );
    for (const id of won) {
      const run = this.deliver(id)
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => this.active.delete(id));
      this.active.set(id, run);
    }
    return won.length;
  }

  private async prune(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < 3_600_000) return;
    this.lastPrune = now.getTime();
    await pruneOutbox(this.db, new Date(now.getTime() - OUTBOX_RETENTION_MS).toISOString());
  }

  /** Delivers the held subscription's events in order, until none is left, one fails, or its batch is done. */
  private async deliver(id: string): Promise<void> {
    let released = false;
    const settle = async (change: Parameters<typeof settleSubscription>[3]) => {
      released = released || change.lease_owner === null;
      return settleSubscription(this.db, id, this.owner, change);
    };
    try {
      for (let sent = 0; sent < this.batch && !this.stopped; sent++) {
        const sub = await heldSubscription(this.db, id, this.owner);
        if (!sub || sub.enabled !== 1) return;
        const { event, newest } = await nextEventFor(this.db, sub);
        if (!event) {
          // Nothing after the cursor is asked for: it moves past what was looked at.
          if (newest > Number(sub.cursor)) await settle({ cursor: newest });
          return;
        }
        const now = this.clock();
        // The lease is renewed before each attempt: a worker holding it is alive.
        const renewed = await settle({
          lease_expires_at: new Date(now.getTime() + this.leaseMs).toISOString(),
        });
        if (!renewed) return;
        if (!(await this.allowed(sub, now))) return;
        const attempt = sub.attempts + 1;
        const webhookId = messageId(sub.id, event.seq);
        const body = eventBody(event);
        const result = await this.send({
          url: sub.url,
          headers: signedHeaders(signingSecrets(sub, now), webhookId, now, body),
          body,
        });
        await recordDelivery(this.db, {
          subscription_id: sub.id,
          outbox_seq: event.seq,
          webhook_id: webhookId,
          event_type: event.type,
          attempt,
          attempted_at: now.toISOString(),
          outcome: result.ok ? 'delivered' : 'failed',
          status_code: result.status,
          latency_ms: result.latencyMs,
          error: result.error,
          response_excerpt: result.excerpt,
        });
        if (result.ok) {
          const moved = await settle({
            cursor: event.seq,
            attempts: 0,
            failure_streak: 0,
            next_attempt_at: null,
          });
          if (!moved) return;
          continue;
        }
        const streak = sub.failure_streak + 1;
        const after = this.clock();
        await settle({
          attempts: attempt,
          failure_streak: streak,
          ...(streak >= FAILURES_TO_DISABLE
            ? { enabled: 0, disabled_reason: 'failing', next_attempt_at: null }
            : { next_attempt_at: new Date(after.getTime() + retryDelay(streak, this.random)).toISOString() }),
          lease_owner: null,
          lease_expires_at: null,
        });
        return;
      }
    } finally {
      if (!released) await settle({ lease_owner: null, lease_expires_at: null }).catch(() => undefined);
    }
  }

  /**
   * Whether the subscription's key may be delivered to now: counted against its plan's deliveries for the
   * period; past them (or once the key is revoked or deactivated) it waits, its events kept.
   */
  private async allowed(sub: WebhookSubscriptionRow, now: Date): Promise<boolean> {
    const key = await this.db
      .selectFrom('api_keys')
      .select(['plan', 'billing_anchor_day', 'revoked_at', 'subscription_active', 'expires_at'])
      .where('id', '=', sub.key_id)
      .executeTakeFirst();
    const plan = key ? this.plans.get(key.plan) : undefined;
    const usable =
      key !== undefined &&
      key.revoked_at === null &&
      Number(key.subscription_active) === 1 &&
      (key.expires_at === null || Date.parse(key.expires_at) > now.getTime());
    if (!plan || !usable) {
      await settleSubscription(this.db, sub.id, this.owner, { enabled: 0, disabled_reason: 'key_inactive' });
      return false;
    }
    const period = billingPeriod(now, key.billing_anchor_day);
    const limit = webhookLimits(plan).deliveriesPerPeriod;
    if (await countDelivery(this.db, sub.key_id, period.start.toISOString(), limit)) return true;
    // Used up: tried again when the next period starts.
    await settleSubscription(this.db, sub.id, this.owner, { next_attempt_at: period.end.toISOString() });
    return false;
  }
}
