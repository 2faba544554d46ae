/** What is known of a request once it is answered: its route, status, timing and what admission decided. */
export interface AnsweredRequest {
  /** The route pattern (`/api/v1/football/matches/:id`), or `unmatched`. */
  route: string;
  method: string;
  /** The request target as sent (path and query string). */
  url: string;
  status: number;
  /** From the request head to the answer. */
  seconds: number;
  /** The key that was admitted or refused for its limits; null without one. Never the key itself. */
  keyId: string | null;
  requestId: string;
  /** Bytes of the body. */
  bytes: number;
}

/** Told of every answered request: the access log and the metrics (see app.ts). */
export type OnAnswered = (answer: AnsweredRequest) => void;

/** Observers in one, or undefined when there is none (nothing is then measured per request). */
export function onAnsweredOf(...observers: Array<OnAnswered | undefined>): OnAnswered | undefined {
  const present = observers.filter((o): o is OnAnswered => o !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return (answer) => {
    for (const observer of present) observer(answer);
  };
}
