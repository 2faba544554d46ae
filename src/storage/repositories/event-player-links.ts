import { sql, type Kysely, type Transaction } from 'kysely';
import { sourceRank } from '../../provenance/sources.js';
import { foldText } from '../../text/fold.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A player is taken for a named scorer only within this many years of a tournament they played for the team. */
const YEARS_APART = 12;
const CHUNK = 500;

interface Known {
  playerId: string;
  rank: number;
  years: number[];
}

type Played = { team: string; player: string; year: string };

/** Team, player and year of every squad, lineup and event with a player record, each once. */
async function playedFor(db: Db): Promise<Played[]> {
  const squads = db
    .selectFrom('squad_members')
    .innerJoin('seasons', 'seasons.id', 'squad_members.season_id')
    .select([
      'squad_members.team_id as team',
      'squad_members.player_id as player',
      sql<string>`substr(seasons.key, 1, 4)`.as('year'),
    ]);
  const lineups = db
    .selectFrom('match_lineups')
    .innerJoin('matches', 'matches.id', 'match_lineups.match_id')
    .select([
      'match_lineups.team_id as team',
      'match_lineups.player_id as player',
      sql<string>`substr(matches.starts_at, 1, 4)`.as('year'),
    ]);
  // Events with a player record (worldcup.json's scorers, the Fjelstul database's events): an own goal's
  // scorer plays for the other side.
  const events = db
    .selectFrom('match_events')
    .innerJoin('matches', 'matches.id', 'match_events.match_id')
    .select([
      sql<string>`case when match_events.type <> 'own_goal' then match_events.team_id
        when match_events.team_id = matches.home_team_id then matches.away_team_id
        else matches.home_team_id end`.as('team'),
      // Not null: the where below.
      sql<string>`match_events.player_id`.as('player'),
      sql<string>`substr(matches.starts_at, 1, 4)`.as('year'),
    ])
    .where('match_events.player_id', 'is not', null)
    .where('match_events.team_id', 'is not', null);
  return squads.union(lineups).union(events).execute();
}

/** Team + folded name -> the players with a record, the years they are known to have played for it. */
async function knownPlayers(db: Db): Promise<Map<string, Known[]>> {
  const players = new Map(
    (await db.selectFrom('players').select(['id', 'name', 'source']).execute()).map((p) => [p.id, p]),
  );
  const known = new Map<string, Known[]>();
  for (const r of await playedFor(db)) {
    const player = players.get(r.player);
    const year = Number(r.year);
    if (!player || !Number.isFinite(year)) continue;
    const key = `${r.team}\u0000${foldText(player.name)}`;
    const list = known.get(key) ?? [];
    let entry = list.find((k) => k.playerId === player.id);
    if (!entry) list.push((entry = { playerId: player.id, rank: sourceRank(player.source), years: [] }));
    entry.years.push(year);
    known.set(key, list);
  }
  return known;
}

/** The one player a name stands for on a team in a year, the best-ranked source's; undefined if none or several. */
function pick(candidates: readonly Known[] | undefined, year: number): string | undefined {
  const near = (candidates ?? []).filter((k) => k.years.some((y) => Math.abs(y - year) <= YEARS_APART));
  if (near.length === 0) return undefined;
  const best = Math.min(...near.map((k) => k.rank));
  const chosen = near.filter((k) => k.rank === best);
  return chosen.length === 1 ? chosen[0]!.playerId : undefined;
}

/**
 * Links the events whose source names a player it has no record for (`source_player_name`: the
 * international results' scorers) to the player a source with player records (the World Cup sources) keeps
 * for the same team under the same name, folded (case and accents aside): one who was in the team's squad
 * or lineup, or scored for it, within 12 years of the match. Where two such players share the name, the
 * best-ranked source's is taken if it has only one; otherwise the event stays unlinked and shows the name
 * alone. An own goal's scorer plays for the side the goal does not count for.
 *
 * The links are derived from the stored rows alone and recomputed by every run that changed data, so they
 * are the same whichever order the sources came in. Only links that change are written; returns how many.
 */
export async function refreshEventPlayerLinks(db: Db, now: string): Promise<number> {
  const named = await db
    .selectFrom('match_events')
    .innerJoin('matches', 'matches.id', 'match_events.match_id')
    .select([
      'match_events.id',
      'match_events.type',
      'match_events.team_id',
      'match_events.source_player_name',
      'match_events.linked_player_id',
      'matches.home_team_id',
      'matches.away_team_id',
      'matches.starts_at',
    ])
    .where('match_events.source_player_name', 'is not', null)
    .where('match_events.player_id', 'is', null)
    .execute();
  if (named.length === 0) return 0;
  const known = await knownPlayers(db);
  const changes: Array<[id: string, linked: string | null]> = [];
  for (const e of named) {
    let linked: string | undefined;
    if (e.team_id !== null) {
      const side = e.team_id === e.home_team_id ? e.away_team_id : e.home_team_id;
      const team = e.type === 'own_goal' ? side : e.team_id;
      const candidates = known.get(`${team}\u0000${foldText(e.source_player_name!)}`);
      linked = pick(candidates, Number(e.starts_at.slice(0, 4)));
    }
    if ((linked ?? null) !== e.linked_player_id) changes.push([e.id, linked ?? null]);
  }
  let written = 0;
  for (let i = 0; i < changes.length; i += CHUNK) {
    const values = sql.join(changes.slice(i, i + CHUNK).map(([id, to]) => sql`(${id}, ${to})`));
    const result = await sql`update match_events set linked_player_id = v.column2, updated_at = ${now}
      from (values ${values}) as v where match_events.id = v.column1`.execute(db);
    written += Number(result.numAffectedRows ?? 0);
  }
  return written;
}
