import { randomUUID } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { Kysely, Transaction } from 'kysely';
import { webhookLimits } from '../../config/plans.js';
import { webhookCursor } from '../../projections/change-cursor.js';
import type { Database } from '../../storage/schema.js';
import { countDelivery } from '../../storage/repositories/webhook-outbox.repository.js';
import {
  deleteSubscription,
  findSubscription,
  insertSubscription,
  latestOutboxSeq,
  listDeliveries,
  listSubscriptions,
  recordDelivery,
  updateSubscription,
  DELIVERIES_KEPT,
  type SubscriptionChange,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
} from '../../storage/repositories/webhook.repository.js';
import { ID_PREFIXES, idStart } from '../../vocabulary/id-prefixes.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../vocabulary/webhook-events.js';
import { FAILURES_TO_DISABLE } from '../../webhooks/retry-schedule.js';
import type { Attempt, Delivery } from '../../webhooks/send-webhook.js';
import { signedHeaders } from '../../webhooks/signature.js';
import { TargetRefused, type TargetPolicy } from '../../webhooks/target-policy.js';
import { newSubscriptionId, newWebhookSecret, SECRET_PATTERN } from '../../webhooks/webhook-secret.js';
import { signingSecrets } from '../../webhooks/delivery-worker.js';
import { ApiError, invalidParameter, notFound } from '../errors/catalogue.js';
import { idempotent, IdempotencyHeaders } from '../idempotency.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses, Nullable } from '../schemas/common.js';
import { IdString } from '../schemas/ids.js';

const tags = ['webhooks'];
/** A rotated-out secret keeps signing (beside the new one) this long, for receivers to switch over. */
export const PREVIOUS_SECRET_HOURS = 24;
const MAX_DESCRIPTION = 200;
/** The largest body a webhook route reads. */
const BODY_LIMIT = 16 * 1024;

const EventTypes = Type.Array(Type.Union(WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type))), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: 'The events to receive (docs/webhooks.md, "Event types")',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'Where events are POSTed: https (http only where the operator allows it), a public address',
});
const Description = Type.String({ minLength: 1, maxLength: MAX_DESCRIPTION });
const instant = (description: string) => Type.String({ format: 'date-time', description });

const WebhookFields = {
  id: Type.String({ pattern: '^whk_[A-Za-z0-9]+$', description: 'The subscription’s identifier' }),
  url: Type.String(),
  description: Nullable(Type.String()),
  event_types: EventTypes,
  filters: Type.Object(
    {
      competition_id: Nullable(Type.String()),
      team_id: Nullable(Type.String()),
      match_id: Nullable(Type.String()),
    },
    { description: 'Only events of this competition, team and match (null: any); ingestion runs pass them' },
  ),
  enabled: Type.Boolean({ description: 'Whether events are delivered; those not delivered wait' }),
  disabled_reason: Nullable(
    Type.Union([Type.Literal('owner'), Type.Literal('failing'), Type.Literal('key_inactive')], {
      description: `owner: disabled by PATCH; failing: ${FAILURES_TO_DISABLE} failed attempts in a row; key_inactive`,
    }),
  ),
  failure_streak: Type.Integer({ minimum: 0, description: 'Failed attempts in a row' }),
  next_attempt_at: Nullable(instant('When the event waiting is tried again, after a failure')),
  cursor: Type.String({ description: 'The webhook cursor of the last event delivered (or passed over)' }),
  previous_secret_expires_at: Nullable(
    instant('After a rotation, until when the previous secret signs too (a second signature)'),
  ),
  created_at: instant('When it was created'),
  updated_at: instant('When it last changed'),
};
const Webhook = Type.Object(WebhookFields, { $id: 'Webhook' });
const Secret = Type.String({
  pattern: SECRET_PATTERN,
  description: 'The signing secret (Standard Webhooks), shown this once: keep it to verify deliveries',
});
const WebhookWithSecret = Type.Object({ data: Type.Object({ ...WebhookFields, secret: Secret }) });
const OneWebhook = Type.Object({ data: Type.Ref(Webhook) });
const WebhookList = Type.Object({ data: Type.Array(Type.Ref(Webhook)) });

const DeliveryView = Type.Object(
  {
    id: Type.String(),
    webhook_id: Type.String({ description: 'The `webhook-id` header sent: the same on every retry' }),
    event_type: Type.String(),
    cursor: Nullable(Type.String({ description: 'The event’s webhook cursor; null for a test delivery' })),
    attempt: Type.Integer({ minimum: 1 }),
    attempted_at: instant('When the attempt began'),
    outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
    status_code: Nullable(Type.Integer({ description: 'The receiver’s status; null without an answer' })),
    latency_ms: Type.Integer({ minimum: 0 }),
    error: Nullable(Type.String({ description: 'Why it failed, in a few words' })),
    response_excerpt: Nullable(Type.String({ description: 'The first characters of the answer, no more' })),
  },
  { $id: 'WebhookDelivery' },
);
const DeliveryList = Type.Object({ data: Type.Array(Type.Ref(DeliveryView)) });
const OneDelivery = Type.Object({ data: Type.Ref(DeliveryView) });

const Params = Type.Object({ webhook_id: Type.String({ maxLength: 64 }) });

const CreateBody = Type.Object(
  {
    url: Url,
    event_types: EventTypes,
    description: Type.Optional(Description),
    competition_id: Type.Optional(IdString(idStart(ID_PREFIXES.competition))),
    team_id: Type.Optional(IdString(idStart(ID_PREFIXES.team))),
    match_id: Type.Optional(IdString(idStart(ID_PREFIXES.match))),
  },
  {
    additionalProperties: false,
    examples: [
      {
        url: 'https://hooks.example.com/touchline',
        event_types: ['match.goal', 'match.status_changed'],
        description: 'Goal notifier',
      },
    ],
  },
);
const PatchBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'true delivers again (the failure streak reset)' })),
    url: Type.Optional(Url),
    event_types: Type.Optional(EventTypes),
    description: Type.Optional(Nullable(Description)),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ enabled: true }] },
);
const RedeliverBody = Type.Object(
  {
    cursor: Type.String({
      maxLength: 64,
      description:
        'A webhook cursor (a delivery’s `cursor`, or the subscription’s): every event after it is delivered again',
    }),
  },
  { additionalProperties: false, examples: [{ cursor: 'dzEuMA' }] },
);

function webhookView(row: WebhookSubscriptionRow): Static<typeof Webhook> {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: JSON.parse(row.event_types) as Static<typeof EventTypes>,
    filters: { competition_id: row.competition_id, team_id: row.team_id, match_id: row.match_id },
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason as Static<typeof Webhook>['disabled_reason'],
    failure_streak: row.failure_streak,
    next_attempt_at: row.next_attempt_at,
    cursor: webhookCursor.encode(Number(row.cursor)),
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function deliveryView(row: WebhookDeliveryRow): Static<typeof DeliveryView> {
  return {
    id: String(row.id),
    webhook_id: row.webhook_id,
    event_type: row.event_type,
    cursor: row.outbox_seq === null ? null : webhookCursor.encode(Number(row.outbox_seq)),
    attempt: row.attempt,
    attempted_at: row.attempted_at,
    outcome: row.outcome,
    status_code: row.status_code,
    latency_ms: row.latency_ms,
    error: row.error,
    response_excerpt: row.response_excerpt,
  };
}

export interface WebhookDeps extends RouteDeps {
  policy: TargetPolicy;
  /** One HTTP attempt (sendWebhook with the policy, by default). */
  send: (delivery: Delivery) => Promise<Attempt>;
}

/** The URL as stored, or a 400 naming why it is refused (before any connection is made). */
async function checkedUrl(policy: TargetPolicy, raw: string): Promise<string> {
  try {
    return (await policy.check(raw)).href;
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    throw new ApiError('invalid_parameter', `url: ${error.message}`, {
      parameter: 'url',
      reason: error.reason,
    });
  }
}

/** A 400 when a filter names no stored record (a filter that could never match is a mistake). */
async function checkFilters(db: Kysely<Database> | Transaction<Database>, body: Static<typeof CreateBody>) {
  const tables = [
    ['competition_id', 'competitions'],
    ['team_id', 'teams'],
    ['match_id', 'matches'],
  ] as const;
  for (const [field, table] of tables) {
    const id = body[field];
    if (id === undefined) continue;
    const found = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw invalidParameter(field, `names no ${table.slice(0, -1)} of this server`);
  }
}

/**
 * Webhook subscriptions (docs/webhooks.md): the API's first writes beside calendar tokens, owned by the key
 * that creates them, admitted and counted like every request, under /webhooks beside /account (they are the
 * key's, not football data). POSTs honour Idempotency-Key (idempotency.ts).
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookDeps> = async (app, deps) => {
  const { db, policy, send } = deps;
  app.addSchema(Webhook);
  app.addSchema(DeliveryView);
  const mine = async (keyId: string, id: string) => {
    const row = await findSubscription(db, keyId, id);
    if (!row) throw notFound('Webhook', id);
    return row;
  };

  app.post(
    '/webhooks',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Subscribes a URL to events: signed POSTs from the change’s own transaction on',
        description:
          'The URL must be https (http only where the operator allows it) and reach a public address: a ' +
          'loopback, private, link-local or metadata address (or a name resolving to one) is a 400 ' +
          '`invalid_parameter` with details.reason `blocked_address`, refused before any connection, unless ' +
          'the operator allows the host (TOUCHLINE_WEBHOOK_ALLOW_HOSTS). The secret is shown once. A key ' +
          'holds as many subscriptions as its plan allows (GET /account, `webhooks`): one more is a 409 ' +
          '`conflict`. The subscription receives the events of changes committed after it is created. An ' +
          'Idempotency-Key header makes a retry answer what the first request did. Never cached.',
        tags,
        headers: IdempotencyHeaders,
        body: CreateBody,
        response: { 201: WebhookWithSecret, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { key, plan } = request.admitted!;
      const body = request.body;
      const url = await checkedUrl(policy, body.url);
      reply.header('cache-control', 'no-store');
      return idempotent(db, request, reply, async (trx) => {
        await checkFilters(trx, body);
        const now = new Date().toISOString();
        const secret = newWebhookSecret();
        const limit = webhookLimits(plan).webhooks;
        const stored = await insertSubscription(
          db,
          {
            id: newSubscriptionId(),
            key_id: key.id,
            url,
            description: body.description ?? null,
            event_types: JSON.stringify(body.event_types),
            competition_id: body.competition_id ?? null,
            team_id: body.team_id ?? null,
            match_id: body.match_id ?? null,
            secret,
            previous_secret: null,
            previous_secret_expires_at: null,
            enabled: 1,
            disabled_reason: null,
            attempts: 0,
            failure_streak: 0,
            next_attempt_at: null,
            lease_owner: null,
            lease_expires_at: null,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          },
          limit,
          trx,
        );
        if (!stored) {
          throw new ApiError(
            'conflict',
            `This key holds ${limit} webhooks already, its plan’s limit: delete one first.`,
            { reason: 'webhook_limit', limit },
          );
        }
        return { status: 201, body: { data: { ...webhookView(stored), secret } } };
      });
    },
  );

  app.get(
    '/webhooks',
    {
      schema: {
        summary: 'The calling key’s webhook subscriptions, without their secrets',
        description: 'Oldest first; deleted ones are not listed. Never cached (Cache-Control: no-store).',
        tags,
        response: { 200: WebhookList, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: (await listSubscriptions(db, request.admitted!.key.id)).map(webhookView) };
    },
  );

  app.get(
    '/webhooks/:webhook_id',
    {
      schema: {
        summary: 'One of the calling key’s webhook subscriptions',
        description: 'Another key’s subscription, or a deleted one, is a 404. Never cached.',
        tags,
        params: Params,
        response: { 200: OneWebhook, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: webhookView(await mine(request.admitted!.key.id, request.params.webhook_id)) };
    },
  );

  app.patch(
    '/webhooks/:webhook_id',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Changes a webhook subscription: enables or disables it, its URL, events or description',
        description:
          '`enabled: true` delivers again from where it stopped (a subscription disabled after ' +
          `${FAILURES_TO_DISABLE} failures in a row, too), its failure streak reset; \`enabled: false\` holds ` +
          'its events until it is enabled. A new URL is checked as at creation. Never cached.',
        tags,
        params: Params,
        body: PatchBody,
        response: { 200: OneWebhook, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const keyId = request.admitted!.key.id;
      const { webhook_id: id } = request.params;
      await mine(keyId, id);
      const body = request.body;
      const change: SubscriptionChange = {};
      if (body.url !== undefined) change.url = await checkedUrl(policy, body.url);
      if (body.event_types !== undefined) change.event_types = JSON.stringify(body.event_types);
      if (body.description !== undefined) change.description = body.description;
      if (body.enabled === true) {
        Object.assign(change, {
          enabled: 1,
          disabled_reason: null,
          failure_streak: 0,
          attempts: 0,
          next_attempt_at: null,
        });
      } else if (body.enabled === false) Object.assign(change, { enabled: 0, disabled_reason: 'owner' });
      if (!(await updateSubscription(db, keyId, id, change, new Date().toISOString()))) {
        throw notFound('Webhook', id);
      }
      reply.header('cache-control', 'no-store');
      return { data: webhookView(await mine(keyId, id)) };
    },
  );

  app.delete(
    '/webhooks/:webhook_id',
    {
      schema: {
        summary: 'Deletes a webhook subscription',
        description:
          'At once: nothing more is delivered to it. Another key’s, or one deleted already, is a 404.',
        tags,
        params: Params,
        response: {
          204: Type.Null({ description: 'Deleted' }),
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { webhook_id: id } = request.params;
      if (!(await deleteSubscription(db, request.admitted!.key.id, id, new Date().toISOString()))) {
        throw notFound('Webhook', id);
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:webhook_id/rotate-secret',
    {
      schema: {
        summary: 'A new signing secret for a webhook subscription, shown once',
        description:
          `The previous secret keeps signing for ${PREVIOUS_SECRET_HOURS} h (each delivery then carries two ` +
          'signatures in webhook-signature, Standard Webhooks’ way), so a receiver can switch without ' +
          'refusing a delivery. Honours Idempotency-Key. Never cached.',
        tags,
        params: Params,
        headers: IdempotencyHeaders,
        response: { 200: WebhookWithSecret, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const keyId = request.admitted!.key.id;
      const { webhook_id: id } = request.params;
      reply.header('cache-control', 'no-store');
      return idempotent(db, request, reply, async (trx) => {
        const row = await findSubscription(trx, keyId, id);
        if (!row) throw notFound('Webhook', id);
        const now = new Date();
        const secret = newWebhookSecret();
        const expires = new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString();
        const change = { secret, previous_secret: row.secret, previous_secret_expires_at: expires };
        await updateSubscription(trx, keyId, id, change, now.toISOString());
        const updated = { ...row, ...change, updated_at: now.toISOString() };
        return { status: 200, body: { data: { ...webhookView(updated), secret } } };
      });
    },
  );

  app.post(
    '/webhooks/:webhook_id/redeliver',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Delivers a subscription’s events again, after a cursor',
        description:
          'Sets the subscription’s cursor back to `cursor` (every delivery’s body, GET …/deliveries and the ' +
          'subscription show cursors; `dzEuMA` is the outbox’s start): every event after it that the ' +
          'subscription asks for is delivered again, in order, under its own webhook-id (a receiver that ' +
          'de-duplicates by it sees them as repeats). Events are kept 7 days. A cursor this server did not ' +
          'give, or one after the newest event, is a 400. Honours Idempotency-Key.',
        tags,
        params: Params,
        headers: IdempotencyHeaders,
        body: RedeliverBody,
        response: { 200: OneWebhook, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const keyId = request.admitted!.key.id;
      const { webhook_id: id } = request.params;
      const seq = webhookCursor.decode(request.body.cursor);
      if (seq === undefined) throw invalidParameter('cursor', 'is not a webhook cursor of this server');
      reply.header('cache-control', 'no-store');
      return idempotent(db, request, reply, async (trx) => {
        const row = await findSubscription(trx, keyId, id);
        if (!row) throw notFound('Webhook', id);
        if (seq > (await latestOutboxSeq(trx))) throw invalidParameter('cursor', 'is after the newest event');
        const now = new Date().toISOString();
        const change = { cursor: seq, attempts: 0, next_attempt_at: null };
        await updateSubscription(trx, keyId, id, change, now);
        return { status: 200, body: { data: webhookView({ ...row, ...change, updated_at: now }) } };
      });
    },
  );

  app.post(
    '/webhooks/:webhook_id/test',
    {
      schema: {
        summary: 'Sends a signed test event to a subscription’s URL now, and answers how it went',
        description:
          `A \`${WEBHOOK_TEST_EVENT}\` event, signed as every delivery is, POSTed at once (disabled or ` +
          'not) with the delivery timeouts; the answer is the attempt (also listed in …/deliveries), 200 ' +
          'whether the receiver took it or not. It counts as a delivery of the plan’s period, and changes ' +
          'nothing of the subscription’s events or failure streak.',
        tags,
        params: Params,
        response: { 200: OneDelivery, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const { key, plan, period } = request.admitted!;
      const row = await mine(key.id, request.params.webhook_id);
      const limit = webhookLimits(plan).deliveriesPerPeriod;
      if (!(await countDelivery(db, key.id, period.start.toISOString(), limit))) {
        const seconds = Math.max(1, Math.ceil((period.end.getTime() - Date.now()) / 1000));
        throw new ApiError(
          'rate_limit',
          `This key’s ${limit} webhook deliveries of the period are used up.`,
          { reason: 'webhook_deliveries', limit },
          { 'retry-after': String(seconds) },
        );
      }
      const now = new Date();
      const webhookId = `msg_test_${randomUUID().replaceAll('-', '')}`;
      const body = JSON.stringify({
        type: WEBHOOK_TEST_EVENT,
        timestamp: now.toISOString(),
        cursor: null,
        data: { webhook: row.id },
      });
      const attempt = await send({
        url: row.url,
        headers: signedHeaders(signingSecrets(row, now), webhookId, now, body),
        body,
      });
      const delivery = {
        subscription_id: row.id,
        outbox_seq: null,
        webhook_id: webhookId,
        event_type: WEBHOOK_TEST_EVENT,
        attempt: 1,
        attempted_at: now.toISOString(),
        outcome: attempt.ok ? ('delivered' as const) : ('failed' as const),
        status_code: attempt.status,
        latency_ms: attempt.latencyMs,
        error: attempt.error,
        response_excerpt: attempt.excerpt,
      };
      const stored = await recordDelivery(db, delivery);
      reply.header('cache-control', 'no-store');
      return { data: deliveryView({ ...delivery, id: stored }) };
    },
  );

  app.get(
    '/webhooks/:webhook_id/deliveries',
    {
      schema: {
        summary: 'A subscription’s recent delivery attempts, newest first',
        description:
          `Time, outcome, the receiver’s status, latency and error of each attempt; the newest ` +
          `${DELIVERIES_KEPT} are kept. Only an excerpt of the receiver’s answer is kept. Never cached.`,
        tags,
        params: Params,
        querystring: Type.Object(
          { limit: Type.Integer({ minimum: 1, maximum: DELIVERIES_KEPT, default: 25 }) },
          { additionalProperties: false },
        ),
        response: { 200: DeliveryList, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const row = await mine(request.admitted!.key.id, request.params.webhook_id);
      reply.header('cache-control', 'no-store');
      return { data: (await listDeliveries(db, row.id, request.query.limit)).map(deliveryView) };
    },
  );
};
