// Small operator feed documents written by the tests, and the feed adapter run on them: normalized in
// memory (unit tests) or ingested through the real runner into a test database (storage tests).
import fs from 'node:fs';
import path from 'node:path';
import { sha256 } from '../../src/ingest/artifacts/read-artifact.js';
import type { ArtifactFile, CanonicalBatch } from '../../src/ingest/canonical.js';
import { readFeedDocuments } from '../../src/ingest/feed/documents.js';
import { normalizeFeed } from '../../src/ingest/feed/normalize.js';
import { noStoredRecords, type StoredRecords } from '../../src/ingest/feed/stored-records.js';
import { runIngestion, type RunSummary } from '../../src/ingest/runner.js';
import { SOURCES } from '../../src/ingest/sources.js';
import type { Storage } from '../../src/storage/connection.js';

export type Entry = Record<string, unknown>;
export interface Doc {
  feed_version?: unknown;
  source?: Entry;
  competitions?: Entry[];
  seasons?: Entry[];
  teams?: Entry[];
  matches?: Entry[];
  [field: string]: unknown;
}

/** "Now" of every run: fixtures after it are scheduled, those before it without a result unknown. */
export const NOW = '2026-03-14T00:00:00Z';

export const LEAGUE: Entry = {
  key: 'exl',
  name: 'Example League',
  type: 'league',
  gender: 'men',
  timezone: 'Europe/London',
  country: { name: 'England', code: 'GB' },
};
export const SEASON: Entry = { competition: 'exl', key: '2025-26', name: '2025/26' };
export const NORTH: Entry = { key: 'north', name: 'North FC', short_name: 'North' };
export const SOUTH: Entry = { key: 'south', name: 'South FC' };

/** A fixture of the league's season, North at home, unless the fields given say otherwise. */
export function fixture(key: string, fields: Entry = {}): Entry {
  return {
    key,
    competition: 'exl',
    season: '2025-26',
    home: 'north',
    away: 'south',
    date: '2025-08-16',
    time: '15:00',
    ...fields,
  };
}

/** A document with the league, its season and both teams, and the given fixtures (and other fields). */
export function doc(matches: Entry[], fields: Doc = {}): Doc {
  return {
    feed_version: 1,
    competitions: [LEAGUE],
    seasons: [SEASON],
    teams: [NORTH, SOUTH],
    matches,
    ...fields,
  };
}

export function fileOf(uri: string, text: string): ArtifactFile {
  const bytes = Buffer.from(text);
  return { uri, bytes, sha256: sha256(bytes), retrievedAt: NOW };
}

/** The documents normalized as the adapter does, against what storage is said to hold. */
export function normalize(
  docs: Doc[],
  stored: Partial<StoredRecords> = {},
  aliases: Map<string, string> = new Map(),
): CanonicalBatch {
  const files = docs.map((d, i) => fileOf(`feed/${String(i).padStart(2, '0')}.json`, JSON.stringify(d)));
  return normalizeFeed(
    readFeedDocuments(files),
    { ...noStoredRecords(), ...stored },
    aliases,
    Date.parse(NOW),
  );
}

/** `<dir>/<name>` holding the document; returns its path. */
export function writeDoc(dir: string, name: string, document: Doc | string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof document === 'string' ? document : JSON.stringify(document));
  return file;
}

/** One `touchline ingest feed --from <from>` run, through the registered adapter and the runner. */
export function ingestFeed(storage: Storage, from: string, now = NOW): Promise<RunSummary> {
  return runIngestion(storage, {
    source: 'feed',
    location: from,
    load: () => SOURCES.feed!({ from }),
    clock: () => new Date(now),
  });
}

/** Like ingestFeed, but fails unless the run succeeded. */
export async function ingestFeedOk(storage: Storage, from: string, now = NOW): Promise<RunSummary> {
  const run = await ingestFeed(storage, from, now);
  if (run.outcome !== 'succeeded') throw new Error(`ingest feed from ${from} failed: ${run.error}`);
  return run;
}
