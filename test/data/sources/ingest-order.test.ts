// Acceptance 1: the five sources (football.json with its sibling clubs directory, worldcup.json, the
// Fjelstul database, football-data CSV, the international results) ingested in two different orders into
// two fresh databases give the same IDs and the same rows in every data table. The international results
// come last in one order and first in the other: their World Cup matches, teams and scorer links must not
// depend on whether the World Cup sources were there before them. After every run, the counts competitions
// and seasons carry are those a full recount gives. The forward order is the real data every data test
// copies (test/support/sources/real-data.ts, which makes that check after each of its runs); the backward
// order is built here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Storage } from '../../../src/storage/connection.js';
import { assertCountsExact } from '../../support/exact-counts.js';
import { needsSharedData } from '../../support/shared-data.js';
import { ALL, openRealData } from '../../support/sources/real-data.js';
import {
  ingestOk,
  openTestStorage,
  type SourceName,
  type TestStorage,
} from '../../support/sources/storage.js';
import { difference, tableDigests, type TableDigest } from '../../support/sources/table-digest.js';

type Step = [SourceName, string];

const BACKWARD: Step[] = [...ALL].reverse();

/** Tables that must hold rows once every source is in (the digest covers every data table found). */
const FILLED = [
  'competitions',
  'seasons',
  'teams',
  'team_aliases',
  'matches',
  'match_sources',
  'players',
  'squad_members',
  'match_team_stats',
  'match_team_sheets',
  'match_lineups',
  'match_events',
  'standings',
  // People and places (issue 41): their IDs come from the sources' keys, never from the order.
  'coaches',
  'referees',
  'venues',
  'coach_appointments',
  'match_officials',
  'season_placings',
  'award_winners',
];

async function build(name: string, steps: Step[], log: (line: string) => void): Promise<TestStorage> {
  const storage = await openTestStorage(name);
  try {
    for (const [source, from] of steps) {
      const started = Date.now();
      await ingestOk(storage, source, from);
      log(`${name}: ${source} in ${Date.now() - started} ms`);
      // Each run recounts the competitions it touched: a full recount must find nothing to change.
      await assertCountsExact(storage, `${name}: ${source}`);
    }
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

/** Per source: the rejected count of its run, which must not depend on the order either. */
async function rejections(storage: Storage): Promise<Record<string, number>> {
  const runs = await storage.db
    .selectFrom('ingestion_runs')
    .select(['source', 'rejected'])
    .where('outcome', '=', 'succeeded')
    .execute();
  assert.equal(runs.length, ALL.length, 'one successful run per source');
  return Object.fromEntries(runs.map((r) => [r.source, Number(r.rejected)]).sort());
}

describe('sources: ingest order', () => {
  it('gives the same IDs and rows in every data table whichever order the sources come in', async (t) => {
    if (!needsSharedData(t)) return;
    const log = (line: string) => t.diagnostic(line);
    const forward = await openRealData('forward.db');
    t.after(() => forward.close());
    const backward = await build('backward.db', BACKWARD, log);
    t.after(() => backward.close());

    assert.deepEqual(await rejections(forward.storage), await rejections(backward));

    let started = Date.now();
    const a = await tableDigests(forward.storage.db);
    const b = await tableDigests(backward.db);
    log(`digests of both databases in ${Date.now() - started} ms`);
    started = Date.now();

    assert.deepEqual(Object.keys(a), Object.keys(b));
    for (const table of FILLED) {
      assert.ok(a[table], `table ${table} is compared`);
      assert.ok(a[table].rows > 0, `table ${table} has rows`);
    }
    assert.ok(a.matches!.rows > 140_000, `${a.matches!.rows} matches`);
    // Scorers named by the international results, linked to World Cup players in both orders alike.
    const linked = a.match_events!.lines.filter((l) => !l.includes('["linked_player_id",null]')).length;
    assert.ok(linked > 10_000, `${linked} events with a player or a linked player`);
    log(
      Object.entries(a)
        .map(([table, d]) => `${table} ${d.rows}`)
        .join(', '),
    );

    const mismatches: Record<
      string,
      { rows: [number, number]; onlyForward: string[]; onlyBackward: string[] }
    > = {};
    for (const table of Object.keys(a)) {
      const [x, y] = [a[table] as TableDigest, b[table] as TableDigest];
      if (x.sha256 === y.sha256) continue;
      const diff = difference(x, y);
      mismatches[table] = { rows: [x.rows, y.rows], onlyForward: diff.onlyA, onlyBackward: diff.onlyB };
    }
    assert.deepEqual(mismatches, {}, 'every data table is identical in both databases');
  });
});
