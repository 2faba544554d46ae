import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as tar from 'tar';
import { TABLES } from '../../../src/ingest/fjelstul/files.js';
import type { Storage } from '../../../src/storage/connection.js';
import { csvText, ingestFjelstul, openDb, tempDir, writeTables } from '../../support/fjelstul/fixtures.js';
import { sampleTables } from '../../support/fjelstul/sample-dataset.js';

const DATA_TABLES = ['competitions', 'seasons', 'teams', 'matches', 'players', 'match_events'] as const;

async function counts(storage: Storage): Promise<number[]> {
  const out: number[] = [];
  for (const table of DATA_TABLES) {
    const row = await storage.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out.push(Number(row.n));
  }
  return out;
}

async function matchIds(storage: Storage): Promise<string[]> {
  return (await storage.db.selectFrom('matches').select('id').orderBy('id').execute()).map((r) => r.id);
}

describe('fjelstul: artifact forms and whole-run failures', () => {
  const dirs: Array<{ cleanup: () => void }> = [];
  const scratch = () => {
    const t = tempDir();
    dirs.push(t);
    return t.dir;
  };
  after(() => dirs.forEach((d) => d.cleanup()));

  it('reads the repository folder, its data-csv folder and a .tar.gz of it alike', async () => {
    const dir = scratch();
    const folder = writeTables(dir, sampleTables());
    const archive = path.join(dir, 'worldcup.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: dir }, ['data-csv']);
    const results: string[][] = [];
    for (const from of [dir, folder, archive]) {
      const storage = await openDb();
      const run = await ingestFjelstul(storage, from);
      assert.equal(run.outcome, 'succeeded', `${from}: ${run.error}`);
      results.push(await matchIds(storage));
      await storage.close();
    }
    assert.equal(results[0]!.length, 4);
    assert.deepEqual(results[1], results[0]);
    assert.deepEqual(results[2], results[0]);
  });

  it('prefers the data-csv copy when a table name occurs twice', async () => {
    const dir = scratch();
    writeTables(dir, sampleTables());
    fs.mkdirSync(path.join(dir, 'old'));
    fs.writeFileSync(path.join(dir, 'old', 'matches.csv'), 'not,the,table\n');
    const storage = await openDb();
    const run = await ingestFjelstul(storage, dir);
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    assert.equal((await matchIds(storage)).length, 4);
    await storage.close();
  });

  it('reads CRLF files with quoted commas, quotes and line breaks', async () => {
    const dir = scratch();
    const tables = sampleTables();
    tables.matches = tables.matches.map((m) => ({
      ...m,
      stadium_name: 'Estadio "Lusail", Qatar\nNorth stand',
    }));
    const folder = writeTables(dir, tables);
    fs.writeFileSync(
      path.join(folder, 'matches.csv'),
      csvText(TABLES.matches.columns, tables.matches, '\r\n'),
    );
    const storage = await openDb();
    const run = await ingestFjelstul(storage, folder);
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    const venues = await storage.db.selectFrom('matches').select('venue_name').distinct().execute();
    assert.deepEqual(
      venues.map((v) => v.venue_name),
      ['Estadio "Lusail", Qatar\nNorth stand'],
    );
    await storage.close();
  });

  it('fails the run and writes nothing when a required table is missing', async () => {
    const dir = scratch();
    const tables: Partial<ReturnType<typeof sampleTables>> = sampleTables();
    delete tables.players;
    writeTables(dir, tables);
    const storage = await openDb();
    const run = await ingestFjelstul(storage, dir);
    assert.equal(run.outcome, 'failed');
    assert.match(run.error ?? '', /players\.csv not found/);
    assert.deepEqual(await counts(storage), [0, 0, 0, 0, 0, 0]);
    await storage.close();
  });

  it('fails the run when a table lacks a column it needs', async () => {
    const dir = scratch();
    const folder = writeTables(dir, sampleTables());
    const text = fs.readFileSync(path.join(folder, 'matches.csv'), 'utf8');
    fs.writeFileSync(path.join(folder, 'matches.csv'), text.replace('match_time', 'kickoff'));
    const storage = await openDb();
    const run = await ingestFjelstul(storage, folder);
    assert.equal(run.outcome, 'failed');
    assert.match(run.error ?? '', /matches\.csv: missing column\(s\) match_time/);
    assert.deepEqual(await counts(storage), [0, 0, 0, 0, 0, 0]);
    await storage.close();
  });

  it('goes on without an optional table, saying what is left out', async () => {
    const dir = scratch();
    const tables: Partial<ReturnType<typeof sampleTables>> = sampleTables();
    delete tables.squads;
    delete tables.player_appearances;
    writeTables(dir, tables);
    const storage = await openDb();
    const run = await ingestFjelstul(storage, dir);
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    assert.ok(run.notes.includes('squads.csv is not in the artifact: no squads'));
    assert.ok(run.notes.includes('player_appearances.csv is not in the artifact: no lineups'));
    assert.equal((await matchIds(storage)).length, 4);
    await storage.close();
  });

  it('rejects a row with the wrong number of fields', async () => {
    const dir = scratch();
    const folder = writeTables(dir, sampleTables());
    fs.appendFileSync(path.join(folder, 'players.csv'), 'P-77,Only,Three\n');
    const storage = await openDb();
    const run = await ingestFjelstul(storage, folder);
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    const rejections = await storage.db
      .selectFrom('ingestion_rejections')
      .select(['artifact_uri', 'record_ref', 'reason'])
      .where('artifact_uri', 'like', '%players.csv')
      .execute();
    assert.deepEqual(rejections, [
      {
        artifact_uri: 'data-csv/players.csv',
        record_ref: 'row 10',
        reason: '3 fields, the header has 4 (line 11)',
      },
    ]);
    await storage.close();
  });
});
