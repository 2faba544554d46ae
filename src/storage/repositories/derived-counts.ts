import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN_STATUSES = ['scheduled', 'live', 'postponed'];

function changed(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(a).some((k) => (a[k] ?? null) !== (b[k] ?? null));
}

async function teamCounts(db: Db, groupBy: 'season_id' | 'competition_id', competitionIds: string[]) {
  const sides = db
    .selectFrom('matches')
    .select([groupBy, 'home_team_id as team_id'])
    .where('competition_id', 'in', competitionIds)
    .union(
      db
        .selectFrom('matches')
        .select([groupBy, 'away_team_id as team_id'])
        .where('competition_id', 'in', competitionIds),
    );
  const rows = await db
    .selectFrom(sides.as('sides'))
    .select([`sides.${groupBy} as key`, (eb) => eb.fn.count<number>('sides.team_id').distinct().as('teams')])
    .groupBy(`sides.${groupBy}`)
    .execute();
  return new Map(rows.map((r) => [r.key as string, Number(r.teams)]));
}

/**
 * Recomputes the counts and date ranges that competitions and seasons carry, from the match rows, for the
 * given competitions. Rows whose values did not change are not written, so an identical re-import leaves
 * every `updated_at` as it was. A season is current when it is its competition's newest and still has
 * matches to play (scheduled, live or postponed).
 */
export async function refreshDerivedCounts(db: Db, competitionIds: string[], now: string): Promise<number> {
  if (competitionIds.length === 0) return 0;
  let written = 0;
  const seasonStats = await db
    .selectFrom('matches')
    .select((eb) => [
      'season_id',
      eb.fn.countAll<number>().as('match_count'),
      eb.fn.min(sql<string>`substr(starts_at, 1, 10)`).as('starts_on'),
      eb.fn.max(sql<string>`substr(starts_at, 1, 10)`).as('ends_on'),
      eb.fn.sum<number>(eb.case().when('status', 'in', OPEN_STATUSES).then(1).else(0).end()).as('open_count'),
    ])
    .where('competition_id', 'in', competitionIds)
    .groupBy('season_id')
    .execute();
  const bySeason = new Map(seasonStats.map((s) => [s.season_id, s]));
  const seasonTeams = await teamCounts(db, 'season_id', competitionIds);
  const seasons = await db
    .selectFrom('seasons')
    .selectAll()
    .where('competition_id', 'in', competitionIds)
    .orderBy('key', 'desc')
    .execute();
  const newest = new Map<string, string>();
  for (const s of seasons) if (!newest.has(s.competition_id)) newest.set(s.competition_id, s.id);

  for (const season of seasons) {
    const stats = bySeason.get(season.id);
    const next = {
      match_count: Number(stats?.match_count ?? 0),
      team_count: seasonTeams.get(season.id) ?? 0,
      starts_on: stats?.starts_on ?? null,
      ends_on: stats?.ends_on ?? null,
      is_current:
        newest.get(season.competition_id) === season.id && Number(stats?.open_count ?? 0) > 0 ? 1 : 0,
    };
    if (changed(next, season)) {
      await db
        .updateTable('seasons')
        .set({ ...next, updated_at: now })
        .where('id', '=', season.id)
        .execute();
      written += 1;
    }
  }

  const competitionTeams = await teamCounts(db, 'competition_id', competitionIds);
  const competitionStats = await db
    .selectFrom('matches')
    .select((eb) => [
      'competition_id',
      eb.fn.countAll<number>().as('match_count'),
      eb.fn.count<number>('home_score').as('result_count'),
      eb.fn.count<number>('season_id').distinct().as('season_count'),
    ])
    .where('competition_id', 'in', competitionIds)
    .groupBy('competition_id')
    .execute();
  const byCompetition = new Map(competitionStats.map((c) => [c.competition_id, c]));
  const competitions = await db
    .selectFrom('competitions')
    .selectAll()
    .where('id', 'in', competitionIds)
    .execute();
  for (const competition of competitions) {
    const stats = byCompetition.get(competition.id);
    const next = {
      match_count: Number(stats?.match_count ?? 0),
      result_count: Number(stats?.result_count ?? 0),
      season_count: Number(stats?.season_count ?? 0),
      team_count: competitionTeams.get(competition.id) ?? 0,
    };
    if (changed(next, competition)) {
      await db
        .updateTable('competitions')
        .set({ ...next, updated_at: now })
        .where('id', '=', competition.id)
        .execute();
      written += 1;
    }
  }
  return written;
}
