import { randomUUID } from 'node:crypto';

/** The random part of this process's IDs: the first 24 characters of a UUID (version 4). */
let prefix = randomUUID().slice(0, 24);
let counter = 0;
const COUNTER_LIMIT = 2 ** 48;

/**
 * Every answer's X-Request-Id (and meta.request_id), on both paths: a UUID whose last 12 hex digits count
 * this process's requests after a random prefix drawn at start. IDs are unique within a process by the
 * counter and across processes and instances by the prefix's 74 random bits, and cost a fraction of a
 * random UUID each.
 */
export function newRequestId(): string {
  counter += 1;
  if (counter === COUNTER_LIMIT) {
    prefix = randomUUID().slice(0, 24);
    counter = 1;
  }
  return prefix + counter.toString(16).padStart(12, '0');
}
