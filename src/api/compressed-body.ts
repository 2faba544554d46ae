import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { bodyBytes, type CachedResponse } from '../cache/response-cache.js';
import { render } from './cached-body.js';

/**
 * Compressed answers (gzip and br, by Accept-Encoding), the one place that knows how a body is compressed,
 * for the read fast path and the full path alike, so that both send the same bytes.
 *
 * A cached answer differs per request only by its request ID (cached-body.ts). Its gzip form is kept as
 * two pieces compressed once: the gzip header and the deflated text before the ID, flushed to a byte
 * boundary without ending the stream, and the deflated text after it, ending the stream. Each request
 * sends the first piece, the ID as a stored (uncompressed) deflate block, the second piece, and the
 * gzip trailer, whose CRC-32 continues the first piece's: a cache hit costs a few hundred bytes of
 * work, not a compression of the page. Deflate allows it: a stream is a sequence of blocks, a stored
 * block may follow any byte-aligned one, and the second piece's back-references stay within itself.
 * Brotli streams cannot be joined that way, so a br answer is compressed per request: gzip is preferred
 * when a client accepts both equally (browsers and curl do).
 */

export type Coding = 'gzip' | 'br';

/** Below this many bytes a body goes as it is: compressing saves less than the work and the header cost. */
export const MIN_COMPRESSED_BYTES = 1024;
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 4;

/** What a body is sent as when compressed: its chunks in order, and their length. */
export interface CompressedBody {
  coding: Coding;
  chunks: Buffer[];
  bytes: number;
}

interface GzipPieces {
  /** gzip header and the deflated text before the request ID, ending on a byte boundary. */
  head: Buffer;
  beforeCrc: number;
  beforeBytes: number;
  /** The deflated text after the ID, ending the deflate stream; its raw bytes, for the CRC. */
  tail: Buffer;
  after: Buffer;
}

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

const gzipped = new WeakMap<CachedResponse, GzipPieces | Buffer>();

function gzipPieces(entry: CachedResponse): GzipPieces | Buffer {
  let pieces = gzipped.get(entry);
  if (!pieces) {
    if (entry.after === null) pieces = gzipSync(entry.before, { level: GZIP_LEVEL });
    else {
      const before = bodyBytes(entry.before);
      const after = bodyBytes(entry.after);
      const flushed = deflateRawSync(before, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
      pieces = {
        head: Buffer.concat([GZIP_HEADER, flushed]),
        beforeCrc: crc32(before),
        beforeBytes: before.length,
        tail: deflateRawSync(after, { level: GZIP_LEVEL }),
        after,
      };
    }
    gzipped.set(entry, pieces);
  }
  return pieces;
}

/** The request's part of a spliced gzip body: the ID as a stored block, the tail, and the trailer. */
function gzipRest(pieces: GzipPieces, requestId: string): Buffer {
  const idBytes = requestId.length + 2;
  const rest = Buffer.allocUnsafe(5 + idBytes + pieces.tail.length + 8);
  // A stored block, not the last: BFINAL 0, BTYPE 00, then LEN and its one's complement.
  rest[0] = 0;
  rest.writeUInt16LE(idBytes, 1);
  rest.writeUInt16LE(~idBytes & 0xffff, 3);
  // Request IDs are plain ASCII (request-id.ts): JSON-quoting one is adding quotes.
  rest.write(`"${requestId}"`, 5, 'latin1');
  const id = rest.subarray(5, 5 + idBytes);
  pieces.tail.copy(rest, 5 + idBytes);
  const at = 5 + idBytes + pieces.tail.length;
  rest.writeUInt32LE(crc32(pieces.after, crc32(id, pieces.beforeCrc)), at);
  rest.writeUInt32LE((pieces.beforeBytes + idBytes + pieces.after.length) >>> 0, at + 4);
  return rest;
}

function brotli(text: string | Buffer): Buffer {
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

function body(coding: Coding, chunks: Buffer[]): CompressedBody {
  let bytes = 0;
  for (const chunk of chunks) bytes += chunk.length;
  return { coding, chunks, bytes };
}

/** Whether a body of about `length` characters is worth compressing. */
function worthIt(length: number): boolean {
  return length >= MIN_COMPRESSED_BYTES;
}

/** A cached answer with `requestId` in place, compressed; undefined when it is too small to be worth it. */
export function compressEntry(
  entry: CachedResponse,
  requestId: string,
  coding: Coding,
): CompressedBody | undefined {
  if (!worthIt(entry.before.length + (entry.after?.length ?? 0))) return undefined;
  if (coding === 'br') return body(coding, [brotli(render(entry, requestId))]);
  const pieces = gzipPieces(entry);
  return Buffer.isBuffer(pieces)
    ? body(coding, [pieces])
    : body(coding, [pieces.head, gzipRest(pieces, requestId)]);
}

/** Any other body, compressed; undefined when it is too small to be worth it. */
export function compressText(text: string | Buffer, coding: Coding): CompressedBody | undefined {
  if (!worthIt(text.length)) return undefined;
  return body(coding, [coding === 'br' ? brotli(text.toString()) : gzipSync(text, { level: GZIP_LEVEL })]);
}
