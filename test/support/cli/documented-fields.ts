// The JSON fields docs/cli.md promises for each `--json` output: the first column of the table under the
// output's heading, and for an array field the names its description lists in code spans.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../cli.js';

export interface DocumentedFields {
  fields: string[];
  /** Each array field's element fields (`artifacts`: `uri`, `sha256`, …). */
  nested: Record<string, string[]>;
}

export function documentedFields(heading: string): DocumentedFields {
  const text = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
  const start = text.indexOf(`\n### \`${heading}\`\n`);
  if (start === -1) throw new Error(`docs/cli.md has no section "${heading}"`);
  const end = text.indexOf('\n#', start + 1);
  const rows = text
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const fields: string[] = [];
  const nested: Record<string, string[]> = {};
  for (const [, name, type, meaning] of rows) {
    const field = name!.replace(/`/g, '');
    fields.push(field);
    if (type === 'array') nested[field] = [...meaning!.matchAll(/`([a-z_0-9]+)`/g)].map((m) => m[1]!);
  }
  return { fields, nested };
}
