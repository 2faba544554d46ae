import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { bodyBytes, type CachedResponse } from '../cache/response-cache.js';
import { brotli, brotliHead, brotliTail } from './brotli-splice.js';
import { render } from './cached-body.js';

/**
 * Compressed answers (gzip and br, by Accept-Encoding), the one place that knows how a body is compressed.
 *
 * A cached answer differs per request only by its request ID (cached-body.ts). Its gzip form is kept as
 * one piece compressed once: the gzip header and the deflated text before the ID, flushed to a byte
 * boundary without ending the stream. Each request sends that piece, then one last block stored as it
 * is (uncompressed) holding the ID and the text after it, and the gzip trailer, whose CRC-32 continues
 * the first piece's: a cache hit costs a few hundred bytes of work, not a compression of the page.
 * Deflate allows it: a stream is a sequence of blocks, and a stored block may follow any byte-aligned
 * one. The text after the ID is the end of the answer's meta, tens of bytes: compressing it would save
 * less than a second piece and its CRC cost per request.
 * A br answer is kept the same way (brotli-splice.ts): the text before the ID compressed once and
 * flushed, then per request one meta-block stored as it is with the ID and the text after it, and the
 * last, empty one. Each form is made at the first request that asks for it, so an answer never asked
 * for in br costs no brotli work.
 */

export type Coding = 'gzip' | 'br';

/** Below this many bytes a body goes as it is: compressing saves less than the work and the header cost. */
export const MIN_COMPRESSED_BYTES = 1024;
const GZIP_LEVEL = 6;

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
  /** The text after the ID, sent as it is in the last block, after the ID. */
  after: Buffer;
}

/** A cached answer's br form: the compressed text before the ID, and the text after it. */
interface BrotliPieces {
  head: Buffer;
  after: Buffer;
}

/**
 * Longest text after the ID sent as it is (a gzip stored block holds up to 65,535 bytes, a brotli
 * uncompressed meta-block 65,536): the routes' meta ends tens of bytes after it, and sent as it is this
 * costs at most about as many bytes more than compressed. Past it, the answer is compressed whole with
 * its request ID, per request, in either coding.
 */
const MAX_STORED_AFTER = 1024;

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Per cached answer: its whole gzip form, its pieces, or null when it is compressed per request. */
const gzipped = new WeakMap<CachedResponse, GzipPieces | Buffer | null>();

function gzipPieces(entry: CachedResponse): GzipPieces | Buffer | null {
  let pieces = gzipped.get(entry);
  if (pieces === undefined) {
    if (entry.after === null) pieces = gzipSync(entry.before, { level: GZIP_LEVEL });
    else if (entry.after.length > MAX_STORED_AFTER) pieces = null;
    else {
      const before = bodyBytes(entry.before);
      const flushed = deflateRawSync(before, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
      pieces = {
        head: Buffer.concat([GZIP_HEADER, flushed]),
        beforeCrc: crc32(before),
        beforeBytes: before.length,
        after: bodyBytes(entry.after),
      };
    }
    gzipped.set(entry, pieces);
  }
  return pieces;
}

/** The request's part of a spliced gzip body: the last block, stored, with the ID and what follows it. */
function gzipRest(pieces: GzipPieces, requestId: string): Buffer {
  const stored = requestId.length + 2 + pieces.after.length;
  const rest = Buffer.allocUnsafe(5 + stored + 8);
  // BFINAL 1, BTYPE 00 (stored), then LEN and its one's complement.
  rest[0] = 1;
  rest.writeUInt16LE(stored, 1);
  rest.writeUInt16LE(~stored & 0xffff, 3);
  // Request IDs are plain ASCII (request-id.ts): JSON-quoting one is adding quotes.
  rest.write(`"${requestId}"`, 5, 'latin1');
  pieces.after.copy(rest, 5 + requestId.length + 2);
  const end = 5 + stored;
  rest.writeUInt32LE(crc32(rest.subarray(5, end), pieces.beforeCrc), end);
  rest.writeUInt32LE((pieces.beforeBytes + stored) >>> 0, end + 4);
  return rest;
}

/** Per cached answer: its whole br form, its pieces, or null when it is compressed per request. */
const brotlied = new WeakMap<CachedResponse, BrotliPieces | Buffer | null>();

function brotliPieces(entry: CachedResponse): BrotliPieces | Buffer | null {
  let pieces = brotlied.get(entry);
  if (pieces === undefined) {
    if (entry.after === null) pieces = brotli(entry.before);
    else if (entry.after.length > MAX_STORED_AFTER) pieces = null;
    else pieces = { head: brotliHead(entry.before), after: bodyBytes(entry.after) };
    brotlied.set(entry, pieces);
  }
  return pieces;
}

/** The request's part of a spliced br body: the ID and what follows it, as they are, and the end. */
function brotliRest(pieces: BrotliPieces, requestId: string): Buffer {
  // Request IDs are plain ASCII (request-id.ts): JSON-quoting one is adding quotes.
  return brotliTail([Buffer.from(`"${requestId}"`, 'latin1'), pieces.after]);
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
  if (coding === 'br') {
    const pieces = brotliPieces(entry);
    if (pieces === null) return compressText(render(entry, requestId), coding);
    return Buffer.isBuffer(pieces)
      ? body(coding, [pieces])
      : body(coding, [pieces.head, brotliRest(pieces, requestId)]);
  }
  const pieces = gzipPieces(entry);
  if (pieces === null) return compressText(render(entry, requestId), coding);
  return Buffer.isBuffer(pieces)
    ? body(coding, [pieces])
    : body(coding, [pieces.head, gzipRest(pieces, requestId)]);
}

/** Any other body, compressed; undefined when it is too small to be worth it. */
export function compressText(text: string | Buffer, coding: Coding): CompressedBody | undefined {
  if (!worthIt(text.length)) return undefined;
  return body(coding, [coding === 'br' ? brotli(text) : gzipSync(text, { level: GZIP_LEVEL })]);
}
