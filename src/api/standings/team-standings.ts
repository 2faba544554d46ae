import type { Storage } from '../../storage/connection.js';
import { findCompetition } from '../../storage/repositories/competition.repository.js';
import { teamSeasons } from '../../storage/repositories/season-results.repository.js';
import type { SeasonTable, StandingsBook, StandingRowOut } from './season-standings.js';

export type TeamStandingRow = StandingRowOut & {
  competition: { id: string; name: string };
  season: { id: string; name: string };
  basis: SeasonTable['basis'];
};

const startYear = (seasonKey: string) => Number.parseInt(seasonKey.slice(0, 4), 10);

/**
 * The team's rows in the tables of its current seasons: in each competition it plays in, its newest
 * season, kept when that season starts in the newest year of all of them (a club relegated two years
 * ago, or out of a cup since, is not shown there).
 */
export async function teamCurrentStandings(
  storage: Storage,
  book: StandingsBook,
  teamId: string,
): Promise<{ rows: TeamStandingRow[]; sources: string[] }> {
  const newestByCompetition = new Map<string, Awaited<ReturnType<typeof teamSeasons>>[number]>();
  for (const season of await teamSeasons(storage.db, teamId)) {
    if (!newestByCompetition.has(season.competition_id))
      newestByCompetition.set(season.competition_id, season);
  }
  const seasons = [...newestByCompetition.values()];
  const newestYear = Math.max(...seasons.map((s) => startYear(s.key)));
  const rows: TeamStandingRow[] = [];
  const sources = new Set<string>();
  for (const season of seasons.filter((s) => startYear(s.key) === newestYear)) {
    const competition = await findCompetition(storage, season.competition_id);
    if (!competition) continue;
    const table = await book.season(competition, season);
    const mine = table.rows.filter((row) => row.team.id === teamId);
    if (mine.length > 0) table.sources.forEach((s) => sources.add(s));
    for (const row of mine) {
      rows.push({
        ...row,
        competition: { id: competition.id, name: competition.name },
        season: { id: season.id, name: season.name },
        basis: table.basis,
      });
    }
  }
  return { rows, sources: [...sources] };
}
