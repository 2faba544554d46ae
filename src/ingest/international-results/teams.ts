import type { TeamAliasRecord, TeamRecord } from '../canonical.js';
import { exactNameKey } from '../identity/name-keys.js';
import { nationalTeamRecord } from '../identity/national-team-record.js';
import { nationalTeam, type NationalTeam } from '../identity/national-teams.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import type { FormerNames } from './former-names.js';

const SOURCE = SOURCE_NAMES.internationalResults;
/** Alias scope of men's national teams, as the World Cup sources store them. */
const NATIONAL_SCOPE = 'national:men';

/**
 * The source's teams as the shared national teams (src/ingest/identity/national-teams.ts), so a country is
 * one team whichever source names it ("United States" here, "USA" in worldcup.json).
 *
 * The source names a team by its current name, also for matches played under a former one
 * (former_names.csv). A former name counts only where the national-team table makes it a team of its own:
 * a state that no longer exists, which the table gives no country code (the Soviet Union, the CIS, FR
 * Yugoslavia, Serbia and Montenegro). So "Russia" in 1966 is the Soviet Union and "Serbia" in 1998 FR
 * Yugoslavia (the table's Yugoslavia), as in the World Cup sources; every other former name is the same
 * team as the current one ("Ireland" in 1882 is Northern Ireland, although the table's "Ireland" is the
 * Republic of Ireland; "Zaïre" is DR Congo; West Germany was never a separate name here: the table keeps
 * it one team with Germany).
 */
export class TeamBook {
  private readonly teams = new Map<string, TeamRecord>();
  private readonly aliases = new Map<string, TeamAliasRecord>();
  private readonly memo = new Map<string, NationalTeam | null>();

  constructor(private readonly formerNames: FormerNames) {}

  /** The team `name` stands for on `date`, or undefined when the national-team table lacks it. */
  resolve(name: string, date: string): NationalTeam | undefined {
    const former = this.formerNames.on(name, date);
    const memoKey = `${name}\u0000${former ?? ''}`;
    const known = this.memo.get(memoKey);
    if (known !== undefined) return known ?? undefined;
    const team = this.resolveOnce(name, former);
    this.memo.set(memoKey, team ?? null);
    return team;
  }

  records(): TeamRecord[] {
    return [...this.teams.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  aliasRecords(): TeamAliasRecord[] {
    return [...this.aliases.values()];
  }

  private resolveOnce(name: string, former: string | undefined): NationalTeam | undefined {
    const current = nationalTeam(name, false);
    const before = former === undefined ? undefined : nationalTeam(former, false);
    const apart = before !== undefined && before.iso2 === null && before.teamId !== current?.teamId;
    const team = apart ? before : current;
    if (!team) return undefined;
    if (!this.teams.has(team.teamId)) this.teams.set(team.teamId, nationalTeamRecord(team));
    // A spelling is stored for the team it names in the table; a former name the table does not know is
    // stored for the team it was resolved to, one the table gives another team ("Ireland") is not.
    if (current?.teamId === team.teamId) this.addAlias(name, team.teamId);
    if (former !== undefined && (before === undefined || before.teamId === team.teamId)) {
      this.addAlias(former, team.teamId);
    }
    return team;
  }

  private addAlias(spelling: string, teamId: string): void {
    const key = exactNameKey(spelling);
    if (this.aliases.has(key)) return;
    this.aliases.set(key, {
      scope: NATIONAL_SCOPE,
      alias_key: key,
      alias: spelling,
      team_id: teamId,
      source: SOURCE,
    });
  }
}
