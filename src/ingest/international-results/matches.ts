import type { MatchRecord, MatchSourceRecord } from '../canonical.js';
import { matchStatus } from '../match-status.js';
import { scoreColumns } from '../score-columns.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { competitionFor, type CompetitionBook } from './competitions.js';
import { eachRow, RowError, type Row, type Sheet } from './files.js';
import { matchIds, type ResultRow } from './match-ids.js';
import { SeasonCutter } from './seasons.js';
import type { TeamBook } from './teams.js';
import { calendarDate, givenName, score } from './values.js';

const SOURCE = SOURCE_NAMES.internationalResults;
const DAY_MS = 86_400_000;

/** What the goal and shoot-out files need of a match they name by (date, home_team, away_team). */
export interface MatchRef {
  id: string;
  homeTeamId: string;
  awayTeamId: string;
  home: string;
  away: string;
  record: MatchRecord;
}

/** The source's own key of a match: no ID, but date and both teams as it names them. */
export function sourceKey(date: string, home: string, away: string): string {
  return `${date}|${home}|${away}`;
}

/**
 * Matches from results.csv. A match's ID is the one every source derives for a tournament match:
 * competition, season, date and the two teams in either order (tournament-identity.ts), so a World Cup
 * match is the same match as in the Fjelstul database and worldcup.json whichever side each calls home.
 */
export class Matches {
  readonly records: MatchRecord[] = [];
  readonly sources: MatchSourceRecord[] = [];
  /** Tournament names the table does not list, with their matches: the run notes them. */
  readonly fallbacks = new Map<string, number>();
  private readonly refs = new Map<string, MatchRef>();

  constructor(
    private readonly teams: TeamBook,
    private readonly competitions: CompetitionBook,
    private readonly now: number,
  ) {}

  load(sheet: Sheet, credit: (id: string) => void): void {
    const rows: ResultRow[] = [];
    eachRow(sheet, (row) => rows.push(this.read(row)));
    const cutter = new SeasonCutter(rows);
    const seasons = rows.map((r) => cutter.seasonOf(r.competition.code, r.competition.seasons, r.date));
    const ids = matchIds(rows, seasons);
    rows.forEach((r, at) => {
      const season = seasons[at]!;
      const id = ids[at];
      if (typeof id !== 'string') return sheet.reject(r.row, id!.rejected);
      const seasonId = this.competitions.add(r.competition, season);
      const record = this.record(r, id, seasonId);
      const key = sourceKey(r.date, r.home, r.away);
      this.records.push(record);
      const ref = {
        id,
        homeTeamId: r.homeTeamId,
        awayTeamId: r.awayTeamId,
        home: r.home,
        away: r.away,
        record,
      };
      this.refs.set(key, ref);
      const provenance = { id: `${id}:${SOURCE}`, match_id: id, source: SOURCE, source_key: key };
      this.sources.push(provenance);
      if (r.competition.fallback) {
        this.fallbacks.set(r.competition.name, (this.fallbacks.get(r.competition.name) ?? 0) + 1);
      }
      for (const made of this.competitions.firstMet(r.competition.competitionId, seasonId)) credit(made);
      credit(id);
      credit(provenance.id);
    });
  }

  /** The match a goal or shoot-out row names, if results.csv has it (and did not reject it). */
  ref(row: Row): MatchRef {
    const key = sourceKey(row.text('date'), row.text('home_team'), row.text('away_team'));
    const ref = this.refs.get(key);
    if (!ref) throw new RowError(`no match ${key.replaceAll('|', ' ')} in results.csv (or rejected there)`);
    return ref;
  }

  private read(row: Row): ResultRow {
    const date = calendarDate(row.text('date'), 'date');
    const home = row.required('home_team');
    const away = row.required('away_team');
    const homeTeam = this.teams.resolve(home, date);
    if (!homeTeam) throw new RowError(unknownTeam(home));
    const awayTeam = this.teams.resolve(away, date);
    if (!awayTeam) throw new RowError(unknownTeam(away));
    if (homeTeam.teamId === awayTeam.teamId) {
      throw new RowError(`home and away are the same team ("${home}", "${away}")`);
    }
    const homeScore = score(row.text('home_score'), 'home_score');
    const awayScore = score(row.text('away_score'), 'away_score');
    if ((homeScore === null) !== (awayScore === null)) throw new RowError('only one side has a score');
    return {
      row: row.row,
      date,
      home,
      away,
      homeTeamId: homeTeam.teamId,
      awayTeamId: awayTeam.teamId,
      competition: competitionFor(row.required('tournament')),
      homeScore,
      awayScore,
      city: givenName(row.text('city')),
      country: givenName(row.text('country')),
      neutral: row.flag('neutral'),
    };
  }

  private record(r: ResultRow, id: string, seasonId: string): MatchRecord {
    const final: [number, number] | null = r.homeScore === null ? null : [r.homeScore, r.awayScore!];
    const startsAt = `${r.date}T00:00:00Z`;
    return {
      id,
      competition_id: r.competition.competitionId,
      season_id: seasonId,
      round: null,
      stage: null,
      home_team_id: r.homeTeamId,
      away_team_id: r.awayTeamId,
      starts_at: startsAt,
      time_known: 0,
      status: matchStatus(null, { ft: final, et: null, p: null }, Date.parse(startsAt) + DAY_MS, this.now),
      source_status: null,
      // The score includes extra time where there was any, and the source does not say whether there was:
      // the 90-minute and extra-time columns stay unknown.
      ...scoreColumns({ ht: null, ft: null, et: null, p: null }, final),
      venue_name: null,
      venue_city: r.city,
      venue_country: r.country,
      neutral: r.neutral ? 1 : 0,
      local_date: r.date,
      source: SOURCE,
    };
  }
}

function unknownTeam(name: string): string {
  return `unknown national team "${name}" (not in src/ingest/identity/national-teams.ts or other-national-teams.ts)`;
}
