// Issue 16: a .zip or .tar.gz of a few MB inflating to GBs (a decompression bomb) is refused after a few MB
// of output with a clear error, in bounded memory, and the run writes nothing; real archives still read.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import { create as createTar } from 'tar';
import { readArchive } from '../../../src/ingest/artifacts/archive.js';
import { readArtifact } from '../../../src/ingest/artifacts/read-artifact.js';
import type { ArtifactFile } from '../../../src/ingest/canonical.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import { needsSharedData, SHARED } from '../../support/shared-data.js';
import { ROOT } from '../../support/cli.js';
import { BOMB_ENTRY, tarGzBomb, tarOf, zipBomb } from '../../support/ingest/archive-bombs.js';
import { makeTempDir, removeDir } from '../../support/ingest/football-json-fixture.js';
import { DATA_TABLES, ingest, suiteStorages, tableCounts } from '../../support/ingest/test-storage.js';

const MiB = 1024 * 1024;
/** Each bomb holds 3 GiB of zeros in about 3 MB. */
const BOMB_MIB = 3 * 1024;
const PEAK_RSS_LIMIT = 300 * MiB;
const BOMB_REFUSED =
  /archive refused as a likely decompression bomb: [\d.]+ MiB inflated from the archive's first \d+ bytes \(more than 200:1\)$/;
const CHILD = path.join(ROOT, 'test', 'support', 'ingest', 'read-artifact-child.ts');

interface ChildRead {
  error: string | null;
  files: number;
  peakRss: number;
}

/** readArtifact(location) in a process of its own, with that process's peak memory. */
async function readInChild(location: string): Promise<ChildRead> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, location], {
    cwd: ROOT,
  });
  return JSON.parse(stdout) as ChildRead;
}

/** A JSON document of about `bytes` bytes that compresses only about 2:1 (random hex digits). */
function plainJson(bytes: number): Buffer {
  return Buffer.from(`{"name":"${randomBytes(bytes / 2).toString('hex')}","matches":[]}`);
}

describe('ingestion: archive bombs and the limits on inflating archives', () => {
  let dir: string;
  const bombs: Record<'.tar.gz' | '.zip', string> = { '.tar.gz': '', '.zip': '' };
  const storages = suiteStorages();

  before(() => {
    dir = makeTempDir('archive-bombs');
    bombs['.tar.gz'] = path.join(dir, 'football.json.tar.gz');
    bombs['.zip'] = path.join(dir, 'football.json.zip');
    fs.writeFileSync(bombs['.tar.gz'], tarGzBomb(BOMB_MIB));
    fs.writeFileSync(bombs['.zip'], zipBomb(BOMB_MIB));
  });

  after(async () => {
    await storages.closeAll();
    removeDir(dir);
  });

  it('the bombs are well-formed archives (checked on small ones, which read below the limits)', async () => {
    const tar = zlib.gunzipSync(tarGzBomb(2));
    assert.equal(tar.length, 512 + 2 * MiB);
    assert.equal(tar.subarray(0, BOMB_ENTRY.length).toString(), BOMB_ENTRY);
    const zip = unzipSync(zipBomb(2));
    assert.deepEqual(Object.keys(zip), [BOMB_ENTRY]);
    assert.equal(zip[BOMB_ENTRY]!.length, 2 * MiB);
    const fromTar = await readArchive(tarGzBomb(2), 'small.tar.gz');
    assert.deepEqual(
      fromTar.map((e) => [e.path, e.bytes.length]),
      [[BOMB_ENTRY, 2 * MiB - 1024]],
    );
    const fromZip = await readArchive(zipBomb(2), 'small.zip');
    assert.deepEqual(
      fromZip.map((e) => [e.path, e.bytes.length]),
      [[BOMB_ENTRY, 2 * MiB]],
    );
  });

  for (const kind of ['.tar.gz', '.zip'] as const) {
    it(`a ${kind} of a few MB inflating to 3 GiB is refused after a few MB, under 300 MB of memory`, async () => {
      const size = fs.statSync(bombs[kind]).size;
      assert.ok(size < 4 * MiB, `the bomb is ${size} bytes`);
      const read = await readInChild(bombs[kind]);
      assert.match(read.error ?? 'no error', BOMB_REFUSED);
      assert.ok(read.error!.startsWith(`${bombs[kind]}: `), read.error!);
      assert.ok(
        read.peakRss < PEAK_RSS_LIMIT,
        `peak RSS ${(read.peakRss / MiB).toFixed(0)} MiB, over ${PEAK_RSS_LIMIT / MiB} MiB`,
      );
    });

    it(`ingesting the ${kind} bomb fails the run with that error and writes nothing`, async () => {
      const storage = await storages.open(`bomb${kind.replace(/\./g, '-')}.db`);
      const summary = await ingest(storage, bombs[kind]);
      assert.equal(summary.outcome, 'failed');
      assert.match(summary.error ?? '', BOMB_REFUSED);
      const counts = await tableCounts(storage);
      for (const table of DATA_TABLES) assert.equal(counts[table], 0, `${table} is empty`);
      const run = await findRun(storage.db, summary.runId);
      assert.equal(run?.run.outcome, 'failed');
      assert.match(run?.run.error ?? '', BOMB_REFUSED);
      assert.deepEqual(run?.artifacts, []);
    });
  }

  it('a .tar.gz holding a gzip bomb instead of a tar is refused (tar would inflate it unchecked)', async () => {
    const nested = zlib.gzipSync(tarGzBomb(BOMB_MIB));
    await assert.rejects(readArchive(nested, 'nested.tar.gz'), {
      name: 'IngestError',
      message: 'nested.tar.gz: archive refused: a gzip stream inside the gzip, not a tar',
    });
  });

  it('an archive inflating at a plausible ratio is stopped by the total limit', async () => {
    const limits = { maxBytes: MiB, maxRatio: 200, ratioAfter: 8 * MiB };
    const doc = plainJson(2 * MiB);
    const tarGz = zlib.gzipSync(tarOf([{ name: 'football.json/2023-24/en.1.json', bytes: doc }]));
    const zip = Buffer.from(zipSync({ 'football.json/2023-24/en.1.json': doc }));
    for (const [label, bytes] of [
      ['plain.tar.gz', tarGz],
      ['plain.zip', zip],
    ] as const) {
      assert.ok(bytes.length > MiB / 4, `${label} compresses at a plausible ratio`);
      await assert.rejects(readArchive(bytes, label, limits), {
        name: 'IngestError',
        message: `${label}: archive refused: it inflates to more than 1 MiB, the limit per archive`,
      });
      assert.equal((await readArchive(bytes, label))[0]?.bytes.length, doc.length, 'within the defaults');
    }
  });

  it('an entry naming a path outside the archive is refused; links are skipped, never followed', async () => {
    const json = Buffer.from('{"name":"x","matches":[]}');
    for (const name of ['../evil.json', 'football.json/../../evil.json', '/etc/evil.json']) {
      const refused = (label: string) => ({
        name: 'IngestError',
        message: `${label}: archive refused: entry "${name}" points outside the archive`,
      });
      const tarGz = zlib.gzipSync(tarOf([{ name, bytes: json }]));
      await assert.rejects(readArchive(tarGz, 'escape.tar.gz'), refused('escape.tar.gz'));
      const zip = Buffer.from(zipSync({ [name]: json }));
      await assert.rejects(readArchive(zip, 'escape.zip'), refused('escape.zip'));
    }
    const withLinks = zlib.gzipSync(
      tarOf([
        { name: 'football.json/', type: '5' },
        { name: 'football.json/2023-24/en.1.json', bytes: json },
        { name: 'football.json/2023-24/en.2.json', type: '2', link: '../../../etc/passwd' },
        { name: 'football.json/2023-24/de.1.json', type: '1', link: 'football.json/2023-24/en.1.json' },
      ]),
    );
    const entries = await readArchive(withLinks, 'links.tar.gz');
    assert.deepEqual(
      entries.map((e) => [e.path, e.bytes.toString()]),
      [['football.json/2023-24/en.1.json', json.toString()]],
    );
  });

  it('the whole openfootball folder as a .tar.gz and as a .zip reads under the default limits', async (t) => {
    if (!needsSharedData(t)) return;
    const folder = await readArtifact(path.join(SHARED, 'openfootball'));
    const listing = (files: ArtifactFile[]) => files.map((f) => `${f.sha256}  ${f.uri}`).sort();
    const expected = listing(folder.files);
    assert.ok(expected.length > 500, `${expected.length} files`);
    const tarGz = path.join(dir, 'openfootball.tar.gz');
    await createTar({ gzip: true, cwd: SHARED, file: tarGz }, ['openfootball']);
    const zip = path.join(dir, 'openfootball.zip');
    fs.writeFileSync(zip, zipSync(Object.fromEntries(folder.files.map((f) => [f.uri, f.bytes]))));
    for (const archive of [tarGz, zip]) {
      const read = await readArtifact(archive);
      assert.ok(
        listing(read.files).join('\n') === expected.join('\n'),
        `${archive} holds the folder's files`,
      );
    }
  });
});
