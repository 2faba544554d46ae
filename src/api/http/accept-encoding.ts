import { Negotiator } from '@fastify/accept-negotiator';
import type { Coding } from '../compressed-body.js';

/** Distinct Accept-Encoding values remembered: clients send a handful; a flood of others must not grow it. */
const REMEMBERED = 64;

/** The negotiator's memory of headers it has read, emptied when full rather than grown. */
class BoundedMemo extends Map<string, string> {
  override set(key: string, value: string): this {
    if (this.size >= REMEMBERED) this.clear();
    return super.set(key, value);
  }
}

// gzip first: on equal preference it wins (the smaller CPU cost for an answer not cached; cached answers keep
// both forms ready, compressed-body.ts).
const negotiator = new Negotiator<Coding>({ supportedValues: ['gzip', 'br'], cache: new BoundedMemo() });

/**
 * The coding an answer is compressed with for a request's Accept-Encoding (RFC 9110 12.5.3: q-values,
 * `*`, `;q=0` refusing one), or null to send it as it is: no header, only `identity`, or nothing this
 * server offers.
 */
export function acceptedCoding(header: string | undefined): Coding | null {
  return header === undefined || header === '' ? null : negotiator.negotiate(header);
}
