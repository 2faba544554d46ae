/**
 * The event types a webhook subscription may ask for (docs/webhooks.md, "Event types"). Shared by the outbox
 * projection that writes them (src/projections/webhook-outbox.ts), the delivery worker and the API's routes.
 */
export const WEBHOOK_EVENT_TYPES = [
  'match.created',
  'match.updated',
  'match.removed',
  'match.status_changed',
  'match.goal',
  'match.card',
  'match.substitution',
  'standings.changed',
  'ingestion.run',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a test delivery (POST /webhooks/{id}/test) is typed: never in the outbox, never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The timeline events each kind of event-level webhook carries (the timeline's own types). */
export const TIMELINE_WEBHOOK_TYPES: Readonly<Record<string, WebhookEventType>> = {
  goal: 'match.goal',
  own_goal: 'match.goal',
  penalty_goal: 'match.goal',
  yellow_card: 'match.card',
  second_yellow_card: 'match.card',
  red_card: 'match.card',
  substitution: 'match.substitution',
};

/** What happened to a timeline event a `match.goal`, `match.card` or `match.substitution` names. */
export const TIMELINE_ACTIONS = ['added', 'changed', 'removed'] as const;
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];
