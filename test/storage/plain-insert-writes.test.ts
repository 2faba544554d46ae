// Rows inserted by insertPlainRows, on the engine under test: in a transaction (on SQLite, one statement
// per row, run directly) and outside one, the rows Kysely's insert stores; a failing row fails the insert
// and its transaction keeps none of them once rolled back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insertPlainRows } from '../../src/storage/repositories/plain-insert.js';
import { openTestStorage, type TestStorage } from '../support/test-database.js';

const AT = '2024-03-01T12:00:00.000Z';

describe('storage: plain inserts written', () => {
  let storage: TestStorage;

  before(async () => {
    storage = await openTestStorage('plain-insert.db');
  });
  after(async () => {
    await storage.close();
  });

  const logged = (prefix: string) =>
    storage.db
      .selectFrom('changes')
      .select(['seq', 'kind', 'record_id', 'changed_at', 'removed', 'replaced_by'])
      .where('record_id', 'like', `${prefix}%`)
      .orderBy('seq')
      .execute();

  it('stores the rows Kysely stores, in order, in a transaction and outside one', async () => {
    const rows = (prefix: string) => [
      { kind: 'match' as const, record_id: `${prefix}1`, changed_at: AT, removed: 0 },
      { kind: 'match' as const, record_id: `${prefix}2`, changed_at: null, removed: 0 },
      // Keys in another order: bound by name.
      { removed: 1, changed_at: AT, record_id: `${prefix}3`, kind: 'team' as const },
    ];
    await storage.db.insertInto('changes').values(rows('kysely-')).execute();
    await storage.db.transaction().execute((trx) => insertPlainRows(trx, 'changes', rows('trx-')));
    await insertPlainRows(storage.db, 'changes', rows('direct-'));
    const shape = (prefix: string) =>
      logged(prefix).then((found) =>
        found.map((r) => ({ ...r, seq: undefined, record_id: r.record_id.slice(prefix.length) })),
      );
    const expected = await shape('kysely-');
    assert.equal(expected.length, 3);
    assert.deepEqual(await shape('trx-'), expected);
    assert.deepEqual(await shape('direct-'), expected);
  });

  it('fails on a row that breaks a constraint, and the rolled-back transaction keeps none', async () => {
    const rows = [
      { kind: 'match' as const, record_id: 'failing-1', changed_at: AT },
      { kind: 'match' as const, record_id: 'failing-2', changed_at: AT },
      { kind: 'match' as const, record_id: 'failing-1', changed_at: AT },
    ];
    await assert.rejects(storage.db.transaction().execute((trx) => insertPlainRows(trx, 'changes', rows)));
    assert.deepEqual(await logged('failing-'), []);
  });
});
