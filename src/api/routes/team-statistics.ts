import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { findCompetition, findSeason } from '../../storage/repositories/competition.repository.js';
import { teamStatsOn, timelineEventsIn } from '../../storage/repositories/season-results.repository.js';
import { findTeam } from '../../storage/repositories/team.repository.js';
import { teamRecord, type TeamResult } from '../../standings/team-record.js';
import type { CountedResult } from '../../standings/compute-standings.js';
import { attributionsFor } from '../../provenance/sources.js';
import { notFound } from '../errors/catalogue.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { TeamStatistics, TeamStatisticsQuery } from '../schemas/team-statistics.js';
import { teamSeasonResults } from '../standings/season-standings.js';

const STAT_FIGURES = ['corners', 'shots_total', 'shots_on_target', 'yellow_cards', 'red_cards'] as const;
type StatFigure = (typeof STAT_FIGURES)[number];
type Covered = { for: number; against: number; matches: number } | null;

/**
 * The team's newest season (by key) in `competitionId`, or without it in any competition it played in, a
 * league's before a cup's of the same key; undefined when it played in none.
 */
async function newestSeasonOf(db: Kysely<Database>, teamId: string, competitionId: string | undefined) {
  let query = db
    .selectFrom('matches')
    .innerJoin('seasons', 'seasons.id', 'matches.season_id')
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .select('seasons.id')
    .where((eb) => eb.or([eb('matches.home_team_id', '=', teamId), eb('matches.away_team_id', '=', teamId)]));
  if (competitionId !== undefined) query = query.where('matches.competition_id', '=', competitionId);
  const row = await query
    .orderBy('seasons.key', 'desc')
    .orderBy(sql`case when competitions.type = 'league' then 0 else 1 end`)
    .orderBy('seasons.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Each figure summed for and against over the matches whose rows have it for both sides. */
async function statisticsOf(
  db: Kysely<Database>,
  teamId: string,
  counted: readonly CountedResult[],
  localDates: ReadonlyMap<string, string | null>,
) {
  const dateOf = (r: CountedResult) => (r.match.id ? (localDates.get(r.match.id) ?? null) : null);
  const dates = [...new Set(counted.map(dateOf).filter((d): d is string => d !== null))];
  const rows = await teamStatsOn(db, teamId, dates);
  const byKey = new Map(rows.map((row) => [`${row.team_id}|${row.opponent_team_id}|${row.match_date}`, row]));
  const sums = new Map<StatFigure, { for: number; against: number; matches: number }>();
  const sources = new Set<string>();
  for (const r of counted) {
    const date = dateOf(r);
    const opponent = r.home === teamId ? r.away : r.home;
    const mine = byKey.get(`${teamId}|${opponent}|${date}`);
    const theirs = byKey.get(`${opponent}|${teamId}|${date}`);
    if (!mine || !theirs) continue;
    for (const figure of STAT_FIGURES) {
      const [a, b] = [mine[figure], theirs[figure]];
      if (a === null || b === null) continue;
      const sum = sums.get(figure) ?? { for: 0, against: 0, matches: 0 };
      sums.set(figure, { for: sum.for + a, against: sum.against + b, matches: sum.matches + 1 });
      sources.add(mine.source);
    }
  }
  const ids = counted.flatMap((r) => (r.match.id ? [r.match.id] : []));
  const events = await timelineEventsIn(db, ids);
  const withEvents = new Set(events.map((e) => e.match_id));
  let penalties: Covered = null;
  if (withEvents.size > 0) {
    const scored = events.filter((e) => e.type === 'penalty_goal');
    const mine = scored.filter((e) => e.team_id === teamId).length;
    penalties = { for: mine, against: scored.length - mine, matches: withEvents.size };
    for (const e of events) sources.add(e.source);
  }
  const covered = (figure: StatFigure): Covered => sums.get(figure) ?? null;
  return {
    statistics: {
      corners: covered('corners'),
      shots: covered('shots_total'),
      shots_on_target: covered('shots_on_target'),
      yellow_cards: covered('yellow_cards'),
      red_cards: covered('red_cards'),
      penalty_goals: penalties,
    },
    sources,
  };
}

/**
 * A team's season in numbers: `/football/teams/{team_id}/statistics`. Its results are the ones the
 * season's computed table counts (standings/compute-standings.ts countedResultsOf), so its totals equal
 * the table's row by construction; the match statistics and timelines add what they cover.
 */
export const teamStatisticsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (
  app,
  { db, storage, standings },
) => {
  app.get(
    '/football/teams/:team_id/statistics',
    {
      config: { cache: true },
      schema: {
        summary: 'A team’s season in numbers: results, home and away, runs, biggest wins, match statistics',
        description:
          'season_id names the season; competition_id alone takes the team’s newest season in that ' +
          'competition; neither, its newest season of all (a league’s before a cup’s of the same year). The results are those the season’s table counts ' +
          '(awarded results as awarded), so the totals equal the team’s table row. Statistics from match data ' +
          'and timelines are counted over the matches that have them, with how many in `matches`, and null ' +
          'where none does (never 0 for unknown).',
        tags: ['teams'],
        params: IdParams('team_id'),
        querystring: TeamStatisticsQuery,
        response: { 200: TeamStatistics, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { team_id } = request.params;
      const { season_id, competition_id } = request.query;
      const team = await findTeam(db, team_id);
      if (!team) throw notFound('Team', team_id);
      let seasonId = season_id;
      if (seasonId === undefined) {
        if (competition_id !== undefined && !(await findCompetition(storage, competition_id))) {
          throw notFound('Competition', competition_id, 'competition_id');
        }
        seasonId = await newestSeasonOf(db, team.id, competition_id);
        if (seasonId === undefined) {
          throw competition_id === undefined
            ? notFound('Season of team', team.id)
            : notFound(`Season of team ${team.id} in competition`, competition_id, 'competition_id');
        }
      }
      const season = await findSeason(storage, seasonId);
      if (!season || (competition_id !== undefined && season.competition_id !== competition_id)) {
        throw notFound(
          competition_id ? `Season of competition ${competition_id}` : 'Season',
          seasonId,
          'season_id',
        );
      }
      const competition = (await findCompetition(storage, season.competition_id))!;
      const { counted, localDates, names, sources, plays } = await teamSeasonResults(
        db,
        competition,
        season,
        team.id,
      );
      if (!plays) throw notFound(`Team of season ${season.id}`, team.id);
      const record = teamRecord(team.id, counted);
      const table = await standings.season(competition, season);
      const rows = table.rows.filter((r) => r.team.id === team.id);
      const points = rows.length > 0 ? rows.reduce((sum, r) => sum + r.points, 0) : null;
      const last = rows.at(-1);
      const { statistics, sources: detailSources } = await statisticsOf(db, team.id, counted, localDates);
      const notable = (r: TeamResult | null) =>
        r && {
          match_id: r.match_id,
          date: r.date,
          opponent: { id: r.opponent, name: names.get(r.opponent) ?? r.opponent },
          venue: r.venue,
          goals_for: r.goals_for,
          goals_against: r.goals_against,
        };
      const { total } = record;
      return {
        data: {
          team: { id: team.id, name: team.name },
          competition: { id: competition.id, name: competition.name },
          season: { id: season.id, name: season.name },
          table: last ? { position: last.position, group: last.group, points: last.points } : null,
          matches: {
            ...total,
            goal_difference: total.goals_for - total.goals_against,
            points_per_game:
              points === null || total.played === 0 ? null : Math.round((points / total.played) * 100) / 100,
          },
          home: record.home,
          away: record.away,
          biggest_win: notable(record.biggest_win),
          biggest_defeat: notable(record.biggest_defeat),
          runs: record.runs,
          form: record.form,
          statistics,
          attribution: attributionsFor([...sources, ...detailSources]),
        },
      };
    },
  );
};
