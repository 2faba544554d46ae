import { foldText, nameKeyText } from '../../text/fold.js';
import { memoizeText } from '../../text/memoize-text.js';

/** Words that only say "football club" and differ between spellings of the same club. */
const CLUB_WORDS = new Set(['fc', 'afc', 'cf']);

/** Spelling-insensitive key: "Man. United" and "man united" agree. Aliases are stored under it. */
export const exactNameKey = nameKeyText;

/** Also ignores club words, so "Manchester United" and "Manchester United FC" agree. */
export function looseNameKey(name: string): string {
  const words = exactNameKey(name).split(' ');
  const kept = words.filter((w) => !CLUB_WORDS.has(w));
  return kept.length > 0 ? kept.join(' ') : words.join(' ');
}

// Two or more single letters, each followed by a dot: "r.c. ", "l. r. ", "d.c.".
const DOTTED_INITIALS = /(?<![\p{L}\p{N}])(?:\p{L}\.\s?){2,}/gu;

/**
 * The key names are matched on when their exact spelling is not known: the loose key, with dotted
 * initials written as one word, so "R.C. Celta" and "RC Celta", or "L.R. Vicenza" and "LR Vicenza",
 * agree. Only for look-ups: stored aliases and IDs keep the exact and loose keys.
 */
export const matchNameKey = memoizeText((name) =>
  looseNameKey(foldText(name).replace(DOTTED_INITIALS, (initials) => `${initials.replace(/[.\s]/g, '')} `)),
);
