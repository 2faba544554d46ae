// A PostgreSQL pool with every connection in use (issue 38: a flood held them all) is a busy server, not a
// database outage: the query that waited its whole connection timeout answers 503 with Retry-After and a
// message saying so, and its streak is logged as that, never as "the database cannot be reached".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { registerErrorHandling } from '../../../src/api/plugins/errors.js';
import { isPoolExhausted, isStorageUnavailable } from '../../../src/api/storage-faults.js';
import { FailureStreaks } from '../../../src/logging/failure-streaks.js';
import { pgModule } from '../../../src/storage/pg-module.js';
import { pgAdminUrl } from '../../support/test-database.js';

/** The error pg-pool gives a query that found its one connection in use for all of 20 ms. */
async function poolExhaustedError(): Promise<Error> {
  const pool = new (pgModule().Pool)({
    connectionString: pgAdminUrl(),
    max: 1,
    connectionTimeoutMillis: 5000,
  });
  const held = await pool.connect();
  // The one connection made (however slowly on a loaded machine), a query waits 20 ms for it at most.
  (pool as unknown as { options: { connectionTimeoutMillis: number } }).options.connectionTimeoutMillis = 20;
  try {
    await pool.query('select 1');
    throw new Error('the query found a connection');
  } catch (error) {
    return error as Error;
  } finally {
    held.release();
    await pool.end();
  }
}

test('a query that waited for a pool connection in use is no outage, and is answered and logged as busy', async (t) => {
  const error = await poolExhaustedError();
  assert.equal(isPoolExhausted(error), true, error.message);
  assert.equal(isStorageUnavailable(error), false);

  const logged: Array<{ level: string; message: string; fields: object }> = [];
  const log = {
    error: (fields: object, message: string) => void logged.push({ level: 'error', message, fields }),
    warn: (fields: object, message: string) => void logged.push({ level: 'warn', message, fields }),
  };
  const streaks = new FailureStreaks(log, 60_000);
  const kinds: string[] = [];
  const failed = streaks.failed.bind(streaks);
  streaks.failed = (kind, message, err) => {
    kinds.push(kind);
    failed(kind, message, err);
  };
  const app = Fastify();
  t.after(() => app.close());
  registerErrorHandling(app, streaks);
  app.get('/read', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/read' });
  assert.equal(res.statusCode, 503);
  assert.equal(res.headers['retry-after'], '1');
  const body = res.json() as { error: { code: string; message: string } };
  assert.equal(body.error.code, 'service_unavailable');
  assert.match(body.error.message, /too busy .*every connection in use/);
  assert.doesNotMatch(body.error.message, /cannot be reached/);
  assert.equal(kinds.length, 1);
  assert.doesNotMatch(kinds[0]!, /database cannot be reached/);
  assert.match(kinds[0]!, /every connection in use/);
});

test('a connection that could not be made in time is still an outage', () => {
  const error = new Error('Connection terminated due to connection timeout');
  assert.equal(isPoolExhausted(error), false);
  assert.equal(isStorageUnavailable(error), true);
});
