// `touchline ingest feed` as an operator runs it: from a file, then the same document piped into
// `--from -` (nothing new to write), and a piped document that is not JSON (exit 1, nothing changed).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../../support/sources/fixtures.js';
import { openTestStorage, type TestStorage } from '../../support/sources/storage.js';
import { cliOnce } from '../../support/cli.js';
import { doc, fixture, writeDoc } from '../../support/feed.js';

describe('touchline ingest feed', () => {
  let storage: TestStorage;
  const folder = tempDir();
  let file = '';

  before(async () => {
    storage = await openTestStorage('feed-cli.db');
    file = writeDoc(
      folder.dir,
      'feed.json',
      doc([
        fixture('m1', { status: 'finished', score: { home: 1, away: 0 } }),
        fixture('m2', { away: 'west' }),
      ]),
    );
  });

  after(async () => {
    await storage?.close();
    folder.cleanup();
  });

  const ingest = (from: string, input?: string) =>
    cliOnce(['ingest', 'feed', '--from', from, '--quiet'], { DATABASE_URL: storage.url }, { input });

  it('reads a file', async () => {
    const { code, stdout, stderr } = await ingest(file);
    assert.equal(code, 0, stderr);
    assert.match(
      stdout,
      /^ingest: run \d+ succeeded .*: 6 records seen, 5 inserted, 0 updated, 0 unchanged, 1 rejected;/,
    );
    const runs = await cliOnce(['runs', stdout.match(/run (\d+)/)![1]!], { DATABASE_URL: storage.url });
    assert.match(runs.stdout, /feed\.json matches\[1\]: away: unknown team "west" \(not in the feed\)/);
  });

  it('reads standard input with --from -', async () => {
    const { code, stdout, stderr } = await ingest('-', fs.readFileSync(file, 'utf8'));
    assert.equal(code, 0, stderr);
    assert.match(stdout, /6 records seen, 0 inserted, 0 updated, 5 unchanged, 1 rejected; 0 rows written;/);
    const run = await storage.db
      .selectFrom('ingestion_runs')
      .select(['source', 'location'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.deepEqual(run, { source: 'feed', location: '-' });
  });

  it('fails on standard input that is not JSON, changing nothing', async () => {
    const matches = await storage.db.selectFrom('matches').selectAll().orderBy('id').execute();
    const { code, stderr } = await ingest('-', '{"feed_version": 1, "matches": [');
    assert.equal(code, 1);
    assert.match(stderr, /ingest: run \d+ failed, nothing was changed: stdin: not valid JSON/);
    assert.deepEqual(await storage.db.selectFrom('matches').selectAll().orderBy('id').execute(), matches);
  });
});
