import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { loadOpenfootball } from '../../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../../src/ingest/runner.js';
import { openStorage, type Storage } from '../../../src/storage/connection.js';
import { migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';

const match = (round: string, date: string, team1: string, team2: string, ft?: [number, number]) => ({
  round,
  date,
  time: '15:00',
  team1,
  team2,
  ...(ft ? { score: { ft } } : {}),
});

const EN1_A = [
  match('Matchday 1', '2023-08-12', 'Arsenal FC', 'Burnley FC', [2, 1]),
  match('Matchday 1', '2023-08-12', 'Chelsea FC', 'Everton FC', [0, 0]),
  match('Matchday 2', '2023-08-19', 'Burnley FC', 'Chelsea FC', [1, 3]),
];

/** Fixture A: one competition, 3 matches. Fixture B: A plus 3 more matches and a second competition. */
export const FIXTURES = {
  A: { '2023-24/en.1': { name: 'English Premier League 2023/24', matches: EN1_A } },
  B: {
    '2023-24/en.1': {
      name: 'English Premier League 2023/24',
      matches: [...EN1_A, match('Matchday 2', '2023-08-19', 'Everton FC', 'Arsenal FC', [0, 1])],
    },
    '2023-24/de.1': {
      name: 'Deutsche Bundesliga 2023/24',
      matches: [
        match('Matchday 1', '2023-08-18', 'SV Werder Bremen', 'FC Bayern München', [0, 4]),
        match('Matchday 1', '2023-08-19', 'FC Augsburg', 'VfL Wolfsburg', [2, 2]),
      ],
    },
  },
  /** Another deployment's data: one match, no team in common with A. */
  C: {
    '2023-24/de.1': {
      name: 'Deutsche Bundesliga 2023/24',
      matches: [match('Matchday 1', '2023-08-18', 'SV Werder Bremen', 'FC Bayern München', [0, 4])],
    },
  },
} as const;

export type FixtureName = keyof typeof FIXTURES;
/** Matches and competitions in each fixture, as /coverage/summary counts them. */
export const COUNTS: Record<FixtureName, { matches: number; competitions: number }> = {
  A: { matches: 3, competitions: 1 },
  B: { matches: 6, competitions: 2 },
  C: { matches: 1, competitions: 1 },
};

export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `touchline-${label}-`));
}

/** Writes the fixture as a football.json folder (with an empty club directory beside it) and ingests it. */
export async function ingestFixture(storage: Storage, dir: string, fixture: FixtureName): Promise<void> {
  const root = path.join(dir, `fixture-${fixture}-${crypto.randomBytes(4).toString('hex')}`);
  const from = path.join(root, 'football.json');
  for (const [key, doc] of Object.entries(FIXTURES[fixture])) {
    const file = path.join(from, `${key}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(doc));
  }
  const clubs = path.join(root, 'clubs');
  fs.mkdirSync(clubs);
  const run = await runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs }),
  });
  if (run.outcome !== 'succeeded' || run.rejected > 0) {
    throw new Error(`fixture ${fixture}: ${run.outcome} ${run.error ?? ''} (${run.rejected} rejected)`);
  }
}

export interface PreparedDatabase {
  key: string;
  keyId: string;
}

/**
 * Migrates the database at `url`, ingests the fixture and issues a development key on the "pro" plan (so
 * the tests' bursts of requests stay far below its rate limit).
 */
export async function prepareDatabase(
  url: string,
  dir: string,
  fixture: FixtureName,
): Promise<PreparedDatabase> {
  const storage = openStorage(url);
  try {
    await migrateToLatest(storage);
    await ingestFixture(storage, dir, fixture);
    const issued = issueApiKey('development', 'production-mode test', new Date(), undefined, { plan: 'pro' });
    await insertApiKey(storage.db, issued.row);
    return { key: issued.key, keyId: issued.row.id };
  } finally {
    await storage.close();
  }
}
