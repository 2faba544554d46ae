import { brotliCompressSync, constants } from 'node:zlib';

/**
 * A brotli stream made of a part compressed once and a tail sent as it is (RFC 7932), as the gzip form
 * of a cached answer is (compressed-body.ts): the text before the request ID is compressed and flushed
 * without ending the stream, which the encoder ends on a byte boundary; each request appends one
 * uncompressed meta-block with the ID and the text after it, then an empty last meta-block. A
 * meta-block may follow any other, and an uncompressed one references nothing, so the head is valid
 * before any tail.
 */

/**
 * Quality 4 (of 0-11), for the kept heads and the answers compressed per request alike. Measured on a
 * real 100-match page (52,088 bytes, docs/api.md "Compression"): it costs about what gzip level 6 does
 * (390 against 424 µs of CPU) for 5% fewer bytes (3,382 against 3,550); 5 and 6 cost 1.5 times as much for
 * 5-7% fewer, 7 and up twice or more for nothing further; 2 costs half as much for 2% more bytes, 0 and 1
 * a quarter for more bytes than gzip. A cached answer is compressed once (compressed-body.ts), so the
 * level counts only for the first request of an answer and for answers not cached.
 */
export const BROTLI_QUALITY = 4;

/** The longest tail one uncompressed meta-block of 4 length nibbles holds (MLEN - 1 in 16 bits). */
export const MAX_BROTLI_TAIL = 1 << 16;

function options(bytes: number, finishFlush: number) {
  return {
    finishFlush,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  };
}

/** A whole brotli stream. */
export function brotli(text: string | Buffer): Buffer {
  return brotliCompressSync(text, options(text.length, constants.BROTLI_OPERATION_FINISH));
}

/** The stream's head: `text` compressed, flushed to a byte boundary, the stream left open. */
export function brotliHead(text: string | Buffer): Buffer {
  return brotliCompressSync(text, options(text.length, constants.BROTLI_OPERATION_FLUSH));
}

/** The end of a stream begun by `brotliHead`: `parts` as they are, in one meta-block, then the last one. */
export function brotliTail(parts: readonly Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  if (length === 0 || length > MAX_BROTLI_TAIL) throw new RangeError(`a brotli tail of ${length} bytes`);
  const tail = Buffer.allocUnsafe(3 + length + 1);
  // Bits from the lowest: ISLAST 0, MNIBBLES 0 (four nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1,
  // then zeros to the byte boundary: 20 bits in 3 bytes.
  const header = ((length - 1) << 3) | (1 << 19);
  tail[0] = header & 0xff;
  tail[1] = (header >>> 8) & 0xff;
  tail[2] = header >>> 16;
  let at = 3;
  for (const part of parts) at += part.copy(tail, at);
  // ISLAST 1, ISLASTEMPTY 1: the stream ends.
  tail[at] = 0b11;
  return tail;
}
