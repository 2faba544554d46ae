import type { ReferenceClub } from '../identity/alias-index.js';

const LANGUAGE_TAG = /\s*\[[a-z]{2,3}\]\s*$/;
const RESERVE_PREFIX = /^[ivx]+\)\s*/;
const YEARS_SUFFIX = /\s*\(\d{4}(-\d{4})?\)\s*$/;

function stripComment(line: string): string {
  const hash = line.indexOf('#');
  return hash >= 0 ? line.slice(0, hash) : line;
}

function cleanName(raw: string): string {
  return raw.replace(LANGUAGE_TAG, '').replace(/\$/g, '').trim();
}

/**
 * Parses one openfootball/clubs `<key>.clubs.txt` file. Club lines start in column one
 * (`Name[, founded][, @ stadium], city`); indented `| alias | alias` lines add spellings to the club above;
 * other indented lines (addresses) and `#` comments are ignored.
 */
export function parseClubsFile(text: string, scope: string): ReferenceClub[] {
  const clubs: ReferenceClub[] = [];
  let current: ReferenceClub | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine);
    if (line.trim() === '' || /^\s*=/.test(line)) continue;
    const indented = /^\s/.test(line);
    const trimmed = line.trim();
    if (trimmed.startsWith('|')) {
      if (!current) continue;
      for (const alias of trimmed.split('|')) {
        const name = cleanName(alias);
        if (name !== '') current.aliases.push(name);
      }
      continue;
    }
    if (indented) continue;
    const first = trimmed.replace(RESERVE_PREFIX, '').split(',')[0] ?? '';
    const canonical = cleanName(first);
    if (canonical === '') continue;
    current = { scope, canonical, aliases: [] };
    const withoutYears = canonical.replace(YEARS_SUFFIX, '');
    if (withoutYears !== canonical) current.aliases.push(withoutYears);
    clubs.push(current);
  }
  return clubs;
}

/** `europe/england/eng.clubs.txt` -> `eng`; other files of the directory are not club lists. */
export function clubsFileScope(relativePath: string): string | undefined {
  const match = /(?:^|\/)([a-z]+)\.clubs\.txt$/.exec(relativePath);
  return match?.[1];
}
