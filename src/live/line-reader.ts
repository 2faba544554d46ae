/** The longest line a stream of updates may hold: longer ones are refused, never kept whole. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** How much of a refused long line is kept, for the rejections log. */
const HEAD_BYTES = 256;

export type LineItem =
  | { kind: 'line'; number: number; text: string }
  /** A line over the limit: its length, and its first bytes as text. */
  | { kind: 'too-long'; number: number; bytes: number; head: string }
  /** A line that is not UTF-8 text. */
  | { kind: 'not-text'; number: number; head: string };

const NEWLINE = 0x0a;
const decoder = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/**
 * The lines of a byte stream (JSON lines: `\n` or `\r\n` ends one, blank lines are skipped), holding at
 * most `maxBytes` of one line at a time: a longer line is reported as too long, with its length and its
 * first bytes, and the rest of it is skipped as it arrives. A last line without a newline counts.
 */
export async function* boundedLines(
  chunks: AsyncIterable<Uint8Array | string>,
  maxBytes = MAX_LINE_BYTES,
): AsyncGenerator<LineItem> {
  let parts: Buffer[] = [];
  let held = 0;
  /** Bytes of the current line when it is over the limit (its head kept), else -1. */
  let skipped = -1;
  let head = '';
  let number = 0;

  const finish = (): LineItem | undefined => {
    number += 1;
    if (skipped >= 0) {
      const item: LineItem = { kind: 'too-long', number, bytes: skipped, head };
      skipped = -1;
      head = '';
      return item;
    }
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, held);
    parts = [];
    held = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return { kind: 'not-text', number, head: lenient.decode(bytes.subarray(0, HEAD_BYTES)) };
    }
    return text.trim() === '' ? undefined : { kind: 'line', number, text };
  };

  const take = (piece: Buffer) => {
    if (piece.length === 0) return;
    if (skipped >= 0) {
      skipped += piece.length;
      return;
    }
    if (held + piece.length > maxBytes) {
      head = lenient.decode((parts[0] ?? piece).subarray(0, HEAD_BYTES));
      skipped = held + piece.length;
      parts = [];
      held = 0;
      return;
    }
    // Copied: the chunk's memory may be reused by whoever sent it.
    parts.push(Buffer.from(piece));
    held += piece.length;
  };

  for await (const chunk of chunks) {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    for (;;) {
      const at = bytes.indexOf(NEWLINE, from);
      if (at === -1) break;
      take(bytes.subarray(from, at));
      const item = finish();
      if (item) yield item;
      from = at + 1;
    }
    take(bytes.subarray(from));
  }
  if (held > 0 || skipped >= 0) {
    const item = finish();
    if (item) yield item;
  }
}

/** Whether `byte` is whitespace a blank line may hold (space, tab, carriage return). */
const blank = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d;

/**
 * How many lines of `body` boundedLines would hand on (those that are not blank), counted without
 * decoding them: what a request's cap on updates is checked against before any is applied.
 */
export function countLines(body: Uint8Array): number {
  let lines = 0;
  let filled = false;
  for (const byte of body) {
    if (byte === NEWLINE) {
      if (filled) lines += 1;
      filled = false;
    } else if (!filled && !blank(byte)) filled = true;
  }
  return filled ? lines + 1 : lines;
}
