import { memoizeText } from './memoize-text.js';

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * Case- and accent-insensitive form of a text: "FC Bayern München" -> "fc bayern munchen".
 * Used both for stored search columns and for search input, so the two always agree.
 */
export const foldText = memoizeText(fold);

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæøœđłıþ]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .replace(/\s+/g, ' ')
    .trim();
}

/** URL-friendly form of a name: "Bayern München" -> "bayern-munchen". */
export function slugify(text: string): string {
  return foldText(text)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Case-, accent- and punctuation-insensitive form of a name: "Nott'm Forest" -> "nott m forest",
 * "Côte d'Ivoire" -> "cote d ivoire". Team aliases are stored under it, and team search compares the
 * query in this form with them, so a spelling is found with or without its apostrophes and dots.
 */
export const nameKeyText = memoizeText((text) =>
  foldText(text)
    .replace(/[.,'’`"()/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim(),
);
