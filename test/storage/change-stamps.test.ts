// The change log's stamps (migration 0013), on both engines: what the migration gives the rows logged
// before it, and what every run gives its own. updated_since relies on them never decreasing along the log.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Storage } from '../../src/storage/connection.js';
import { stampLoggedChanges } from '../../src/storage/migrations/0013-match-list-queries.js';
import { changeStamp } from '../../src/storage/repositories/change-log.repository.js';
import { writeFixture } from '../support/build-app.js';
import { ingest, openTestStorage } from '../support/ingest/test-storage.js';

const RUN_AT = '2024-03-01T12:00:00.000Z';
const KINDS = { competition: 'competitions', season: 'seasons', team: 'teams', match: 'matches' } as const;

describe('storage: change log stamps', () => {
  let dir: string;
  let storage: Storage;

  const log = () =>
    storage.db
      .selectFrom('changes')
      .select(['seq', 'kind', 'record_id', 'changed_at'])
      .orderBy('seq')
      .execute();

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-stamps-'));
    const clubs = path.join(dir, 'clubs');
    fs.mkdirSync(clubs);
    storage = await openTestStorage();
    const run = await ingest(storage, writeFixture(dir), { clubs, now: RUN_AT });
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
  });

  after(async () => {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a run stamps every row it logs with its clock', async () => {
    const rows = await log();
    assert.ok(rows.length > 20);
    assert.deepEqual([...new Set(rows.map((r) => r.changed_at))], [RUN_AT]);
  });

  it('a stamp is never earlier than the newest one logged: a millisecond after it, if need be', async () => {
    assert.equal(await changeStamp(storage.db, new Date('2025-01-01T00:00:00Z')), '2025-01-01T00:00:00.000Z');
    assert.equal(await changeStamp(storage.db, new Date(RUN_AT)), '2024-03-01T12:00:00.001Z');
    assert.equal(await changeStamp(storage.db, new Date('2020-01-01T00:00:00Z')), '2024-03-01T12:00:00.001Z');
  });

  it('rows logged before the migration: the newest updated_at of their record and of all before them', async () => {
    // Records written at different times, as by earlier runs: one team much later than the rest.
    const rows = await log();
    const team = rows.find((r) => r.kind === 'team')!;
    const match = rows.filter((r) => r.kind === 'match')[2]!;
    await storage.db
      .updateTable('teams')
      .set({ updated_at: '2024-06-01T00:00:00.000Z' })
      .where('id', '=', team.record_id)
      .execute();
    await storage.db
      .updateTable('matches')
      .set({ updated_at: '2024-09-01T00:00:00.000Z' })
      .where('id', '=', match.record_id)
      .execute();
    await storage.db.updateTable('changes').set({ changed_at: null }).execute();

    await stampLoggedChanges(storage.db);

    const updatedAt = new Map<string, string>();
    for (const [kind, table] of Object.entries(KINDS)) {
      const records = await storage.db.selectFrom(table).select(['id', 'updated_at']).execute();
      for (const r of records) updatedAt.set(`${kind} ${r.id}`, r.updated_at);
    }
    let newest = '';
    for (const row of await log()) {
      const own = updatedAt.get(`${row.kind} ${row.record_id}`)!;
      if (own > newest) newest = own;
      assert.equal(row.changed_at, newest, `${row.kind} ${row.record_id}`);
    }
    const stamps = (await log()).map((r) => r.changed_at);
    assert.deepEqual(stamps, [...stamps].sort(), 'never decreasing along the log');
    assert.deepEqual([...new Set(stamps)], [RUN_AT, '2024-06-01T00:00:00.000Z', '2024-09-01T00:00:00.000Z']);
  });

  it('a row already stamped keeps its stamp', async () => {
    const before = await log();
    await stampLoggedChanges(storage.db);
    assert.deepEqual(await log(), before);
  });
});
