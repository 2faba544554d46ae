import type { ReferenceClub } from '../identity/alias-index.js';

/**
 * Spellings the sources use that openfootball/clubs does not list (or lists for two clubs). They are
 * merged into the club directory under the canonical name that directory uses.
 */
export const PROJECT_ALIASES: ReferenceClub[] = [
  { scope: 'eng', canonical: 'Manchester United FC', aliases: ['Man United'] },
  // Truncated names in the spring rounds of 2025-26 en.3.
  { scope: 'eng', canonical: 'AFC Wimbledon', aliases: ['AFC'] },
  { scope: 'eng', canonical: 'Leyton Orient FC', aliases: ['Leyton'] },
];
