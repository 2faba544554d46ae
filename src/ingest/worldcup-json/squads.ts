import { SOURCE_NAMES } from '../source-precedence.js';
import type { FileRun, RunState } from './file-run.js';
import { fail, ok, type Parsed } from './parsed.js';

const SOURCE = SOURCE_NAMES.worldcupJson;
const POSITIONS: Record<string, string> = {
  GK: 'Goalkeeper',
  DF: 'Defender',
  MF: 'Midfielder',
  FW: 'Forward',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface SquadEntry {
  name: string;
  shirtNumber: number | null;
  position: string | null;
  dateOfBirth: string | null;
}

function parsePlayer(entry: unknown): Parsed<SquadEntry> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return fail('player is not an object');
  const e = entry as Record<string, unknown>;
  if (typeof e.name !== 'string' || e.name.trim() === '') return fail('player has no name');
  const number = e.number ?? null;
  if (number !== null && (!Number.isInteger(number) || (number as number) < 0 || (number as number) > 99)) {
    return fail(`number ${JSON.stringify(number)} is not a shirt number`);
  }
  const born = e.date_of_birth ?? null;
  if (born !== null && (typeof born !== 'string' || !DATE.test(born))) {
    return fail(`date_of_birth ${JSON.stringify(born)} is not YYYY-MM-DD`);
  }
  const pos = typeof e.pos === 'string' ? e.pos.trim().toUpperCase() : '';
  return ok({
    name: e.name.trim().replace(/\s+/g, ' '),
    shirtNumber: number as number | null,
    // A position code other than GK/DF/MF/FW is not guessed at.
    position: POSITIONS[pos] ?? null,
    dateOfBirth: born as string | null,
  });
}

/**
 * `<year>/worldcup.squads.json`: each team's players with shirt number, position and date of birth, as
 * squad entries of that year's World Cup. Each player entry is a record: an entry of a team that does
 * not resolve, or an unusable entry, is rejected on its own. Returns the entries kept.
 */
export function normalizeSquadsFile(state: RunState, run: FileRun, teams: readonly unknown[]): number {
  const { seasonId } = run.edition;
  const members = new Set<string>();
  let kept = 0;
  teams.forEach((entry, t) => {
    const squad = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const players: unknown[] = Array.isArray(squad.players) ? squad.players : [];
    const spelling = [squad.fifa_code, squad.name].find((s): s is string => typeof s === 'string');
    const team = spelling === undefined ? undefined : state.teams.national(spelling);
    if (players.length === 0) {
      return run.reject(`[${t}]`, 'squad entry has no players list');
    }
    players.forEach((p, i) => {
      const ref = `[${t}].players[${i}]`;
      if (!team)
        return run.reject(ref, `unknown national team ${JSON.stringify(squad.fifa_code ?? squad.name)}`);
      const player = parsePlayer(p);
      if (!player.ok) return run.reject(ref, player.reason);
      const { name, dateOfBirth, shirtNumber, position } = player.value;
      const playerId = state.players.squadPlayer(team.code, name, dateOfBirth);
      const id = `${seasonId}:${team.teamId}:${playerId}`;
      if (members.has(id)) return run.reject(ref, `${name} is listed twice in the squad of ${team.name}`);
      members.add(id);
      state.batch.details.squadMembers.push({
        id,
        season_id: seasonId,
        team_id: team.teamId,
        player_id: playerId,
        shirt_number: shirtNumber,
        position,
        source: SOURCE,
      });
      run.kept(id);
      kept += 1;
    });
  });
  return kept;
}
