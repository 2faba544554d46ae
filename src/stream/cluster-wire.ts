import type { LiveEvent } from './live-event.js';

// Messages between a cluster's primary, which follows the live-update log for the whole instance, and its
// workers, which serve the streams (live-primary.ts, worker-live.ts). IPC keeps each channel's order, so
// a worker that is told the cursor and then the events after it misses none and sees none twice.

/** Worker → primary: the worker listens; answered with CURSOR. */
export const HELLO = 'touchline:live:hello';
/** Primary → worker: where the log stands; the events after it follow as EVENTS. */
export const CURSOR = 'touchline:live:cursor';
/** Primary → workers: events read from the log, in sequence order. */
export const EVENTS = 'touchline:live:events';
/** Worker → primary: updates were applied in the worker; read the log now. */
export const WAKE = 'touchline:live:wake';
/** Worker → primary: take a stream slot of a key; answered with SLOT_REPLY. */
export const SLOT_ACQUIRE = 'touchline:streams:acquire';
export const SLOT_REPLY = 'touchline:streams:reply';
/** Worker → primary: a slot taken is free again. */
export const SLOT_RELEASE = 'touchline:streams:release';

/** How long a worker waits for the primary's answer (a cursor, a slot) before refusing the stream. */
export const IPC_TIMEOUT_MS = 2000;

export type ToWorker =
  | { type: typeof CURSOR; cursor: number }
  | { type: typeof EVENTS; events: LiveEvent[] }
  | { type: typeof SLOT_REPLY; id: number; granted: boolean };

export type ToPrimary =
  | { type: typeof HELLO }
  | { type: typeof WAKE }
  | { type: typeof SLOT_ACQUIRE; id: number; keyId: string; limit: number }
  | { type: typeof SLOT_RELEASE; id: number };

const TYPES = new Set<string>([HELLO, CURSOR, EVENTS, WAKE, SLOT_ACQUIRE, SLOT_REPLY, SLOT_RELEASE]);

/** Whether `message` is one of these (other modules share the channel: limits, metrics). */
export function isLiveMessage(message: unknown): message is ToWorker | ToPrimary {
  return (
    typeof message === 'object' && message !== null && TYPES.has((message as { type?: string }).type ?? '')
  );
}
