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

/**
 * Characters no stored text may hold, whatever the source (docs/feed.md, "Text"):
 * - C0 and C1 control characters and DEL. PostgreSQL refuses U+0000 in text outright, which failed the
 *   whole run there while SQLite stored it; the others are never part of a name, and a tab or line break
 *   in one breaks every listing and export that shows it on a line.
 * - The explicit bidirectional formatting characters (embeddings, overrides U+202A-U+202E and isolates
 *   U+2066-U+2069): an override reorders what follows it in every client that shows the name
 *   (`U+202E` makes "FC Ajax" read backwards), the "Trojan Source" trick. The implicit marks (U+200E,
 *   U+200F, U+061C), which right-to-left names legitimately carry, and joiners stay allowed.
 * - A lone surrogate (a JSON `\ud800` escape): no character at all, stored as U+FFFD or refused.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

function described(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff) return `a lone surrogate (${hex})`;
  if (code >= 0x202a && code <= 0x2069) return `${hex}, a bidirectional formatting character`;
  return `${hex}, a control character`;
}

/** Why `text` may not be stored (the first character no text may hold, and where), or null. */
export function textProblem(text: string): string | null {
  const found = FORBIDDEN.exec(text);
  if (!found) return null;
  return `contains ${described(found[0])} at character ${found.index + 1}`;
}

/**
 * The first string anywhere in `value` (an object, an array, nested) that textProblem refuses, as
 * `<field> <reason>` with the field written `venue.city` or `aliases[2]`; null when there is none.
 */
export function storedTextProblem(value: unknown, where = ''): string | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem === null ? null : `${where === '' ? 'the text' : where} ${problem}`;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const problem = storedTextProblem(value[i], `${where}[${i}]`);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const problem = storedTextProblem(item, where === '' ? key : `${where}.${key}`);
      if (problem !== null) return problem;
    }
  }
  return null;
}
