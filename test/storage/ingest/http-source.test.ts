import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { create as createTar } from 'tar';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import { ingest, matchRows, suiteStorages } from '../../support/ingest/test-storage.js';

const EN1 = epl('2023-24', [
  entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ht: [0, 2], ft: [0, 3] }),
  entry('2023-08-12 15:00', 'Arsenal FC', 'Nottingham Forest FC', { ft: [2, 1] }),
]);
const DE1 = {
  name: 'Deutsche Bundesliga 2023/24',
  matches: [entry('2023-08-18 20:30', 'SV Werder Bremen', 'FC Bayern München', { ft: [0, 4] })],
};

describe('ingestion: http(s) sources', () => {
  let dir: string;
  let clubs: string;
  let server: http.Server;
  let base: string;
  const storages = suiteStorages();
  const fresh = storages.open;

  before(async () => {
    dir = makeTempDir('http');
    clubs = writeClubs(dir);
    const folder = writeFootballJson(dir, { '2023-24/en.1': EN1, '2023-24/de.1': DE1 });
    const archive = path.join(dir, 'football.json.tar.gz');
    await createTar({ gzip: true, cwd: dir, file: archive }, ['football.json']);
    const routes: Record<string, string> = {
      '/football.json/2023-24/en.1.json': path.join(folder, '2023-24', 'en.1.json'),
      '/archive/football.json.tar.gz': archive,
    };
    server = http.createServer((req, res) => {
      const file = routes[req.url ?? ''];
      if (!file) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(fs.readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await storages.closeAll();
    removeDir(dir);
  });

  it('ingests a single football.json file from a URL', async () => {
    const storage = await fresh('file.db');
    const url = `${base}/football.json/2023-24/en.1.json`;
    const summary = await ingest(storage, url, { clubs });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.equal(summary.inserted, 2);
    const rows = await matchRows(storage);
    assert.deepEqual(
      rows.map((m) => [m.home, m.away, m.starts_at, m.home_score, m.away_score, m.season]),
      [
        ['Burnley FC', 'Manchester City FC', '2023-08-11T19:00:00Z', 0, 3, '2023-24'],
        ['Arsenal FC', 'Nottingham Forest FC', '2023-08-12T14:00:00Z', 2, 1, '2023-24'],
      ],
    );
    const run = await findRun(storage.db, summary.runId);
    assert.equal(run?.run.location, url);
    assert.equal(run?.artifacts[0]?.uri, '2023-24/en.1.json');
    assert.match(run?.run.sha256 ?? '', /^[0-9a-f]{64}$/);
  });

  it('ingests a .tar.gz archive from a URL', async () => {
    const storage = await fresh('archive.db');
    const summary = await ingest(storage, `${base}/archive/football.json.tar.gz`, { clubs });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.equal(summary.inserted, 3);
    assert.deepEqual((await matchRows(storage)).map((m) => m.code).sort(), ['de.1', 'en.1', 'en.1']);
  });

  it('an HTTP error fails the run with the status', async () => {
    const storage = await fresh('missing.db');
    const summary = await ingest(storage, `${base}/missing/en.1.json`, { clubs });
    assert.equal(summary.outcome, 'failed');
    assert.match(summary.error ?? '', /missing\/en\.1\.json: could not be retrieved \(HTTP 404\)/);
    assert.equal((await findRun(storage.db, summary.runId))?.run.outcome, 'failed');
    assert.equal((await matchRows(storage)).length, 0);
  });

  it('an unreachable URL fails the run with a reason', async () => {
    const storage = await fresh('unreachable.db');
    const url = 'http://127.0.0.1:1/x.json';
    const summary = await ingest(storage, url, { clubs });
    assert.equal(summary.outcome, 'failed');
    assert.match(summary.error ?? '', /^http:\/\/127\.0\.0\.1:1\/x\.json: could not be retrieved \(.+\)$/);
    const run = await findRun(storage.db, summary.runId);
    assert.deepEqual([run?.run.outcome, run?.run.location, run?.run.error], ['failed', url, summary.error]);
    assert.equal((await matchRows(storage)).length, 0);
  });
});
