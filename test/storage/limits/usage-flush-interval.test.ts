// How often a process writes the counts it holds (TOUCHLINE_USAGE_FLUSH_MS): five seconds by default, so
// that a busy SQLite server's readers are not made to drop their page caches every second; the ledger
// writes at its own interval and not before, and a stop writes what is left at once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_USAGE_FLUSH_MS, loadConfig } from '../../../src/config/config.js';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { readUsage } from '../../../src/storage/repositories/key-usage.repository.js';
import { PERIOD, storageWithKeyForSuite } from '../../support/limits/ledger-storage.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TOUCHLINE_USAGE_FLUSH_MS', () => {
  it('is five seconds by default, from 100 ms to a minute, nothing else', () => {
    assert.equal(DEFAULT_USAGE_FLUSH_MS, 5000);
    assert.equal(loadConfig({}).usageFlushMs, 5000);
    assert.equal(loadConfig({ TOUCHLINE_USAGE_FLUSH_MS: '100' }).usageFlushMs, 100);
    assert.equal(loadConfig({ TOUCHLINE_USAGE_FLUSH_MS: '60000' }).usageFlushMs, 60_000);
    for (const bad of ['0', '99', '60001', '-1', '1.5', 'soon']) {
      assert.throws(
        () => loadConfig({ TOUCHLINE_USAGE_FLUSH_MS: bad }),
        (error) => error instanceof ConfigError && /TOUCHLINE_USAGE_FLUSH_MS/.test(error.message),
        bad,
      );
    }
  });
});

describe('usage ledger: its interval', () => {
  const suite = storageWithKeyForSuite('usage-flush-interval.db', 'interval');

  const stored = () => readUsage(suite.storage.db, suite.keyId, PERIOD.toISOString());

  it('writes once its interval has passed, not before, and what is left when it closes', async () => {
    // 1 s: the pause below is well within it, even on a machine stalled by other work.
    const ledger = new UsageLedger(suite.storage.db, 1000);
    ledger.start();
    try {
      ledger.record(suite.keyId, PERIOD, 3, Date.now());
      await pause(150);
      assert.equal(await stored(), 0, 'nothing written before the interval');
      const deadline = Date.now() + 5000;
      while ((await stored()) !== 3) {
        assert.ok(Date.now() < deadline, 'written within the interval and a margin');
        await pause(25);
      }
      ledger.record(suite.keyId, PERIOD, 2, Date.now());
    } finally {
      await ledger.close();
    }
    assert.equal(await stored(), 5, 'the rest written at close');
  });

  it('left to its default, keeps the counts of the first seconds in memory', async () => {
    const before = await stored();
    const ledger = new UsageLedger(suite.storage.db);
    ledger.start();
    try {
      ledger.record(suite.keyId, PERIOD, 1, Date.now());
      await pause(1200);
      assert.equal(await stored(), before, 'not written in the first second');
      assert.equal(ledger.unflushed(suite.keyId, PERIOD), 1);
    } finally {
      await ledger.close();
    }
    assert.equal(await stored(), before + 1);
  });
});
