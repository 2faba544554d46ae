import { foldText } from '../text/fold.js';
import type { Kysely, Transaction } from 'kysely';
import { stableId } from '../ingest/identity/stable-id.js';
import type { Database, MatchLineupTable, MatchTeamSheetTable } from '../storage/schema.js';
import { LIVE_SOURCE } from './live-events.js';
import type { LineupPlayer, TeamLineup } from './match-update.js';
import { LiveRejection } from './verdict.js';

type Db = Kysely<Database> | Transaction<Database>;
type Side = 'home' | 'away';
type Lineups = { home?: TeamLineup; away?: TeamLineup };
const SIDES = ['home', 'away'] as const;
const ROLES = ['starting', 'bench'] as const;

export interface LineupMatch {
  id: string;
  home_team_id: string;
  away_team_id: string;
}

/** The ID of the player the operator names by its own key: one player per key, whatever the match. */
export function feedPlayerId(key: string): string {
  return stableId('player', `${LIVE_SOURCE}:${key}`);
}

/** The Touchline ID of a lineup player, by ID or by the operator's key. */
export function lineupPlayerId(player: LineupPlayer): string {
  return 'id' in player ? player.id : feedPlayerId(player.key);
}

/** The row ID of a player's live lineup row for a match and team. */
export function liveLineupRowId(matchId: string, teamId: string, playerId: string): string {
  return `${matchId}:${LIVE_SOURCE}:lineup:${teamId}:${playerId}`;
}

/** The row ID of a team's live team sheet (formation, coach) for a match. */
export function liveTeamSheetRowId(matchId: string, teamId: string): string {
  return `${matchId}:${LIVE_SOURCE}:sheet:${teamId}`;
}

/** Each player a side names, with where (`lineups.home.bench[2]`). */
function placesOf(lineups: Lineups): Array<{ side: Side; where: string; player: LineupPlayer }> {
  const places: Array<{ side: Side; where: string; player: LineupPlayer }> = [];
  for (const side of SIDES) {
    const lineup = lineups[side];
    if (!lineup) continue;
    for (const role of ROLES) {
      for (const [i, player] of (lineup[role] ?? []).entries()) {
        places.push({ side, where: `lineups.${side}.${role}[${i}]`, player });
      }
    }
  }
  return places;
}

/** What is wrong with the update's lineups that needs no database to see: a player twice in one team. */
export function lineupsProblem(lineups: Lineups | undefined): string | undefined {
  if (!lineups) return undefined;
  const seen = new Map<string, string>();
  for (const { side, where, player } of placesOf(lineups)) {
    const id = lineupPlayerId(player);
    const first = seen.get(`${side}:${id}`);
    const named = 'id' in player ? player.id : `"${player.key}"`;
    if (first) return `${where}: the player ${named} is already in the lineup (${first})`;
    seen.set(`${side}:${id}`, where);
  }
  return undefined;
}

/**
 * Checks that each player named by ID exists and stores each player named by key (a `feed` player, its
 * ID from the key; renamed when the operator renames them). Says whether a player was added, and whether
 * one was renamed (a name other matches' answers may show).
 */
export async function storeLineupPlayers(
  db: Db,
  lineups: Lineups,
  now: string,
): Promise<{ added: boolean; renamed: boolean }> {
  const places = placesOf(lineups);
  const ids = [...new Set(places.map((p) => lineupPlayerId(p.player)))];
  const stores = { added: false, renamed: false };
  if (ids.length === 0) return stores;
  const rows = await db.selectFrom('players').select(['id', 'name']).where('id', 'in', ids).execute();
  const stored = new Map(rows.map((r) => [r.id, r.name]));
  for (const { where, player } of places) {
    if ('id' in player) {
      if (!stored.has(player.id)) throw new LiveRejection(`${where}: no player ${player.id}`);
      continue;
    }
    const id = feedPlayerId(player.key);
    const name = stored.get(id);
    if (name === undefined) {
      await db
        .insertInto('players')
        .values({
          id,
          name: player.name,
          date_of_birth: null,
          search_name: foldText(player.name),
          source: LIVE_SOURCE,
          created_at: now,
          updated_at: now,
        })
        .execute();
      stores.added = true;
    } else if (name !== player.name) {
      await db
        .updateTable('players')
        .set({ name: player.name, search_name: foldText(player.name), updated_at: now })
        .where('id', '=', id)
        .execute();
      stores.renamed = true;
    } else continue;
    stored.set(id, player.name);
  }
  return stores;
}

/** Whether the match has a lineup row of any source: what lineup_match_count counts. */
export async function hasLineups(db: Db, matchId: string): Promise<boolean> {
  const row = await db
    .selectFrom('match_lineups')
    .select('id')
    .where('match_id', '=', matchId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

type LineupContent = Pick<
  MatchLineupTable,
  'id' | 'team_id' | 'player_id' | 'role' | 'shirt_number' | 'position'
>;
type SheetContent = Pick<MatchTeamSheetTable, 'id' | 'team_id' | 'formation' | 'coach_name'>;

const sameLineup = (a: LineupContent[], b: LineupContent[]) => {
  const key = (r: LineupContent) => JSON.stringify([r.id, r.role, r.shirt_number, r.position]);
  const sorted = (rows: LineupContent[]) => rows.map(key).sort();
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
};

/**
 * Replaces the feed's lineup rows and team sheet of each side the update gives (its players stored first:
 * storeLineupPlayers). Returns whether a row changed.
 */
export async function writeLiveLineups(
  db: Db,
  match: LineupMatch,
  lineups: Lineups,
  now: string,
): Promise<boolean> {
  let changed = false;
  for (const side of SIDES) {
    const lineup = lineups[side];
    if (!lineup) continue;
    const teamId = side === 'home' ? match.home_team_id : match.away_team_id;
    const rows: LineupContent[] = ROLES.flatMap((role) =>
      (lineup[role] ?? []).map((player) => {
        const playerId = lineupPlayerId(player);
        return {
          id: liveLineupRowId(match.id, teamId, playerId),
          team_id: teamId,
          player_id: playerId,
          role,
          shirt_number: player.shirt_number ?? null,
          position: player.position ?? null,
        };
      }),
    );
    const formation = lineup.formation ?? null;
    const coach = lineup.coach ?? null;
    const sheet: SheetContent | undefined =
      formation === null && coach === null
        ? undefined
        : { id: liveTeamSheetRowId(match.id, teamId), team_id: teamId, formation, coach_name: coach };

    const storedRows = await db
      .selectFrom('match_lineups')
      .select(['id', 'team_id', 'player_id', 'role', 'shirt_number', 'position', 'created_at'])
      .where('match_id', '=', match.id)
      .where('team_id', '=', teamId)
      .where('source', '=', LIVE_SOURCE)
      .execute();
    const storedSheet = await db
      .selectFrom('match_team_sheets')
      .select(['id', 'formation', 'coach_name'])
      .where('match_id', '=', match.id)
      .where('team_id', '=', teamId)
      .where('source', '=', LIVE_SOURCE)
      .executeTakeFirst();

    if (!sameLineup(storedRows, rows)) {
      const created = new Map(storedRows.map((r) => [r.id, r.created_at]));
      await db
        .deleteFrom('match_lineups')
        .where('match_id', '=', match.id)
        .where('team_id', '=', teamId)
        .where('source', '=', LIVE_SOURCE)
        .execute();
      await db
        .insertInto('match_lineups')
        .values(
          rows.map((r) => ({
            ...r,
            match_id: match.id,
            source: LIVE_SOURCE,
            created_at: created.get(r.id) ?? now,
            updated_at: now,
          })),
        )
        .execute();
      changed = true;
    }

    const sameSheet =
      (storedSheet === undefined && sheet === undefined) ||
      (storedSheet !== undefined &&
        sheet !== undefined &&
        storedSheet.id === sheet.id &&
        storedSheet.formation === sheet.formation &&
        storedSheet.coach_name === sheet.coach_name);
    if (!sameSheet) {
      await db
        .deleteFrom('match_team_sheets')
        .where('match_id', '=', match.id)
        .where('team_id', '=', teamId)
        .where('source', '=', LIVE_SOURCE)
        .execute();
      if (sheet) {
        await db
          .insertInto('match_team_sheets')
          .values({ ...sheet, match_id: match.id, source: LIVE_SOURCE, created_at: now, updated_at: now })
          .execute();
      }
      changed = true;
    }
  }
  return changed;
}
