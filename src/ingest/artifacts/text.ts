import type { ArtifactFile } from '../canonical.js';
import { IngestError } from '../ingest-error.js';

/**
 * Every source file is read as text through here. Decoding is strict: a byte sequence that is not UTF-8
 * would otherwise become U+FFFD and end up in names (`Arsenal �� FC`) as if the source said so. A leading
 * byte-order mark is dropped.
 */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

export type DecodedText = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Where the first byte sequence that is not UTF-8 starts, or -1: overlong forms, surrogates, code points
 * past U+10FFFF, stray continuation bytes and a sequence cut short all count, as for TextDecoder.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    let more: number;
    // The range of the first continuation byte, narrowed where the lead byte alone allows bad forms.
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) more = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      more = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      more = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= more; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || next < low || next > high) return i;
      low = 0x80;
      high = 0xbf;
    }
    i += more + 1;
  }
  return -1;
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (bytes[i] === 0x0a) line += 1;
  return line;
}

/** A file's text, or why it has none: the byte offset (from 0) and line of the first invalid sequence. */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { ok: true, text: STRICT_UTF8.decode(bytes) };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const byte = `0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')}`;
    return {
      ok: false,
      reason: `not valid UTF-8: invalid byte sequence (${byte}) at byte offset ${at}, line ${lineAt(bytes, at)}`,
    };
  }
}

/** A file's text; a file that is not UTF-8 fails the run (for reference data, which has no records to reject). */
export function utf8Text(file: ArtifactFile): string {
  const decoded = decodeUtf8(file.bytes);
  if (!decoded.ok) throw new IngestError(`${file.uri}: ${decoded.reason}`);
  return decoded.text;
}
