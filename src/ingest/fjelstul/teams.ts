import type { TeamAliasRecord, TeamRecord } from '../canonical.js';
import { exactNameKey } from '../identity/name-keys.js';
import { nationalTeamRecord } from '../identity/national-team-record.js';
import { nationalTeam, type NationalTeam } from '../identity/national-teams.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { eachRow, RowError, type Sheet } from './csv-sheet.js';

interface SourceTeam {
  name: string;
  code: string;
}

/**
 * Fjelstul teams (T-03) as the shared national teams: the `team_code` in teams.csv (or, failing that,
 * its name) is looked up in src/ingest/identity/national-teams.ts, for the men's or the women's
 * side as the tournament says. The team row is that table's (its name for the code today), so every
 * source offers the same row; two Fjelstul teams can be one national team (West Germany and Germany are
 * both DEU). Each Fjelstul spelling is stored as an alias, so API search finds "West Germany".
 */
export class Teams {
  private readonly source = new Map<string, SourceTeam>();
  private readonly teams = new Map<string, NationalTeam>();
  private readonly aliases = new Map<string, TeamAliasRecord>();
  private readonly resolved = new Map<string, string>();

  /** Reads teams.csv; a team not in the national-team table is rejected, and so are rows naming it. */
  load(sheet: Sheet, credit: (id: string) => void): void {
    eachRow(sheet, (row) => {
      const id = row.required('team_id');
      const team = { name: row.required('team_name'), code: row.required('team_code') };
      const resolved = nationalTeam(team.code, false) ?? nationalTeam(team.name, false);
      if (!resolved) {
        throw new RowError(`team "${team.name}" (${team.code}) is not in the national-team table`);
      }
      this.source.set(id, team);
      if (row.flag('mens_team')) credit(this.resolve(id, false));
      if (row.flag('womens_team')) credit(this.resolve(id, true));
    });
  }

  /** The team ID of a Fjelstul team for a men's or women's tournament. */
  resolve(fjelstulId: string, women: boolean): string {
    const memo = `${fjelstulId}|${women}`;
    const known = this.resolved.get(memo);
    if (known) return known;
    const team = this.source.get(fjelstulId);
    if (!team) throw new RowError(`unknown team ${fjelstulId} (not in teams.csv or rejected there)`);
    const resolved = nationalTeam(team.code, women) ?? nationalTeam(team.name, women);
    if (!resolved) throw new RowError(`team ${fjelstulId} is not in the national-team table`);
    this.teams.set(resolved.teamId, resolved);
    const scope = `national:${women ? 'women' : 'men'}`;
    const key = `${scope}\u0000${exactNameKey(team.name)}`;
    if (!this.aliases.has(key)) {
      this.aliases.set(key, {
        scope,
        alias_key: exactNameKey(team.name),
        alias: team.name,
        team_id: resolved.teamId,
        source: SOURCE_NAMES.fjelstul,
      });
    }
    this.resolved.set(memo, resolved.teamId);
    return resolved.teamId;
  }

  /**
   * One row per team. `name_season` is fixed ('0000') so that every source describing a national team
   * offers the same row.
   */
  records(): TeamRecord[] {
    return [...this.teams.values()].map(nationalTeamRecord).sort((a, b) => a.id.localeCompare(b.id));
  }

  aliasRecords(): TeamAliasRecord[] {
    return [...this.aliases.values()];
  }
}
