import { loadSheet } from '../artifacts/csv-sheet.js';
import { rejectFile } from '../artifacts/file-audit.js';
import { decodeUtf8 } from '../artifacts/text.js';
import { emptyBatch, type ArtifactFile, type CanonicalBatch } from '../canonical.js';
import { IngestError } from '../ingest-error.js';
import { Row, type Sheet } from './csv-sheet.js';
import { EventLog } from './event-log.js';
import { locateTables, TABLES, type TableName } from './files.js';
import { GoalTally } from './goal-tally.js';
import { loadLineups, loadTeamSheets } from './lineups.js';
import { Matches } from './matches.js';
import {
  loadAwards,
  loadCoachAppointments,
  loadCoaches,
  loadOfficials,
  loadPlacings,
  loadReferees,
  loadVenues,
} from './people.js';
import { Players } from './players.js';
import { loadSquads, loadStandings } from './season-tables.js';
import { loadSubstitutions } from './substitutions.js';
import { cardStats } from './team-stats.js';
import { Teams } from './teams.js';
import { loadBookings, loadGoals, loadShootouts, type Booking } from './timeline.js';
import { Tournaments } from './tournaments.js';

/** What a missing optional table leaves out. */
const WITHOUT: Partial<Record<TableName, string>> = {
  goals: 'no goals in the timelines, no half-time scores',
  bookings: 'no cards in the timelines, no team statistics',
  substitutions: 'no substitutions in the timelines',
  penalty_kicks: 'no shoot-out kicks in the timelines',
  player_appearances: 'no lineups',
  manager_appearances: 'no coaches on the team sheets',
  squads: 'no squads',
  group_standings: 'no standings',
  managers: 'no coach records, no coach IDs on the team sheets',
  manager_appointments: 'no coach appointments',
  referees: 'no referee records, no match officials',
  referee_appearances: 'no match officials',
  stadiums: 'no venue records',
  tournament_standings: 'no final placings in the honours',
  award_winners: 'no individual awards in the honours',
};

/**
 * Turns the Fjelstul World Cup Database's CSV tables into canonical records. A missing required table, an
 * unreadable CSV or a table without its columns fails the run; a row that cannot be used is rejected with
 * its reason and the rest is kept. A file that is not UTF-8 fails the run if its table is required, and
 * is otherwise rejected as a whole, the run going on as without that table. Each record is credited to
 * the file that first produced it.
 */
export function normalizeFjelstul(
  files: readonly ArtifactFile[],
  onFile: (done: number, total: number, uri: string) => void = () => undefined,
): CanonicalBatch {
  const located = locateTables(files);
  const batch: CanonicalBatch = emptyBatch();
  const credited = new Set<string>();
  const sheets = new Map<TableName, Sheet>();
  const tables = Object.keys(TABLES) as TableName[];
  for (const [at, name] of tables.entries()) {
    const file = located.get(name);
    if (!file) {
      batch.notes.push(`${name}.csv is not in the artifact: ${WITHOUT[name] ?? 'skipped'}`);
      continue;
    }
    onFile(at, tables.length, file.uri);
    const text = decodeUtf8(file.bytes);
    if (!text.ok) {
      if (TABLES[name].required) throw new IngestError(`${file.uri}: ${text.reason}`);
      batch.artifacts.push(rejectFile(file, text.reason, batch.rejections));
      batch.notes.push(`${name}.csv is rejected (not UTF-8): ${WITHOUT[name] ?? 'skipped'}`);
      continue;
    }
    const sheet = loadSheet(file, text.text, TABLES[name].columns, batch.rejections, Row);
    sheets.set(name, sheet);
    batch.artifacts.push(sheet.outcome);
  }
  const creditTo = (name: TableName) => {
    const sheet = sheets.get(name)!;
    return (id: string) => {
      if (credited.has(id)) return;
      credited.add(id);
      sheet.outcome.recordIds.push(id);
    };
  };
  const sheet = (name: TableName) => sheets.get(name);
  const tournaments = new Tournaments();
  const teams = new Teams();
  const players = new Players();
  const matches = new Matches(tournaments, teams, new GoalTally(sheet('goals')));
  const log = new EventLog();
  const d = batch.details;

  teams.load(sheet('teams')!, creditTo('teams'));
  players.load(sheet('players')!, creditTo('players'));
  matches.load(sheet('matches')!, creditTo('matches'));
  const goals = sheet('goals');
  if (goals) loadGoals(goals, matches, players, log, creditTo('goals'));
  let bookings: Booking[] | undefined;
  const bookingSheet = sheet('bookings');
  if (bookingSheet) bookings = loadBookings(bookingSheet, matches, players, log, creditTo('bookings'));
  const substitutions = sheet('substitutions');
  if (substitutions) {
    const unpaired = loadSubstitutions(substitutions, matches, players, log, creditTo('substitutions'));
    if (unpaired > 0) {
      batch.notes.push(
        `${substitutions.uri}: ${unpaired} substitution rows without a partner at the same minute kept as one-sided substitutions`,
      );
    }
  }
  const kicks = sheet('penalty_kicks');
  if (kicks) loadShootouts(kicks, matches, players, log, creditTo('penalty_kicks'));
  const appearances = sheet('player_appearances');
  if (appearances) d.lineups = loadLineups(appearances, matches, players, creditTo('player_appearances'));
  const coachSheet = sheet('managers');
  const coaches = coachSheet ? loadCoaches(coachSheet, creditTo('managers')) : new Map();
  d.coaches = [...coaches.values()];
  const managers = sheet('manager_appearances');
  if (managers) d.teamSheets = loadTeamSheets(managers, matches, coaches, creditTo('manager_appearances'));
  const appointments = sheet('manager_appointments');
  if (appointments) {
    const credit = creditTo('manager_appointments');
    d.coachAppointments = loadCoachAppointments(appointments, tournaments, teams, coaches, credit);
  }
  const refereeSheet = sheet('referees');
  const referees = refereeSheet ? loadReferees(refereeSheet, creditTo('referees')) : new Map();
  d.referees = [...referees.values()];
  const officials = sheet('referee_appearances');
  if (officials) d.officials = loadOfficials(officials, matches, referees, creditTo('referee_appearances'));
  const stadiums = sheet('stadiums');
  if (stadiums) d.venues = [...loadVenues(stadiums, creditTo('stadiums')).values()];
  const placings = sheet('tournament_standings');
  if (placings) d.placings = loadPlacings(placings, tournaments, teams, creditTo('tournament_standings'));
  const awards = sheet('award_winners');
  if (awards) d.awards = loadAwards(awards, tournaments, teams, players, creditTo('award_winners'));
  const squads = sheet('squads');
  if (squads) d.squadMembers = loadSquads(squads, tournaments, teams, players, creditTo('squads'));
  const standings = sheet('group_standings');
  if (standings) d.standings = loadStandings(standings, tournaments, teams, creditTo('group_standings'));
  if (bookings) {
    d.teamStats = cardStats(matches.all(), bookings);
    const credit = creditTo('bookings');
    for (const s of d.teamStats) credit(s.id);
  }
  onFile(tables.length, tables.length, '');

  if (matches.unzoned.size > 0) {
    batch.notes.push(
      `no time zone known for ${[...matches.unzoned].join('; ')}: those matches keep their date only`,
    );
  }
  batch.competitions = tournaments.competitionRecords();
  batch.seasons = tournaments.seasonRecords();
  batch.teams = teams.records();
  // Teams first named by a table other than teams.csv (a side of a gender teams.csv did not flag).
  const creditTeam = creditTo('teams');
  for (const team of batch.teams) creditTeam(team.id);
  batch.aliases = teams.aliasRecords();
  batch.matches = matches.records;
  d.players = players.records;
  d.matchSources = matches.sources;
  d.events = log.records;
  return batch;
}
