// `ingest --from http://…` against a server that sends a byte every few milliseconds and never finishes:
// the run fails at the download deadline (TOUCHLINE_DOWNLOAD_DEADLINE, here a short one), is recorded as
// failed, and the ingestion lock it held meanwhile (PostgreSQL's advisory lock) is free again after it.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { ingestCommand } from '../../../src/cli/commands/ingest.js';
import { loadConfig, type Config } from '../../../src/config/config.js';
import { DEFAULT_DOWNLOAD_CONFIG } from '../../../src/config/download-config.js';
import { holdIngestionLock } from '../../../src/ingest/ingestion-lock.js';
import { makeTempDir, removeDir, writeClubs } from '../../support/ingest/football-json-fixture.js';
import { openTestStorage } from '../../support/ingest/test-storage.js';

const DEADLINE_MS = 200;

let server: http.Server;
let base: string;
let onRequest: () => Promise<void> = async () => undefined;
let dir: string;

before(async () => {
  dir = makeTempDir('deadline');
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/gzip' });
    // One byte every 10 ms: never idle for the idle timeout, never done.
    const drip = setInterval(() => res.write(Buffer.from([0x1f])), 10);
    res.on('close', () => clearInterval(drip));
    void onRequest();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  removeDir(dir);
});

test(
  'a drip-fed download fails at its deadline and releases the ingestion lock',
  { timeout: 10_000 },
  async (t) => {
    const storage = await openTestStorage('deadline.db');
    t.after(() => storage.close());
    const config: Readonly<Config> = {
      ...loadConfig({ DATABASE_URL: storage.url }),
      download: { ...DEFAULT_DOWNLOAD_CONFIG, deadlineMs: DEADLINE_MS },
    };
    // While the body drips in, the run holds the lock: another ingestion could not start.
    let heldDuring: boolean | undefined;
    onRequest = async () => {
      const other = await holdIngestionLock(storage.engine, storage.url, 'test during', { waitMs: 0 });
      heldDuring = other === null;
      await other?.release();
    };
    const written: string[] = [];
    t.mock.method(process.stderr, 'write', (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    });

    const started = Date.now();
    const code = await ingestCommand(config, 'openfootball', {
      from: `${base}/football.json.tar.gz`,
      clubs: writeClubs(dir),
      quiet: true,
    });
    const took = Date.now() - started;
    t.mock.restoreAll();

    assert.equal(code, 1, written.join(''));
    assert.ok(took >= DEADLINE_MS - 10 && took < 5000, `ended at the deadline (${took} ms)`);
    assert.match(
      written.join(''),
      /failed, nothing was changed: .*football\.json\.tar\.gz: could not be retrieved \(not complete within 200 ms, the download deadline \(TOUCHLINE_DOWNLOAD_DEADLINE\)\)/,
    );
    if (storage.engine === 'postgres')
      assert.equal(heldDuring, true, 'the lock was held during the download');
    const next = await holdIngestionLock(storage.engine, storage.url, 'test after', { waitMs: 0 });
    assert.ok(next, 'the ingestion lock is free after the failed run');
    await next.release();
    const runs = await storage.db.selectFrom('ingestion_runs').select(['outcome', 'error']).execute();
    assert.equal(runs.length, 1);
    assert.equal(runs[0]!.outcome, 'failed');
    assert.match(runs[0]!.error ?? '', /download deadline/);
  },
);
