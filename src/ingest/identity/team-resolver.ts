import type { AliasIndex } from './alias-index.js';
import { exactNameKey, looseNameKey } from './name-keys.js';
import { stableId } from './stable-id.js';

export interface ResolvedTeam {
  teamId: string;
  scope: string;
  aliasKey: string;
  /** How the name was matched: an alias already stored, the reference directory, or the name itself. */
  via: 'stored-alias' | 'reference' | 'name';
  /** The reference directory's canonical name for the spelling, when the directory knows it. */
  canonical?: string;
}

/** scope + exact name key -> team ID, as stored in the alias table. */
export type StoredAliases = ReadonlyMap<string, string>;

export function storedAliasKey(scope: string, aliasKey: string): string {
  return `${scope}\u0000${aliasKey}`;
}

/** Placeholder for teams whose country is unknown, so their keys cannot collide with a country's. */
export const UNSCOPED = '-';

/**
 * Turns a team name seen in a source into a team ID. An alias already stored wins (it keeps an approved or
 * earlier mapping's ID), then the reference directory's canonical club, then the name itself; the last two
 * derive the ID from the canonical key only (or the key the directory sets for a club that was once two
 * teams), so a rebuild from the same sources gives the same IDs.
 */
export class TeamResolver {
  constructor(
    private readonly reference: AliasIndex,
    private readonly stored: StoredAliases,
  ) {}

  resolve(name: string, scopes: readonly string[]): ResolvedTeam {
    const aliasKey = exactNameKey(name);
    const candidates = scopes.length > 0 ? scopes : [UNSCOPED];
    for (const scope of candidates) {
      const teamId = this.stored.get(storedAliasKey(scope, aliasKey));
      if (teamId) {
        const canonical = this.reference.lookup(name, scope);
        return canonical
          ? { teamId, scope, aliasKey, via: 'stored-alias', canonical }
          : { teamId, scope, aliasKey, via: 'stored-alias' };
      }
    }
    for (const scope of candidates) {
      const canonical = this.reference.lookup(name, scope);
      if (canonical) {
        const canonicalKey = exactNameKey(canonical);
        // Another spelling of this club may already be stored under an older ID: keep that ID.
        const storedId = this.reference
          .spellings(canonical, scope)
          .map((spelling) => this.stored.get(storedAliasKey(scope, exactNameKey(spelling))))
          .find((id) => id !== undefined);
        const idKey = this.reference.idKey(canonical, scope) ?? `${scope}:=${canonicalKey}`;
        const teamId = storedId ?? stableId('team', idKey);
        return { teamId, scope, aliasKey, via: 'reference', canonical };
      }
    }
    const scope = candidates[0] ?? UNSCOPED;
    return { teamId: stableId('team', `${scope}:~${looseNameKey(name)}`), scope, aliasKey, via: 'name' };
  }

  /**
   * The directory's spellings of the club a name resolved to (none when the directory does not know it):
   * stored as the team's aliases, so that team search finds every spelling a source may use, such as
   * football-data's "Nott'm Forest" for the club football.json calls "Nottingham Forest FC".
   */
  directorySpellings(resolved: ResolvedTeam): readonly string[] {
    return resolved.canonical ? this.reference.ownSpellingsOf(resolved.canonical, resolved.scope) : [];
  }
}
