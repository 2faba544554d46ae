import { auditFile, rejectFile } from '../artifacts/file-audit.js';
import { parseCsv } from '../artifacts/csv.js';
import { readArtifact } from '../artifacts/read-artifact.js';
import { decodeUtf8 } from '../artifacts/text.js';
import { emptyBatch, type CanonicalBatch } from '../canonical.js';
import { AliasIndex } from '../identity/alias-index.js';
import { TeamResolver } from '../identity/team-resolver.js';
import { IngestError } from '../ingest-error.js';
import { clubsLocation, loadClubDirectory } from '../reference/club-directory.js';
import type { LoadedSource, SourceOptions } from '../source.js';
import { isSeasonFile, leagueScopes } from './leagues.js';
import { refereeOf } from './referees.js';
import { readStatisticsRow, statsRecord, type Row } from './statistics-rows.js';

/**
 * football-data.co.uk match statistics (shots, shots on target, corners, cards), per league season file.
 * The rows carry short club names and no match key: each side is resolved to a known club through the
 * club directory and stored under (team, opponent, date), which is how the API finds the match these
 * figures belong to, whether the fixtures were ingested before or after. No match or team is created. The
 * referee a row names is stored the same way, under the date and both teams, with a referee record of
 * that name.
 * A row whose teams are not known clubs cannot be linked and is rejected with the reason; a file that is
 * not UTF-8 is rejected as a whole.
 */
export async function loadFootballData(options: SourceOptions): Promise<LoadedSource> {
  const artifact = await readArtifact(options.from);
  const directory = await loadClubDirectory(clubsLocation(options.from, options.clubs));
  const index = new AliasIndex(directory.clubs);
  return {
    artifacts: directory.artifact ? [artifact, directory.artifact] : [artifact],
    normalize: ({ stored, onFile }) => {
      const resolver = new TeamResolver(index, stored);
      const files = artifact.files
        .filter((f) => isSeasonFile(f.uri))
        .sort((a, b) => a.uri.localeCompare(b.uri));
      if (files.length === 0)
        throw new IngestError('no football-data season files (<league>/season-YYYY.csv) found');
      const batch: CanonicalBatch = emptyBatch([...directory.notes]);
      const referees = new Map<string, unknown>();
      files.forEach((file, i) => {
        onFile?.(i, files.length, file.uri);
        const text = decodeUtf8(file.bytes);
        if (!text.ok) {
          batch.artifacts.push(rejectFile(file, text.reason, batch.rejections));
          return;
        }
        const league = leagueScopes(file.uri);
        const table = parseCsv(text.text, file.uri);
        const audit = auditFile(file, table.records.length, batch.rejections);
        const { outcome } = audit;
        batch.artifacts.push(outcome);
        const reject = (row: number, reason: string) => audit.reject(`row ${row}`, reason);
        for (const record of table.records) {
          if (!league) {
            reject(record.row, 'unknown league folder: its club directory is not known');
            continue;
          }
          const row: Row = Object.fromEntries(table.header.map((h, k) => [h, record.fields[k] ?? '']));
          const parsed = readStatisticsRow(row);
          if (typeof parsed === 'string') {
            reject(record.row, parsed);
            continue;
          }
          const ids = parsed.sides.map((side) => resolver.resolve(side.teamName, league.scopes));
          const unknown = parsed.sides.find((_, k) => ids[k]!.via === 'name');
          if (unknown) {
            reject(
              record.row,
              `team "${unknown.teamName}" is not a known club: no match can be linked (add an alias)`,
            );
            continue;
          }
          parsed.sides.forEach((side, k) => {
            const stats = statsRecord(parsed.date, ids[k]!.teamId, ids[1 - k]!.teamId, side);
            batch.details.teamStats.push(stats);
            outcome.recordIds.push(stats.id);
          });
          const official = refereeOf(row, parsed.date, ids[0]!.teamId, ids[1]!.teamId);
          if (official) {
            if (!referees.has(official.referee.id)) {
              referees.set(official.referee.id, official.referee);
              batch.details.referees.push(official.referee);
              outcome.recordIds.push(official.referee.id);
            }
            batch.details.officials.push(official.official);
            outcome.recordIds.push(official.official.id);
          }
        }
      });
      if (directory.outcome) batch.artifacts.push(directory.outcome);
      return batch;
    },
  };
}
