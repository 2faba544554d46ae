import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Config } from '../../config/config.js';
import { applyLines } from '../../live/apply-stream.js';
import { boundedLines } from '../../live/line-reader.js';
import type { Verdict } from '../../live/verdict.js';
import { openStorage, type Storage } from '../../storage/connection.js';
import { migrateToLatest } from '../../storage/migrations/migrate.js';
import { recentLiveRejections } from '../../storage/repositories/live-event.repository.js';
import { printJson } from '../json-output.js';
import { printListing } from '../table-output.js';
import { explainMissingDatabase, withStorage } from '../with-storage.js';

/** The actor updates applied from the command line are recorded under. */
export const CLI_ACTOR = 'cli';
/** How long an update waits for SQLite's write lock while an ingestion holds it. */
const WRITE_LOCK_WAIT_MS = 30_000;

/** Writes a line, waiting while the reader is behind: verdicts never pile up in memory. */
async function writeLine(text: string): Promise<void> {
  if (!process.stdout.write(`${text}\n`)) {
    await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
  }
}

async function openInput(from: string): Promise<Readable> {
  if (from === '-') return process.stdin;
  try {
    const handle = await fs.promises.open(from, 'r');
    return handle.createReadStream();
  } catch (error) {
    throw new Error(`live apply: cannot read ${from}: ${(error as Error).message}`);
  }
}

/**
 * `touchline live apply [--from <file|->]`: applies JSON lines of match updates in order, one verdict per
 * line on stdout, a summary on stderr. Exit 0 once the input has ended, rejections or not; 1 when the
 * input cannot be read or the database cannot be opened.
 */
export async function liveApplyCommand(
  config: Readonly<Config>,
  // `--json` changes nothing: the verdicts are JSON lines whether asked for or not.
  options: { from: string; json?: boolean },
): Promise<number> {
  const input = await openInput(options.from);
  let storage: Storage;
  try {
    storage = openStorage(config.databaseUrl, { create: false, writeLock: { waitMs: WRITE_LOCK_WAIT_MS } });
  } catch (error) {
    throw explainMissingDatabase(error);
  }
  try {
    await migrateToLatest(storage);
    const counts = await applyLines(storage, boundedLines(input), CLI_ACTOR, (verdict: Verdict) =>
      writeLine(JSON.stringify(verdict)),
    );
    process.stderr.write(
      `live apply: ${counts.applied} applied, ${counts.duplicate} duplicate, ${counts.stale} stale, ` +
        `${counts.rejected} rejected\n`,
    );
    return 0;
  } finally {
    input.destroy();
    await storage.close();
  }
}

/** `touchline live rejections [--limit N] [--json]`: the newest refused updates, newest first. */
export async function liveRejectionsCommand(
  config: Readonly<Config>,
  options: { limit: number; json?: boolean },
): Promise<number> {
  return withStorage(config, async ({ db }) => {
    const rows = await recentLiveRejections(db, options.limit);
    if (options.json) {
      printJson(rows);
      return 0;
    }
    printListing({
      headers: ['received', 'actor', 'match', 'update', 'reason', 'times'],
      rows: rows.map((r) => [
        r.received_at,
        r.actor,
        r.match_ref ?? '-',
        r.update_id ?? '-',
        r.reason,
        String(r.repeats),
      ]),
      plain: rows.map(
        (r) =>
          // A summary row (one batch's refusals for one reason past its first examples) says how many.
          `${r.received_at}\t${r.actor}\t${r.match_ref ?? '-'}\t${r.update_id ?? '-'}\t${r.reason}` +
          `${r.repeats > 1 ? `\t(×${r.repeats})` : ''}`,
      ),
      empty: 'no live update was rejected',
    });
    return 0;
  });
}
