// One refresh of one source (src/ingest/refresh.ts) and the ingestion lock, in process, on the engine
// of the test run: an artifact already ingested is recorded as `unchanged` without being parsed (a 304
// to the conditional request, or the same SHA-256), a changed one is ingested and keeps its validators,
// a failure to read it is a failed run; on PostgreSQL the advisory lock skips, waits and times out.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { recordingValidators } from '../../../src/ingest/artifacts/download.js';
import { holdIngestionLock, LockTimeoutError } from '../../../src/ingest/ingestion-lock.js';
import { loadOpenfootball } from '../../../src/ingest/openfootball/adapter.js';
import { refreshSource, type RefreshJob } from '../../../src/ingest/refresh.js';
import type { LoadedSource, SourceOptions } from '../../../src/ingest/source.js';
import { findRun, listRuns } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import { ingest, matchRows, openTestStorage } from '../../support/ingest/test-storage.js';
import { etagOf, startUpstream, type Upstream } from '../../support/ingest/upstream.js';

const V1 = {
  '2023-24/en.1': epl('2023-24', [entry('2023-08-11 20:00', 'Burnley FC', 'Chelsea FC', { ft: [0, 3] })]),
};
const V2 = {
  '2023-24/en.1': epl('2023-24', [entry('2023-08-11 20:00', 'Burnley FC', 'Chelsea FC', { ft: [1, 3] })]),
};

describe('refresh of one source', () => {
  let dir: string;
  let clubs: string;
  let upstream: Upstream;
  let loads = 0;
  /** The openfootball loader, counting how often it is asked to read the source. */
  const load = (options: SourceOptions): Promise<LoadedSource> => {
    loads += 1;
    return loadOpenfootball(options);
  };

  before(async () => {
    dir = makeTempDir('refresh-one');
    clubs = writeClubs(dir);
    upstream = await startUpstream(dir, [V1, V2]);
  });

  after(async () => {
    await upstream.stop();
    removeDir(dir);
  });

  it('a URL: 200 with validators, then 304 (unchanged, not parsed), then a change; --force reads anyway', async (t) => {
    const storage = await openTestStorage('url.db');
    t.after(() => storage.close());
    const job: RefreshJob = { source: 'openfootball', location: upstream.url, clubs, load };
    upstream.version = 0;
    loads = 0;

    const first = await refreshSource(storage, job);
    assert.equal(first.outcome, 'succeeded');
    const stored = await findRun(storage.db, first.runId);
    assert.deepEqual(
      [stored?.run.etag, stored?.run.last_modified],
      [etagOf(0), 'Fri, 01 Mar 2024 00:00:00 GMT'],
    );

    const seen = upstream.requests.length;
    const second = await refreshSource(storage, job);
    assert.equal(second.outcome, 'unchanged');
    if (second.outcome !== 'unchanged') return;
    assert.deepEqual([second.sameAs, second.how], [first.runId, 'HTTP 304']);
    assert.deepEqual(
      upstream.requests.slice(seen).map((r) => [r.status, r.ifNoneMatch]),
      [[304, etagOf(0)]],
    );
    assert.equal(loads, 1, 'nothing parsed');
    const unchanged = (await findRun(storage.db, second.runId))!;
    assert.equal(unchanged.run.outcome, 'unchanged');
    assert.equal(unchanged.run.sha256, stored?.run.sha256, 'the artifact is the one ingested');
    assert.equal(unchanged.run.etag, etagOf(0), 'the validators carry on');
    assert.deepEqual(unchanged.artifacts, []);

    upstream.version = 1;
    const third = await refreshSource(storage, job);
    assert.equal(third.outcome, 'succeeded');
    if (third.outcome === 'succeeded') assert.equal(third.updated, 1);
    assert.equal((await matchRows(storage))[0]?.home_score, 1);
    assert.equal(upstream.requests.at(-1)?.ifNoneMatch, etagOf(0), 'asked whether v1 changed');

    const forced = await refreshSource(storage, job, { force: true });
    assert.equal(forced.outcome, 'succeeded', 'force reads and ingests an unchanged artifact');
    assert.equal(upstream.requests.at(-1)?.ifNoneMatch, undefined, 'unconditionally');
  });

  it('a server without validators: a body with the same SHA-256 is unchanged', async (t) => {
    const storage = await openTestStorage('same.db');
    t.after(() => storage.close());
    const location = `${upstream.url}?no-validators`;
    // The upstream's ETag is per version; drop what the first run kept so the second asks without.
    upstream.version = 0;
    const first = await refreshSource(storage, { source: 'openfootball', location, clubs, load });
    assert.equal(first.outcome, 'succeeded');
    await storage.db.updateTable('ingestion_runs').set({ etag: null, last_modified: null }).execute();
    loads = 0;
    const second = await refreshSource(storage, { source: 'openfootball', location, clubs, load });
    assert.equal(second.outcome, 'unchanged');
    if (second.outcome === 'unchanged') assert.equal(second.how, 'same SHA-256');
    assert.equal(loads, 0);
    assert.equal(upstream.requests.at(-1)?.status, 200);
  });

  it('a folder: unchanged files are not parsed; a changed file is ingested', async (t) => {
    const storage = await openTestStorage('folder.db');
    t.after(() => storage.close());
    const root = path.join(dir, 'folder');
    const from = writeFootballJson(root, V1);
    const job: RefreshJob = { source: 'openfootball', location: from, clubs, load };
    loads = 0;
    assert.equal((await refreshSource(storage, job)).outcome, 'succeeded');
    const again = await refreshSource(storage, job);
    assert.equal(again.outcome, 'unchanged');
    assert.equal(loads, 1);
    writeFootballJson(root, V2);
    assert.equal((await refreshSource(storage, job)).outcome, 'succeeded');
    assert.equal((await matchRows(storage))[0]?.home_score, 1);
  });

  it('a source that cannot be read is a failed run, and the next one compares with the last success', async (t) => {
    const storage = await openTestStorage('failed.db');
    t.after(() => storage.close());
    upstream.version = 0;
    const job: RefreshJob = { source: 'openfootball', location: upstream.url, clubs, load };
    assert.equal((await refreshSource(storage, job)).outcome, 'succeeded');
    upstream.mode = 'fail';
    try {
      const failed = await refreshSource(storage, job);
      assert.equal(failed.outcome, 'failed');
      if (failed.outcome === 'failed') {
        assert.match(failed.error ?? '', /could not be retrieved \(HTTP 500; 3 attempts\)$/);
      }
      const [run] = await listRuns(storage.db, 1);
      assert.deepEqual([run?.outcome, run?.location], ['failed', upstream.url]);
    } finally {
      upstream.mode = 'ok';
    }
    const back = await refreshSource(storage, job);
    assert.equal(back.outcome, 'unchanged');
  });

  it('`touchline ingest` from a URL keeps the validators too, for the next refresh', async (t) => {
    const storage = await openTestStorage('ingest.db');
    t.after(() => storage.close());
    upstream.version = 1;
    const { result, validators } = await recordingValidators(() => ingest(storage, upstream.url, { clubs }));
    assert.equal(result.outcome, 'succeeded');
    assert.deepEqual(validators.get(upstream.url)?.etag, etagOf(1));
  });

  it('the ingestion lock: PostgreSQL skips, waits and times out; SQLite leaves it to the write lock', async (t) => {
    const storage = await openTestStorage('lock.db');
    t.after(() => storage.close());
    const held = await holdIngestionLock(storage.engine, storage.url, 'test holder', { waitMs: 0 });
    assert.ok(held);
    try {
      const other = await holdIngestionLock(storage.engine, storage.url, 'test other', { waitMs: 0 });
      if (storage.engine === 'sqlite') {
        assert.ok(other, 'SQLite: nothing to hold here');
        await other.release();
        return;
      }
      assert.equal(other, null, 'held: skipped');
      const waited: string[] = [];
      const started = Date.now();
      await assert.rejects(
        holdIngestionLock(storage.engine, storage.url, 'test other', {
          waitMs: 600,
          onWait: (holder) => waited.push(holder),
        }),
        (error: unknown) =>
          error instanceof LockTimeoutError &&
          /gave up after 0.6 s waiting for the ingestion lock, held by touchline test holder \(pid \d+\)/.test(
            error.message,
          ),
      );
      assert.ok(Date.now() - started >= 550);
      assert.equal(waited.length, 1);
      assert.match(waited[0]!, /^touchline test holder \(pid \d+\)/);
      const waiting = holdIngestionLock(storage.engine, storage.url, 'test other', { waitMs: 5000 });
      // Released while the other is waiting for it (its first try made at once).
      await new Promise((resolve) => setTimeout(resolve, 50));
      await held.release();
      const mine = await waiting;
      assert.ok(mine, 'taken once released');
      await mine.release();
    } finally {
      await held.release();
    }
  });
});

describe('SQLite write lock for ingestion processes', () => {
  it('a transaction waits for another process to commit, saying so once, or gives up', async (t) => {
    const storage = await openTestStorage('write-lock.db');
    t.after(() => storage.close());
    if (storage.engine !== 'sqlite') return;
    const { openStorage } = await import('../../../src/storage/connection.js');
    const waits: number[] = [];
    const ingesting = openStorage(storage.url, {
      writeLock: { waitMs: 5000, onWait: () => waits.push(Date.now()) },
    });
    t.after(() => ingesting.close());
    const Database = (await import('better-sqlite3')).default;
    const other = new Database(storage.url.slice('sqlite:'.length));
    t.after(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const holdMs = 400;
    const started = Date.now();
    setTimeout(() => other.exec('COMMIT'), holdMs);
    await ingesting.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ingestion_rejections').where('run_id', '=', -1).execute();
    });
    assert.ok(Date.now() - started >= holdMs - 20, 'waited for the commit');
    assert.equal(waits.length, 1, 'said so once');

    other.exec('BEGIN IMMEDIATE');
    const impatient = openStorage(storage.url, { writeLock: { waitMs: 200 } });
    t.after(() => impatient.close());
    await assert.rejects(
      impatient.db.transaction().execute(async () => undefined),
      /gave up after 0.2 s waiting for the database's write lock/,
    );
    other.exec('ROLLBACK');
    fs.accessSync(storage.url.slice('sqlite:'.length));
  });
});
