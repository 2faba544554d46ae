// A scrape while the database is down answers what it can: database_up 0 and no run figures, never an
// error for the whole scrape.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { registerServiceMetrics } from '../../../src/metrics/service-metrics.js';
import { openStorage } from '../../../src/storage/connection.js';
import { migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { createTestDatabase } from '../../support/test-database.js';

test('service metrics with the database down', async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const storage = openStorage(database.url);
  await migrateToLatest(storage);
  const registry = new Registry();
  registerServiceMetrics(registry, storage.db);
  assert.match(await registry.metrics(), /^touchline_database_up 1$/m, 'up while it answers');

  await storage.close();
  const text = await registry.metrics();
  assert.match(text, /^touchline_database_up 0$/m);
  assert.match(text, /^touchline_dataset_generation 0$/m);
  assert.doesNotMatch(text, /^touchline_ingestion_runs_total\{/m, 'no run figures it cannot read');
});
