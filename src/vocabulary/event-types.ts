/**
 * What a match timeline records, and in which period: the live updates' words (docs/live-updates.md) and
 * the API timeline's, which adds what only the sources record. Shared by api/ and live/.
 */

/** The timeline events a live update may add (the API's timeline types, plus a penalty missed in play). */
export const LIVE_EVENT_TYPES = [
  'goal',
  'own_goal',
  'penalty_goal',
  'missed_penalty',
  'yellow_card',
  'second_yellow_card',
  'red_card',
  'substitution',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The API timeline's event types: a live update's, and shoot-out kicks and VAR reviews from the sources. */
export const TIMELINE_EVENT_TYPES = [...LIVE_EVENT_TYPES, 'shootout_kick', 'var'] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/** The periods a live update's event may be in: a shoot-out's kicks come from the sources only. */
export const LIVE_PERIODS = [
  'first_half',
  'second_half',
  'extra_time_first_half',
  'extra_time_second_half',
] as const;
export type LivePeriod = (typeof LIVE_PERIODS)[number];

export const TIMELINE_PERIODS = [...LIVE_PERIODS, 'penalty_shootout'] as const;
export type TimelinePeriod = (typeof TIMELINE_PERIODS)[number];
