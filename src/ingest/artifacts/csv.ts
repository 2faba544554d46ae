import { IngestError } from '../ingest-error.js';

/** One CSV record: its fields, its 1-based position among the data rows, and the line it starts on. */
export interface CsvRecord {
  fields: string[];
  row: number;
  line: number;
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

/**
 * Parses CSV text (RFC 4180 and the usual variations): fields separated by commas, optionally quoted
 * with `"`; a quoted field may hold commas, line breaks and doubled quotes (`""`). Records end with LF,
 * CRLF or CR. A UTF-8 byte-order mark is dropped, and so are blank lines between records. A quote inside
 * an unquoted field is kept as text, and text after a closing quote is appended to the field. An
 * unterminated quoted field throws an IngestError naming `uri` and the line the field began on.
 */
export function parseCsvRows(text: string, uri: string): Array<{ fields: string[]; line: number }> {
  const out: Array<{ fields: string[]; line: number }> = [];
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = s.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const c0 = s.charCodeAt(i);
    if (c0 === 10 || c0 === 13) {
      // A blank line between records.
      i += c0 === 13 && s.charCodeAt(i + 1) === 10 ? 2 : 1;
      line += 1;
      continue;
    }
    const start = line;
    const fields: string[] = [];
    let field = '';
    for (;;) {
      if (s[i] === '"') {
        const openedOn = line;
        i += 1;
        for (;;) {
          const q = s.indexOf('"', i);
          if (q < 0) throw new IngestError(`${uri}: unterminated quoted field starting on line ${openedOn}`);
          const chunk = s.slice(i, q);
          field += chunk;
          line += countBreaks(chunk);
          if (s[q + 1] === '"') {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
      }
      // Unquoted text (or text after a closing quote) up to the next separator or line end.
      let j = i;
      while (j < n) {
        const c = s.charCodeAt(j);
        if (c === 44 || c === 10 || c === 13) break;
        j += 1;
      }
      field += s.slice(i, j);
      i = j;
      if (i < n && s.charCodeAt(i) === 44) {
        fields.push(field);
        field = '';
        i += 1;
        continue;
      }
      fields.push(field);
      break;
    }
    // Line end: CRLF, LF or CR.
    if (s.charCodeAt(i) === 13) i += 1;
    if (s.charCodeAt(i) === 10) i += 1;
    line += 1;
    out.push({ fields, line: start });
  }
  return out;
}

function countBreaks(text: string): number {
  let count = 0;
  for (let k = 0; k < text.length; k += 1) {
    const c = text.charCodeAt(k);
    if (c === 10) count += 1;
    else if (c === 13 && text.charCodeAt(k + 1) !== 10) count += 1;
  }
  return count;
}

/** Parses CSV whose first record is a header. An empty file (no header) throws an IngestError. */
export function parseCsv(text: string, uri: string): CsvTable {
  const rows = parseCsvRows(text, uri);
  const first = rows[0];
  if (!first) throw new IngestError(`${uri}: empty CSV file (no header row)`);
  return {
    header: first.fields.map((h) => h.trim()),
    records: rows.slice(1).map((r, index) => ({ fields: r.fields, row: index + 1, line: r.line })),
  };
}
