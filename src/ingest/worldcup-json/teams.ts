import type { TeamAliasRecord, TeamRecord } from '../canonical.js';
import { exactNameKey } from '../identity/name-keys.js';
import { nationalTeamRecord } from '../identity/national-team-record.js';
import { nationalTeam, type NationalTeam } from '../identity/national-teams.js';
import type { TeamResolver } from '../identity/team-resolver.js';
import { clubScopes, countryByFifaCode, countryByKey } from '../reference/countries.js';
import { SOURCE_NAMES, sourceRank } from '../source-precedence.js';
import { foldText, slugify } from '../../text/fold.js';
import { fail, ok, type Parsed } from './parsed.js';

const SOURCE = SOURCE_NAMES.worldcupJson;
/** Alias scope of men's national teams: apart from every club directory's country scope. */
export const NATIONAL_SCOPE = 'national:men';
const CLUB_SUFFIX = /^(.*\S)\s+\(([A-Z]{3})\)$/;
const PLACEHOLDER = /^(?:[WL]\d+|[123][A-L](?:\/[A-L])*|(?:winner|loser|runner-up)\b.*|TBD|TBA|N\.\s?N\.?)$/i;

/** A side of a match: its team, and the key its players' IDs are derived under. */
export interface Side {
  teamId: string;
  /** The national team's code, or the club's team ID. */
  playerScope: string;
}

/**
 * The teams a run meets, and the spellings it met them under (stored as aliases, so API search finds
 * "USA" or "Bosnia & Herzegovina"). National teams go through the shared national-team table; clubs
 * (Club World Cup, "Al Ahly SC (EGY)") through the openfootball/clubs directory of the country the
 * FIFA code names, so a club is the same team as in its domestic league from football.json.
 */
export class TeamBook {
  private readonly teams = new Map<string, TeamRecord>();
  private readonly aliases = new Map<string, TeamAliasRecord>();

  constructor(private readonly resolver: TeamResolver) {}

  national(spelling: string): NationalTeam | undefined {
    const team = nationalTeam(spelling, false);
    if (!team) return undefined;
    if (!this.teams.has(team.teamId)) this.teams.set(team.teamId, nationalTeamRecord(team));
    this.addAlias(NATIONAL_SCOPE, exactNameKey(spelling), spelling, team.teamId, SOURCE);
    return team;
  }

  side(spelling: string, clubs: boolean, seasonKey: string): Parsed<Side> {
    if (clubs) return ok(this.club(spelling, seasonKey));
    const team = this.national(spelling);
    if (team) return ok({ teamId: team.teamId, playerScope: team.code });
    return fail(
      PLACEHOLDER.test(spelling)
        ? `placeholder team "${spelling}" (team not yet known)`
        : `unknown national team "${spelling}" (not in src/ingest/identity/national-teams.ts)`,
    );
  }

  records(): TeamRecord[] {
    return [...this.teams.values()];
  }

  aliasRecords(): TeamAliasRecord[] {
    return [...this.aliases.values()];
  }

  private club(spelling: string, seasonKey: string): Side {
    const suffix = CLUB_SUFFIX.exec(spelling);
    const name = suffix ? suffix[1]! : spelling;
    const fifa = suffix?.[2];
    const country = fifa ? countryByFifaCode(fifa) : undefined;
    const resolved = this.resolver.resolve(name, country ? clubScopes(country.key) : []);
    // The directory the club was found in names its country (AS Monaco plays in France); countries
    // without a clubs directory still get a country from the national-team table.
    const place = countryByKey(resolved.scope) ?? country ?? (fifa ? nationalTeam(fifa, false) : undefined);
    const candidate: TeamRecord = {
      id: resolved.teamId,
      slug: slugify(name),
      name,
      name_season: seasonKey,
      short_name: null,
      country_name: place?.name ?? null,
      country_code: place?.iso2 ?? null,
      logo_url: null,
      search_name: foldText(name),
    };
    const current = this.teams.get(resolved.teamId);
    const rank = (t: TeamRecord) => `${t.name_season}\u0000${t.name}`;
    if (!current || rank(candidate) > rank(current)) this.teams.set(resolved.teamId, candidate);
    // Offered even when already stored, so the alias is credited to the best-ranked source that spells it.
    this.addAlias(resolved.scope, resolved.aliasKey, name, resolved.teamId, SOURCE);
    for (const spelling of this.resolver.directorySpellings(resolved)) {
      const key = exactNameKey(spelling);
      this.addAlias(resolved.scope, key, spelling, resolved.teamId, 'openfootball/clubs');
    }
    return { teamId: resolved.teamId, playerScope: resolved.teamId };
  }

  private addAlias(scope: string, aliasKey: string, alias: string, teamId: string, source: string): void {
    const key = `${scope}\u0000${aliasKey}`;
    // A spelling that is also the directory's canonical name is credited to the better-ranked of the two.
    const offered = this.aliases.get(key);
    if (!offered || sourceRank(source) < sourceRank(offered.source))
      this.aliases.set(key, { scope, alias_key: aliasKey, alias, team_id: teamId, source });
  }
}
