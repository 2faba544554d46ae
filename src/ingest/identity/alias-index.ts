import { exactNameKey, matchNameKey } from './name-keys.js';

export interface ReferenceClub {
  /** Directory the club belongs to, e.g. a club-directory country key such as `eng`. */
  scope: string;
  canonical: string;
  aliases: string[];
  /**
   * The natural key the club's team ID is derived from when it is not `<scope>:=<canonical key>`: a club
   * that was once stored as two teams keeps the ID of the one whose matches begin first.
   */
  idKey?: string;
}

const AMBIGUOUS = Symbol('ambiguous');
type Entry = string | typeof AMBIGUOUS;

function put(map: Map<string, Entry>, key: string, canonical: string): void {
  if (key === '') return;
  const existing = map.get(key);
  if (existing === undefined) map.set(key, canonical);
  else if (existing !== canonical) map.set(key, AMBIGUOUS);
}

function clubKey(scope: string, canonical: string): string {
  return `${scope}\u0000${canonical}`;
}

/**
 * Maps the spellings a reference directory knows to its canonical club names, per scope. A spelling that
 * two clubs share is dropped rather than guessed; the exact spelling is tried before the looser key.
 */
export class AliasIndex {
  private readonly exact = new Map<string, Map<string, Entry>>();
  private readonly loose = new Map<string, Map<string, Entry>>();
  private readonly spellingsOf = new Map<string, string[]>();
  private readonly idKeys = new Map<string, string>();
  private readonly ownSpellings = new Map<string, readonly string[]>();

  constructor(clubs: Iterable<ReferenceClub>) {
    for (const club of clubs) {
      const exact = this.scopeMap(this.exact, club.scope);
      const loose = this.scopeMap(this.loose, club.scope);
      const key = clubKey(club.scope, club.canonical);
      const spellings = this.spellingsOf.get(key) ?? [];
      this.spellingsOf.set(key, spellings);
      if (club.idKey !== undefined && !this.idKeys.has(key)) this.idKeys.set(key, club.idKey);
      for (const spelling of [club.canonical, ...club.aliases]) {
        spellings.push(spelling);
        put(exact, exactNameKey(spelling), club.canonical);
        put(loose, matchNameKey(spelling), club.canonical);
      }
    }
  }

  /** The canonical name for `name` in `scope`, or undefined when unknown or ambiguous. */
  lookup(name: string, scope: string): string | undefined {
    const exact = this.exact.get(scope)?.get(exactNameKey(name));
    if (typeof exact === 'string') return exact;
    if (exact === AMBIGUOUS) return undefined;
    const loose = this.loose.get(scope)?.get(matchNameKey(name));
    return typeof loose === 'string' ? loose : undefined;
  }

  /** Every spelling the directory lists for a canonical club, the canonical name first. */
  spellings(canonical: string, scope: string): readonly string[] {
    return this.spellingsOf.get(clubKey(scope, canonical)) ?? [];
  }

  /**
   * The spellings that name this club and no other (one per exact key, the canonical name first): the
   * ones stored as its aliases, so that team search finds every spelling a source may use.
   */
  ownSpellingsOf(canonical: string, scope: string): readonly string[] {
    const key = clubKey(scope, canonical);
    let own = this.ownSpellings.get(key);
    if (!own) {
      const byKey = new Map<string, string>();
      for (const spelling of this.spellings(canonical, scope)) {
        const aliasKey = exactNameKey(spelling);
        if (!byKey.has(aliasKey) && this.exact.get(scope)?.get(aliasKey) === canonical)
          byKey.set(aliasKey, spelling);
      }
      own = [...byKey.values()];
      this.ownSpellings.set(key, own);
    }
    return own;
  }

  /** The natural key of the club's team ID when the directory (or the project) sets one. */
  idKey(canonical: string, scope: string): string | undefined {
    return this.idKeys.get(clubKey(scope, canonical));
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
