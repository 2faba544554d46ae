import { foldText } from '../../text/fold.js';
import { memoizeText } from '../../text/memoize-text.js';

/** Words that only say "football club" and differ between spellings of the same club. */
const CLUB_WORDS = new Set(['fc', 'afc', 'cf']);

/** Spelling-insensitive key: "Man. United" and "man united" agree. */
export const exactNameKey = memoizeText((name) =>
  foldText(name)
    .replace(/[.,'’`"()/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim(),
);

/** Also ignores club words, so "Manchester United" and "Manchester United FC" agree. */
export function looseNameKey(name: string): string {
  const words = exactNameKey(name).split(' ');
  const kept = words.filter((w) => !CLUB_WORDS.has(w));
  return kept.length > 0 ? kept.join(' ') : words.join(' ');
}
