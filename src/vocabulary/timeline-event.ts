import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TIMELINE_EVENT_TYPES, TIMELINE_PERIODS } from './event-types.js';

/**
 * One event of a match timeline as the API shows it (GET …/matches/{id}/timeline) and as the live
 * stream sends the events an update added (src/live/live-changes.ts): one shape for both, so a change to
 * it is a change to both.
 */

const asText = (values: readonly string[]): string[] => [...values];

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PlayerRef = Type.Object({
  id: Type.String({ description: 'prefix player_' }),
  name: Type.String(),
});

/** An event's player: a source may name a scorer it has no player record for (id null). */
export const EventPlayer = Type.Object({
  id: Nullable(Type.String({ description: 'prefix player_; null when no source knows the player' })),
  name: Type.String(),
});

export const TimelineEvent = Type.Object({
  // What a live update may add (a penalty missed in play only the operator's feed records), and what
  // only the sources record: shoot-out kicks and VAR reviews.
  // Typed as strings (the lists as plain arrays): the rows a timeline is read from hold text.
  type: Type.Union(asText(TIMELINE_EVENT_TYPES).map((t) => Type.Literal(t))),
  period: Nullable(
    Type.Union(
      asText(TIMELINE_PERIODS).map((p) => Type.Literal(p)),
      { description: 'Null when the source gives no minute' },
    ),
  ),
  minute: Nullable(Type.Integer({ minimum: 0 })),
  stoppage_minute: Nullable(Type.Integer({ minimum: 0 })),
  label: Nullable(Type.String({ description: 'Display minute such as "90+2\'"' })),
  team: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  player: Nullable(EventPlayer),
  related_player: Nullable(PlayerRef),
  detail: Nullable(Type.String()),
});
export type TimelineEvent = Static<typeof TimelineEvent>;
