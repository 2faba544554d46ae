import type { Config } from '../../config/config.js';
import { findRun, listRuns } from '../../storage/repositories/ingestion-run.repository.js';
import { printJson } from '../json-output.js';
import { printListing } from '../table-output.js';
import { withStorage } from '../with-storage.js';
import { runDetailJson, runJson } from './runs-json.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

/** `touchline runs [<id>] [--json]`: the newest runs, or one run with its artifacts and rejections. */
export async function runsCommand(
  config: Readonly<Config>,
  id: number | undefined,
  options: { json?: boolean },
): Promise<number> {
  return withStorage(config, async ({ db }) => {
    if (id === undefined) {
      const runs = await listRuns(db);
      if (options.json) {
        printJson(runs.map(runJson));
        return 0;
      }
      printListing({
        headers: [
          'run',
          'outcome',
          'source',
          'started',
          'seen',
          'inserted',
          'updated',
          'unchanged',
          'rejected',
          'location or error',
        ],
        rows: runs.map((r) => [
          String(r.id),
          r.outcome,
          r.source,
          r.started_at,
          String(r.records_seen),
          String(r.inserted),
          String(r.updated),
          String(r.unchanged),
          String(r.rejected),
          r.error ?? r.location,
        ]),
        plain: runs.map(
          (r) =>
            `${r.id}\t${r.outcome}\t${r.source}\t${r.started_at}\tseen ${r.records_seen}\tinserted ${r.inserted}\t` +
            `updated ${r.updated}\tunchanged ${r.unchanged}\trejected ${r.rejected}\t${r.error ?? r.location}`,
        ),
        empty: 'no ingestion runs yet',
      });
      return 0;
    }
    const found = await findRun(db, id);
    if (!found) {
      process.stderr.write(`runs: no run with id ${id}\n`);
      return 1;
    }
    if (options.json) {
      printJson(runDetailJson(found));
      return 0;
    }
    const { run, artifacts, rejections } = found;
    out(`run ${run.id}: ${run.outcome}${run.error ? ` (${run.error})` : ''}`);
    if (run.outcome === 'unchanged') {
      out(
        'the artifact is the one an earlier run ingested (HTTP 304 or same SHA-256): nothing parsed or written',
      );
    }
    out(`source ${run.source} from ${run.location}`);
    out(`started ${run.started_at}, finished ${run.finished_at ?? '-'}`);
    out(`sha256 ${run.sha256 ?? '-'}, ${run.bytes ?? '-'} bytes`);
    if (run.etag || run.last_modified) {
      out(`validators: ETag ${run.etag ?? '-'}, Last-Modified ${run.last_modified ?? '-'}`);
    }
    out(
      `records seen ${run.records_seen}: inserted ${run.inserted}, updated ${run.updated}, ` +
        `unchanged ${run.unchanged}, rejected ${run.rejected}`,
    );
    out(`\nartifacts (${artifacts.length}):`);
    printListing({
      headers: [
        'uri',
        'sha256',
        'bytes',
        'retrieved',
        'seen',
        'inserted',
        'updated',
        'unchanged',
        'rejected',
      ],
      rows: artifacts.map((a) => [
        a.uri,
        a.sha256,
        String(a.bytes),
        a.retrieved_at,
        String(a.records_seen),
        String(a.inserted),
        String(a.updated),
        String(a.unchanged),
        String(a.rejected),
      ]),
      plain: artifacts.map(
        (a) =>
          `  ${a.uri}\tsha256 ${a.sha256}\t${a.bytes} B\tretrieved ${a.retrieved_at}\tseen ${a.records_seen}\t` +
          `+${a.inserted} ~${a.updated} =${a.unchanged} x${a.rejected}`,
      ),
    });
    out(`\nrejections (${rejections.length}):`);
    printListing({
      headers: ['file', 'record', 'reason'],
      rows: rejections.map((r) => [r.artifact_uri, r.record_ref, r.reason]),
      plain: rejections.map((r) => `  ${r.artifact_uri} ${r.record_ref}: ${r.reason}`),
    });
    return 0;
  });
}
