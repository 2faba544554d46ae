import { emptyBatch, type ArtifactFile, type CanonicalBatch } from '../canonical.js';
import { CompetitionBook } from './competitions.js';
import { loadFiles, type Sheet } from './files.js';
import { FormerNames } from './former-names.js';
import { loadGoals } from './goals.js';
import { Matches } from './matches.js';
import { loadShootouts } from './shootouts.js';
import { TeamBook } from './teams.js';

/**
 * Credits a record to the file that produced it, so per-file counts add up; each record is credited once
 * (competitions and seasons when first met, teams after results.csv is read). A shoot-out changes a match
 * results.csv already counts, and credits nothing.
 */
const credit = (sheet: Sheet) => (id: string) => {
  sheet.outcome.recordIds.push(id);
};

/**
 * Turns the international results' CSV files into canonical records: former_names.csv first (teams depend
 * on it), then results.csv (competitions, seasons, teams, matches), goalscorers.csv (timeline events) and
 * shootouts.csv (winners on the matches). A row that cannot be used is rejected with its file, `row N`
 * and the reason; the rest is kept.
 */
export function normalizeInternationalResults(
  files: readonly ArtifactFile[],
  now: number,
  onFile: (done: number, total: number, uri: string) => void = () => undefined,
): CanonicalBatch {
  const batch: CanonicalBatch = emptyBatch();
  const loaded = loadFiles(files, batch.rejections);
  batch.notes.push(...loaded.notes);
  const { sheets } = loaded;
  const total = sheets.size;
  let done = 0;
  const step = (sheet: Sheet) => onFile(done++, total, sheet.uri);

  const formerNames = new FormerNames();
  const former = sheets.get('formerNames');
  if (former) {
    step(former);
    formerNames.load(former);
  }
  const teams = new TeamBook(formerNames);
  const competitions = new CompetitionBook();
  const matches = new Matches(teams, competitions, now);
  const results = sheets.get('results')!;
  step(results);
  matches.load(results, credit(results));

  const goalSheet = sheets.get('goalscorers');
  if (goalSheet) {
    step(goalSheet);
    const goals = loadGoals(goalSheet, matches, credit(goalSheet));
    batch.details.events = goals.events;
    if (goals.offScore > 0) {
      batch.notes.push(`${goalSheet.uri}: ${goals.offScore} matches whose goals do not add up to the score`);
    }
  }
  const shootouts = sheets.get('shootouts');
  if (shootouts) {
    step(shootouts);
    loadShootouts(shootouts, matches);
  }
  onFile(total, total, '');

  for (const [name, count] of matches.fallbacks) {
    batch.notes.push(
      `tournament "${name}" is not in src/ingest/international-results/tournament-table.ts: ` +
        `${count} matches in a competition of its own (fallback)`,
    );
  }
  batch.competitions = competitions.competitionRecords();
  batch.seasons = competitions.seasonRecords();
  batch.teams = teams.records();
  const creditTeam = credit(results);
  for (const team of batch.teams) creditTeam(team.id);
  batch.aliases = teams.aliasRecords();
  batch.matches = matches.records;
  batch.details.matchSources = matches.sources;
  for (const sheet of [former, results, goalSheet, shootouts]) if (sheet) batch.artifacts.push(sheet.outcome);
  batch.artifacts.push(...loaded.rejectedFiles);
  return batch;
}
