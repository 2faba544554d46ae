/**
 * The change feed's cursors: `c1.<seq>` (the log's own sequence number) as base64url without padding.
 * Opaque to clients; the same on every instance and across restarts, since the number is the log's.
 * Webhook cursors are written the same way over the outbox's numbers, with `w1.` (webhookCursor).
 */

/** A sequence number as this API writes it: decimal digits, no sign, no leading zero, no exponent. */
const SEQ = /^(?:0|[1-9][0-9]{0,15})$/;

/** Cursors over one log's sequence numbers, told apart from other logs' by `prefix`. */
export function cursorCodec(prefix: string) {
  const encode = (seq: number): string => Buffer.from(`${prefix}${seq}`).toString('base64url');
  /**
   * The sequence number of a cursor this API gave, or undefined for anything else. Only what `encode`
   * writes is read back: Number() would take `1e3`, `0x10`, ` 5` or `010` as numbers, and base64url
   * decoding ignores what it cannot read and the spare bits of the last character, so that many strings
   * would stand for one cursor; a client sending one of them has a bug, which a 400 shows at once.
   */
  const decode = (cursor: string): number | undefined => {
    const text = Buffer.from(cursor, 'base64url').toString('latin1');
    if (!text.startsWith(prefix)) return undefined;
    const digits = text.slice(prefix.length);
    if (!SEQ.test(digits)) return undefined;
    const seq = Number(digits);
    if (!Number.isSafeInteger(seq) || encode(seq) !== cursor) return undefined;
    return seq;
  };
  return { encode, decode };
}

const changes = cursorCodec('c1.');
export const encodeCursor = changes.encode;
export const decodeCursor = changes.decode;

/** Cursors over the webhook outbox (docs/webhooks.md, "Redelivery"). */
export const webhookCursor = cursorCodec('w1.');
