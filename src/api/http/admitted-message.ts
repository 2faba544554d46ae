import type { IncomingMessage } from 'node:http';
import type { Counted } from '../../auth/admission.js';

const ADMITTED = Symbol('touchline.admitted');

/** A request counted before Fastify saw it, and what its answer's read threw. */
export interface AdmittedBefore {
  /** Undefined when the key itself could not be looked up (the failure says why). */
  verdict: Counted | undefined;
  /** The error the read fast path's read failed with: Fastify's error handler answers it. */
  failure: Error;
}

type Marked = IncomingMessage & { [ADMITTED]?: AdmittedBefore };

/**
 * Records on a request that it was counted already, and why its read failed: the read fast path counts
 * a request before reading its answer, so that a key over its limit reads nothing (no database
 * connection for a 429), and hands Fastify what it does not answer itself (a 404, a database gone) with
 * this mark, so that the request is counted once and read once whichever path answers it: Fastify's
 * error handler answers the error as it answers any route's (a database that does not answer is not
 * waited for twice).
 */
export function markAdmitted(req: IncomingMessage, verdict: Counted | undefined, failure: unknown): void {
  const error = failure instanceof Error ? failure : new Error(String(failure));
  (req as Marked)[ADMITTED] = { verdict, failure: error };
}

/** How a request was admitted before Fastify saw it; undefined when it was not counted yet. */
export function admittedBefore(req: IncomingMessage): AdmittedBefore | undefined {
  return (req as Marked)[ADMITTED];
}
