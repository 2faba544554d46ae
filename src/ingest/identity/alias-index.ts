import { exactNameKey, looseNameKey } from './name-keys.js';

export interface ReferenceClub {
  /** Directory the club belongs to, e.g. a club-directory country key such as `eng`. */
  scope: string;
  canonical: string;
  aliases: string[];
}

const AMBIGUOUS = Symbol('ambiguous');
type Entry = string | typeof AMBIGUOUS;

function put(map: Map<string, Entry>, key: string, canonical: string): void {
  if (key === '') return;
  const existing = map.get(key);
  if (existing === undefined) map.set(key, canonical);
  else if (existing !== canonical) map.set(key, AMBIGUOUS);
}

/**
 * Maps the spellings a reference directory knows to its canonical club names, per scope. A spelling that
 * two clubs share is dropped rather than guessed; the exact spelling is tried before the looser key.
 */
export class AliasIndex {
  private readonly exact = new Map<string, Map<string, Entry>>();
  private readonly loose = new Map<string, Map<string, Entry>>();
  private readonly spellingsOf = new Map<string, string[]>();

  constructor(clubs: Iterable<ReferenceClub>) {
    for (const club of clubs) {
      const exact = this.scopeMap(this.exact, club.scope);
      const loose = this.scopeMap(this.loose, club.scope);
      const spellings = this.spellingsOf.get(`${club.scope}\u0000${club.canonical}`) ?? [];
      this.spellingsOf.set(`${club.scope}\u0000${club.canonical}`, spellings);
      for (const spelling of [club.canonical, ...club.aliases]) {
        spellings.push(spelling);
        put(exact, exactNameKey(spelling), club.canonical);
        put(loose, looseNameKey(spelling), club.canonical);
      }
    }
  }

  /** The canonical name for `name` in `scope`, or undefined when unknown or ambiguous. */
  lookup(name: string, scope: string): string | undefined {
    const exact = this.exact.get(scope)?.get(exactNameKey(name));
    if (typeof exact === 'string') return exact;
    if (exact === AMBIGUOUS) return undefined;
    const loose = this.loose.get(scope)?.get(looseNameKey(name));
    return typeof loose === 'string' ? loose : undefined;
  }

  /** Every spelling the directory lists for a canonical club, the canonical name first. */
  spellings(canonical: string, scope: string): readonly string[] {
    return this.spellingsOf.get(`${scope}\u0000${canonical}`) ?? [];
  }

  get size(): number {
    let n = 0;
    for (const m of this.exact.values()) n += m.size;
    return n;
  }

  private scopeMap(maps: Map<string, Map<string, Entry>>, scope: string): Map<string, Entry> {
    let map = maps.get(scope);
    if (!map) {
      map = new Map();
      maps.set(scope, map);
    }
    return map;
  }
}
