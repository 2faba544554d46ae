import type { MatchRecord, MatchSourceRecord } from '../canonical.js';
import { nationalTeam } from '../identity/national-teams.js';
import { tournamentMatchId } from '../identity/tournament-identity.js';
import { scoreProblem } from '../score-check.js';
import { shootoutWinner } from '../score-columns.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { eachRow, RowError, type Row, type Sheet } from './csv-sheet.js';
import type { GoalTally } from './goal-tally.js';
import { venueZone } from './host-zones.js';
import { localToUtc } from '../time/local-to-utc.js';
import { venueId } from './people-ids.js';
import { roundName } from './rounds.js';
import type { Teams } from './teams.js';
import type { Edition, Tournaments } from './tournaments.js';

const SOURCE = SOURCE_NAMES.fjelstul;
const TIME = /^\d{1,2}:\d{2}$/;

/** What the other tables need to know of a match they name by its Fjelstul `match_id`. */
export interface MatchRef {
  id: string;
  edition: Edition;
  localDate: string;
  /** Fjelstul team ID -> team ID, for the two sides. */
  sides: ReadonlyMap<string, string>;
  homeTeamId: string;
  awayTeamId: string;
}

function realDate(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(d.getTime()) || !d.toISOString().startsWith(value)) {
    throw new RowError(`match_date "${value}" is not a date`);
  }
  return value;
}

/**
 * Whether a match was on neutral ground: 0 when a side is the host country's team, 1 when neither is, null
 * when the host country is not a national team the table knows.
 */
function neutralGround(country: string, women: boolean, home: string, away: string): number | null {
  const host = country === '' ? undefined : nationalTeam(country, women);
  if (!host) return null;
  return host.teamId === home || host.teamId === away ? 0 : 1;
}

/** Matches from matches.csv, and the lookup the event, lineup and statistics tables go through. */
export class Matches {
  private readonly refs = new Map<string, MatchRef>();
  private readonly rowOfId = new Map<string, number>();
  readonly records: MatchRecord[] = [];
  readonly sources: MatchSourceRecord[] = [];
  /** Venues whose time zone is not known: their matches keep only their date. */
  readonly unzoned = new Set<string>();

  constructor(
    private readonly tournaments: Tournaments,
    private readonly teams: Teams,
    private readonly goals: GoalTally,
  ) {}

  load(sheet: Sheet, credit: (id: string) => void): void {
    eachRow(sheet, (row) => {
      const key = row.required('match_id');
      if (this.refs.has(key)) throw new RowError(`match_id ${key} appears twice`);
      const edition = this.tournaments.edition(row.required('tournament_id'), row.text('tournament_name'));
      const date = realDate(row.text('match_date'));
      const homeKey = row.required('home_team_id');
      const awayKey = row.required('away_team_id');
      const home = this.teams.resolve(homeKey, edition.women);
      const away = this.teams.resolve(awayKey, edition.women);
      if (home === away) throw new RowError(`home and away are the same team (${homeKey}, ${awayKey})`);
      const id = tournamentMatchId(edition.code, edition.year, date, home, away);
      const twin = this.rowOfId.get(id);
      if (twin !== undefined) throw new RowError(`same teams on the same date as row ${twin}`);
      const record = this.record(row, edition, date, home, away, homeKey, awayKey);
      record.id = id;
      this.rowOfId.set(id, row.row);
      this.refs.set(key, {
        id,
        edition,
        localDate: date,
        sides: new Map([
          [homeKey, home],
          [awayKey, away],
        ]),
        homeTeamId: home,
        awayTeamId: away,
      });
      this.records.push(record);
      const provenance = { id: `${id}:${SOURCE}`, match_id: id, source: SOURCE, source_key: key };
      this.sources.push(provenance);
      for (const made of [edition.competitionId, edition.seasonId, id, provenance.id]) credit(made);
    });
  }

  private record(
    row: Row,
    edition: Edition,
    date: string,
    home: string,
    away: string,
    homeKey: string,
    awayKey: string,
  ): MatchRecord {
    const time = row.optional('match_time');
    if (time !== null && !TIME.test(time)) throw new RowError(`match_time "${time}" is not HH:MM`);
    const country = row.text('country_name');
    const city = row.text('city_name');
    const zone = venueZone(country, city);
    if (time !== null && !zone) this.unzoned.add(`${city}, ${country}`);
    const startsAt = time !== null && zone ? localToUtc(date, time, zone) : null;
    const final: [number, number] = [row.count('home_team_score'), row.count('away_team_score')];
    const extraTime = row.flag('extra_time');
    const shootout = row.flag('penalty_shootout');
    const pens: [number, number] | null = shootout
      ? [row.count('home_team_score_penalties'), row.count('away_team_score_penalties')]
      : null;
    const derived = this.goals.scores(row.required('match_id'), homeKey, awayKey, final);
    const ft = extraTime ? (derived?.ft ?? null) : final;
    // Every row is a played match; World Cups have no two-legged ties.
    const problem = scoreProblem(
      { ht: derived?.ht ?? null, ft, et: extraTime ? final : null, p: pens, final },
      { over: true },
    );
    if (problem) throw new RowError(problem);
    return {
      id: '',
      competition_id: edition.competitionId,
      season_id: edition.seasonId,
      round: roundName(row.text('stage_name'), row.optional('group_name')),
      stage: row.optional('stage_name'),
      home_team_id: home,
      away_team_id: away,
      starts_at: startsAt ?? `${date}T00:00:00Z`,
      time_known: startsAt ? 1 : 0,
      status: 'finished',
      source_status: null,
      home_score: final[0],
      away_score: final[1],
      ht_home: derived?.ht[0] ?? null,
      ht_away: derived?.ht[1] ?? null,
      ft_home: ft?.[0] ?? null,
      ft_away: ft?.[1] ?? null,
      et_home: extraTime ? final[0] : null,
      et_away: extraTime ? final[1] : null,
      pen_home: pens?.[0] ?? null,
      pen_away: pens?.[1] ?? null,
      shootout_winner: shootoutWinner(pens),
      venue_name: row.optional('stadium_name'),
      ...venueOf(row),
      venue_city: city === '' ? null : city,
      venue_country: country === '' ? null : country,
      neutral: neutralGround(country, edition.women, home, away),
      local_date: date,
      source: SOURCE,
    };
  }

  /** The match a row names by `match_id`; an unknown match rejects the row. */
  ref(row: Row): MatchRef {
    const key = row.required('match_id');
    const ref = this.refs.get(key);
    if (!ref) throw new RowError(`unknown match ${key} (not in matches.csv or rejected there)`);
    return ref;
  }

  /** The team ID of one of the match's two sides; a team that did not play in it rejects the row. */
  side(ref: MatchRef, row: Row, column = 'team_id'): string {
    const key = row.required(column);
    const id = ref.sides.get(key);
    if (!id) throw new RowError(`team ${key} did not play in match ${row.text('match_id')}`);
    return id;
  }

  all(): IterableIterator<MatchRef> {
    return this.refs.values();
  }
}

/** The venue's record, from stadium_id where the table has it (left out otherwise, as other sources do). */
function venueOf(row: Row): { venue_id?: string } {
  const key = row.optional('stadium_id');
  return key === null ? {} : { venue_id: venueId(key) };
}
