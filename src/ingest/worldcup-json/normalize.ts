import { rejectFile } from '../artifacts/file-audit.js';
import { decodeUtf8 } from '../artifacts/text.js';
import { emptyBatch, type ArtifactFile, type CanonicalBatch, type CompetitionRecord } from '../canonical.js';
import { IngestError } from '../ingest-error.js';
import type { TeamResolver } from '../identity/team-resolver.js';
import { competitionRecord, editionOf, seasonRecord } from './editions.js';
import type { RunState } from './file-run.js';
import { startFile } from './file-run.js';
import { normalizeMatchFile } from './match-file.js';
import { PlayerBook } from './players.js';
import { readMatchFile, readSquadsFile, worldcupJsonFiles } from './source-files.js';
import { normalizeSquadsFile } from './squads.js';
import { TeamBook } from './teams.js';

/**
 * Turns worldcup.json files into canonical records: World Cup, play-off and Club World Cup matches with
 * their goals as timeline events, and the squads. Whole-file problems (bad JSON, wrong shape) throw an
 * IngestError; a file that is not UTF-8 is rejected as a whole, and an unusable match, goal or squad
 * entry is rejected with its reason and the rest is kept.
 */
export function normalizeWorldcupJson(
  files: readonly ArtifactFile[],
  resolver: TeamResolver,
  now: number,
  onFile: (done: number, total: number, uri: string) => void = () => undefined,
): CanonicalBatch {
  const sources = worldcupJsonFiles(files);
  if (sources.length === 0) {
    throw new IngestError(
      'no worldcup.json files (<year>/worldcup.json, worldcup.quali_playoffs.json, clubworldcup.json, ' +
        'worldcup.squads.json) found in the artifact',
    );
  }
  const state: RunState = {
    batch: emptyBatch(),
    teams: new TeamBook(resolver),
    players: new PlayerBook(),
    now,
    matchesSeen: new Map(),
  };
  const competitions = new Map<string, CompetitionRecord>();
  const seasons = new Set<string>();

  sources.forEach((source, index) => {
    onFile(index, sources.length, source.file.uri);
    const text = decodeUtf8(source.file.bytes);
    if (!text.ok) {
      state.batch.artifacts.push(rejectFile(source.file, text.reason, state.batch.rejections));
      return;
    }
    const edition = editionOf(source.kind, source.year);
    const run = startFile(state, source, edition);
    const kept =
      source.kind === 'squads'
        ? normalizeSquadsFile(state, run, readSquadsFile(source.file, text.text))
        : normalizeMatchFile(state, run, readMatchFile(source.file, text.text));
    if (kept === 0) return;
    const competition = competitionRecord(edition);
    const known = competitions.get(edition.code);
    if (!known || competition.name_season > known.name_season) competitions.set(edition.code, competition);
    if (!seasons.has(edition.seasonId)) {
      seasons.add(edition.seasonId);
      state.batch.seasons.push(seasonRecord(edition));
    }
  });

  const { batch } = state;
  batch.competitions = [...competitions.values()];
  batch.teams = state.teams.records();
  batch.aliases = state.teams.aliasRecords();
  batch.details.players = state.players.records();
  return batch;
}
