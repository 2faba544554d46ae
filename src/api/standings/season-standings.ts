import type { Kysely } from 'kysely';
import type { DatasetGeneration } from '../../cache/dataset-generation.js';
import { TABLE_ADJUSTMENTS } from '../../standings/adjustments.js';
import { rulesFor } from '../../standings/competition-rules.js';
import { roundOrder } from '../../standings/season-rounds.js';
import { notFound } from '../errors/catalogue.js';
import { zonesFor } from '../../standings/competition-zones.js';
import {
  computeStandings,
  countedResultsOf,
  type SeasonInput,
  type TableView,
} from '../../standings/compute-standings.js';
import type { AwardedResult, PointsAdjustment, TableRules, TableSplit } from '../../standings/table-rules.js';
import type { Ranking } from '../../standings/tiebreak.js';
import { zoneDescriptions } from '../../standings/table-zones.js';
import type { Storage } from '../../storage/connection.js';
import { then, type Maybe } from '../../storage/maybe.js';
import type { Database } from '../../storage/schema.js';
import type { CompetitionRow, SeasonRow } from '../../storage/repositories/competition.repository.js';
import { seasonResults, seasonTeamNames } from '../../storage/repositories/season-results.repository.js';
import {
  seasonStandings,
  type StandingRowWithNames,
} from '../../storage/repositories/team-detail.repository.js';
import { bestSourceRows } from '../../provenance/pick-source.js';
import { toStandingRow } from '../mappers.js';

export type StandingRowOut = ReturnType<typeof toStandingRow>;

/** A season's table as the API serves it: published where a source publishes one, else computed. */
/**
 * Which table of a season is asked for: the whole one, or each team's home, away or last `last` matches;
 * as it stood at the end of a UTC day (`asOf`), or now. The default is the whole table now.
 */
export interface StandingsView {
  table: 'total' | 'home' | 'away' | 'form';
  /** With `form`: how many of each team's latest matches count. */
  last: number | null;
  /** A UTC date, YYYY-MM-DD: only matches that kicked off on or before it count. */
  asOf: string | null;
  /** A round of the season: only its matches and those of the rounds before it (roundOrder) count. */
  round?: string | null;
}

export const WHOLE_TABLE: Readonly<StandingsView> = Object.freeze({ table: 'total', last: null, asOf: null });

const isWhole = (view: StandingsView) => view.table === 'total' && view.asOf === null && !view.round;

function tableViewOf(view: StandingsView): TableView | undefined {
  if (view.table === 'home' || view.table === 'away') return { side: view.table };
  if (view.table === 'form') return { last: view.last! };
  return undefined;
}

export interface SeasonTable {
  basis: 'published' | 'computed' | null;
  /** The view the rows are (StandingsView, named as the query names it). */
  view: { type: StandingsView['table']; last: number | null; date: string | null; round: string | null };
  rules: {
    known: boolean;
    points_for_win: number;
    points_for_draw: number;
    ranking: Ranking | 'as_stood' | 'void';
    tiebreakers: string[];
    finally: string | null;
    reference: string;
    /** The split applied, for the final table of a league that split after a first phase. */
    split?: {
      rounds: number;
      groups: Array<{ label: string; size: number; points: 'kept' | 'halved'; later: boolean }>;
      points: 'kept' | 'halved';
      rounding: 'down' | 'up';
      level_first: 'rounded_away' | null;
      level_last: 'rounded_up' | null;
      level: 'tiebreakers' | 'first_phase_position';
      reference: string;
    };
  } | null;
  adjustments: Array<{
    team: { id: string; name: string };
    points: number;
    reason: string;
    reference: string;
  }>;
  /** Awarded results the computed table counted, each beside the score stored for its match. */
  awarded_results: Array<{
    home_team: { id: string; name: string };
    away_team: { id: string; name: string };
    date: string;
    stored_score: { home: number; away: number } | null;
    counted_score: { home: number; away: number };
    winner: 'home' | 'away' | 'draw';
    goals: 'awarded' | 'as_played';
    reason: string;
    reference: string;
  }>;
  /** Sources the rows come from: the publisher's, or the sources of the results counted. */
  sources: string[];
  rows: StandingRowOut[];
}

/** Computed tables kept per process; each season's is computed once per version of its season. */
const MAX_SEASONS = 2000;

function rulesOut(
  rules: TableRules,
  known: boolean,
  split: TableSplit | null,
): NonNullable<SeasonTable['rules']> {
  const out: NonNullable<SeasonTable['rules']> = {
    known,
    points_for_win: rules.pointsForWin,
    points_for_draw: rules.pointsForDraw,
    ranking: rules.ranking ?? 'points',
    tiebreakers: [...rules.tiebreakers],
    finally: rules.finally ?? null,
    reference: rules.reference,
  };
  if (split === null) return out;
  return {
    ...out,
    split: {
      rounds: split.rounds,
      groups: split.groups.map((g) => ({
        label: g.label,
        size: g.size,
        // A group without a later phase keeps its first-phase points (compute-standings.ts).
        points: g.later === false ? 'kept' : (g.points ?? split.points),
        later: g.later !== false,
      })),
      points: split.points,
      rounding: split.rounding ?? 'down',
      level_first: split.levelFirst ?? null,
      level_last: split.levelLast ?? null,
      level: split.level ?? 'tiebreakers',
      reference: split.reference,
    },
  };
}

/** A table as a source publishes it (rows of one source, the best of those that publish one). */
function publishedTable(rows: readonly StandingRowWithNames[]): SeasonTable | undefined {
  const published = bestSourceRows(rows);
  if (published.length === 0) return undefined;
  return {
    basis: 'published',
    view: { type: 'total', last: null, date: null, round: null },
    rules: null,
    adjustments: [],
    awarded_results: [],
    sources: [...new Set(published.map((r) => r.source))],
    rows: published.map(toStandingRow),
  };
}

/**
 * The tables of seasons. Published rows are read as stored; a computed table is worked out from the
 * season's results the first time it is asked for in a version of its season and competition (see
 * DatasetGeneration.versionOf), never per request, and kept until either changes.
 */
export class StandingsBook {
  private readonly computed = new Map<string, { generation: string; table: SeasonTable }>();

  constructor(
    private readonly storage: Storage,
    private readonly generation: DatasetGeneration,
  ) {}

  /**
   * The season's table: at once when it is published (and storage answers at once) or computed already
   * for the current version, else once computed.
   */
  season(
    competition: CompetitionRow,
    season: SeasonRow,
    view: StandingsView = WHOLE_TABLE,
  ): Maybe<SeasonTable> {
    // A view other than the whole table now is computed when asked, published season or not (the
    // response cache keeps its answer per URL); only the whole table is kept here.
    if (!isWhole(view)) return computeSeasonTable(this.storage.db, competition, season, view);
    const rows = competition.standing_count > 0 ? seasonStandings(this.storage, season.id) : [];
    return then(rows, (rows) => {
      // Read before the results: a change committed meanwhile leaves the table keyed on the older version.
      const generation = this.generation.versionOf([competition.id, season.id]);
      const known = this.known(season, rows, generation);
      if (known) return known;
      return computeSeasonTable(this.storage.db, competition, season).then((table) => {
        if (this.computed.size >= MAX_SEASONS) this.computed.clear();
        this.computed.set(season.id, { generation, table });
        return table;
      });
    });
  }

  /** The table published in `rows`, else the computed one kept for `generation`, else undefined. */
  private known(
    season: SeasonRow,
    rows: readonly StandingRowWithNames[],
    generation: string,
  ): SeasonTable | undefined {
    const published = publishedTable(rows);
    if (published) return published;
    const kept = this.computed.get(season.id);
    return kept?.generation === generation ? kept.table : undefined;
  }
}

/** What a season's tables are computed from: its results, its teams, its rules and adjustments. */
async function seasonComputation(db: Kysely<Database>, competition: CompetitionRow, season: SeasonRow) {
  const [results, teams] = await Promise.all([seasonResults(db, season.id), seasonTeamNames(db, season.id)]);
  const { rules, known } = rulesFor(competition.code, season.key);
  const names = new Map(teams.map((t) => [t.id, t.name]));
  const idOf = new Map<string, string>();
  for (const team of teams) for (const name of [team.name, ...team.aliases]) idOf.set(name, team.id);
  const mine = TABLE_ADJUSTMENTS.filter((a) => a.competition === competition.code && a.season === season.key);
  const points = mine
    .filter((a): a is PointsAdjustment => a.kind === 'points')
    .flatMap((a) => (idOf.has(a.team) ? [{ ...a, teamId: idOf.get(a.team)! }] : []));
  const awarded = mine
    .filter((a): a is AwardedResult => a.kind === 'awarded')
    .flatMap((a) =>
      idOf.has(a.home) && idOf.has(a.away)
        ? [{ ...a, homeId: idOf.get(a.home)!, awayId: idOf.get(a.away)! }]
        : [],
    );
  const teamOrder = teams
    .map((t) => t.id)
    .sort((a, b) => (names.get(a)! < names.get(b)! ? -1 : names.get(a)! > names.get(b)! ? 1 : 0));
  const input: SeasonInput = {
    matches: results.map((m) => ({
      id: m.id,
      home: m.home_team_id,
      away: m.away_team_id,
      status: m.status,
      homeGoals: m.home_score,
      awayGoals: m.away_score,
      stage: m.stage,
      round: m.round,
      startsAt: m.starts_at,
    })),
    teamOrder,
    league: competition.type === 'league',
    rules,
    points,
    awarded,
  };
  return { results, names, idOf, known, input };
}

/** The results the season's tables count for a team, as computed tables count them, with their matches. */
export async function teamSeasonResults(
  db: Kysely<Database>,
  competition: CompetitionRow,
  season: SeasonRow,
  teamId: string,
) {
  const { results, input, names } = await seasonComputation(db, competition, season);
  const localDates = new Map(results.map((m) => [m.id, m.local_date]));
  const sources = new Set(results.flatMap((m) => (m.source ? [m.source] : [])));
  return { counted: countedResultsOf(input, teamId), localDates, names, sources, plays: names.has(teamId) };
}

/** The season's rounds up to `round` in the order they are played; a 404 when it has none so named. */
function roundsUpTo(
  results: ReadonlyArray<{ round: string | null; status: string; starts_at: string }>,
  round: string,
): Set<string> {
  const order = roundOrder(results.map((m) => ({ round: m.round, status: m.status, startsAt: m.starts_at })));
  const at = order.indexOf(round);
  if (at < 0) throw notFound('Round of the season', round, 'round');
  return new Set(order.slice(0, at + 1));
}

/** A season's table computed from its stored results, whether or not a source publishes one. */
export async function computeSeasonTable(
  db: Kysely<Database>,
  competition: CompetitionRow,
  season: SeasonRow,
  view: StandingsView = WHOLE_TABLE,
): Promise<SeasonTable> {
  const { results, names, idOf, known, input } = await seasonComputation(db, competition, season);
  const { rules } = input;
  const { rows, applied, awards, split } = computeStandings({
    ...input,
    view: tableViewOf(view),
    asOf: view.asOf ?? undefined,
    rounds: view.round ? roundsUpTo(results, view.round) : undefined,
  });
  const zones = zonesFor(competition.code, season.key);
  const reserves = new Set(zones.reserveTeams.flatMap((name) => (idOf.has(name) ? [idOf.get(name)!] : [])));
  const descriptions = zoneDescriptions(rows, zones.era, (id) => reserves.has(id));
  const team = (id: string) => ({ id, name: names.get(id)! });
  // Zones describe where the whole table puts a team; a home, away or form table decides nothing.
  // A void season decided nothing either: no champion, no promotion, no relegation.
  const zoned = view.table === 'total' && rules.ranking !== 'void';
  return {
    basis: rows.length > 0 ? 'computed' : null,
    view: { type: view.table, last: view.last, date: view.asOf, round: view.round ?? null },
    rules: rows.length > 0 ? rulesOut(rules, known, split) : null,
    adjustments: applied.map((a) => ({
      team: team(a.team),
      points: a.points,
      reason: a.reason,
      reference: a.reference,
    })),
    awarded_results: awards.map((a) => ({
      home_team: team(a.home),
      away_team: team(a.away),
      date: a.date,
      stored_score: a.stored,
      counted_score: a.counted,
      winner: a.winner,
      goals: a.goals,
      reason: a.reason,
      reference: a.reference,
    })),
    sources: rows.length > 0 ? [...new Set(results.map((m) => m.source ?? '').filter(Boolean))] : [],
    rows: rows.map((r, index) => ({
      position: r.position,
      group: r.group,
      team: team(r.team),
      played: r.played,
      won: r.won,
      drawn: r.drawn,
      lost: r.lost,
      goals_for: r.goalsFor,
      goals_against: r.goalsAgainst,
      goal_difference: r.goalDifference,
      points: r.points,
      form: r.form,
      description: zoned ? (descriptions[index] ?? null) : null,
    })),
  };
}
