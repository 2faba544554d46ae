// What applying one live match update costs, on SQLite as `touchline live apply` opens it: a new database
// in a temporary folder, a source ingested into it (the test fixture, or the football.json folder given as
// the first argument for a realistic size), then 1,000 updates over 10 of its matches (kick-off, goals
// with their events, cards, statistics, full time), each in its own transaction. Prints the total and the
// per-update median and 99th percentile. A measurement to run by hand, never a test:
//
//   npx tsx scripts/measure-live-apply.ts [../shared/data/openfootball/football.json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadOpenfootball } from '../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../src/ingest/runner.js';
import { applyMatchUpdate } from '../src/live/apply-update.js';
import { openStorage } from '../src/storage/connection.js';
import { migrateToLatest } from '../src/storage/migrations/migrate.js';
import { writeFixture } from '../test/support/build-app.js';

const UPDATES = 1000;
const MATCHES = 10;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-live-measure-'));
try {
  const storage = openStorage(`sqlite:${path.join(dir, 'live.db')}`, { writeLock: { waitMs: 30_000 } });
  await migrateToLatest(storage);
  const from = process.argv[2] ?? writeFixture(dir);
  const clubs = process.argv[2] ? undefined : path.join(dir, 'clubs');
  if (clubs) fs.mkdirSync(clubs);
  const run = await runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs }),
  });
  if (run.outcome !== 'succeeded') throw new Error(`ingestion failed: ${run.error}`);
  const matches = await storage.db
    .selectFrom('matches')
    .select('id')
    .orderBy('starts_at', 'desc')
    .limit(MATCHES)
    .execute();
  console.log(`${run.inserted} records ingested; ${UPDATES} updates over ${matches.length} matches`);

  const perMatch = Math.floor(UPDATES / matches.length);
  const timings: number[] = [];
  const outcomes: Record<string, number> = {};
  const started = performance.now();
  for (const [m, { id }] of matches.entries()) {
    let home = 0;
    for (let i = 0; i < perMatch; i += 1) {
      const base = { update_id: `u${m}-${i}`, match: id, sequence: i + 1 };
      const minute = 1 + Math.floor((i * 90) / perMatch);
      let update: Record<string, unknown>;
      if (i === 0) update = { ...base, status: 'scheduled', score: { home: 0, away: 0 }, correction: true };
      else if (i === 1) update = { ...base, status: 'live' };
      else if (i === perMatch - 1) update = { ...base, status: 'finished' };
      else if (i % 3 === 0) {
        home += 1;
        update = {
          ...base,
          score: { home, away: 0 },
          events: [{ id: `g${i}`, type: 'goal', minute, team: 'home', player: 'A. Scorer' }],
        };
      } else if (i % 3 === 1) {
        update = {
          ...base,
          events: [{ id: `c${i}`, type: 'yellow_card', minute, team: 'away', player: 'B. Booked' }],
        };
      } else update = { ...base, statistics: { home: { corners: i }, away: { corners: i >> 1 } } };
      const t0 = performance.now();
      const verdict = await applyMatchUpdate(storage, update, 'measure', new Date());
      timings.push(performance.now() - t0);
      outcomes[verdict.outcome] = (outcomes[verdict.outcome] ?? 0) + 1;
      if (verdict.outcome === 'rejected') console.log(verdict.reason);
    }
  }
  const total = performance.now() - started;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(2);
  console.log(JSON.stringify(outcomes));
  console.log(
    `${timings.length} updates in ${total.toFixed(0)} ms: ${(total / timings.length).toFixed(2)} ms each on ` +
      `average, median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  await storage.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
