import type { IncomingMessage } from 'node:http';
import type { Counted } from '../../auth/admission.js';

const ADMITTED = Symbol('touchline.admitted');

type Marked = IncomingMessage & { [ADMITTED]?: Counted };

/**
 * Records on a request that it was counted already: the read fast path counts a request before reading
 * its answer, so that a key over its limit reads nothing (no database connection for a 429), and hands
 * Fastify what it does not answer itself (a 404, a database gone) with this mark, so that the request
 * is counted once whichever path answers it.
 */
export function markAdmitted(req: IncomingMessage, verdict: Counted): void {
  (req as Marked)[ADMITTED] = verdict;
}

/** The count a request was admitted with before Fastify saw it; undefined when it was not counted yet. */
export function admittedBefore(req: IncomingMessage): Counted | undefined {
  return (req as Marked)[ADMITTED];
}
