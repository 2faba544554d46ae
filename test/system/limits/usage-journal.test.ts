// The cluster primary's usage journal (src/limits/usage-journal.ts): a primary killed between two writes
// of its counts (SIGKILL) loses none of them. A kill is simulated by dropping a ledger without flushing or
// closing it; the next ledger over the same database and journal folder replays what it journalled before
// counting anything, so a 30/min key gets no more than 30 answers in its minute across the kill.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import type { Plan } from '../../../src/config/plans.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { parseJournal, UsageJournal, usageJournalDir } from '../../../src/limits/usage-journal.js';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { readUsage } from '../../../src/storage/repositories/key-usage.repository.js';
import { PERIOD, storageWithKeyForSuite } from '../../support/limits/ledger-storage.js';

const THIRTY: Plan = { name: 'free', requestsPerMinute: 30, requestsPerPeriod: 3_000, description: '' };
const period = { start: PERIOD, end: new Date(PERIOD.getTime() + 30 * 86_400_000) };

describe('usage journal: counts a killed primary had not written', () => {
  const suite = storageWithKeyForSuite('usage-journal.db', 'journal');
  let dir: string;
  let serial = 0;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-usage-journal-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A key of its own per test: the minutes of one test do not reach the next. */
  async function newKey(): Promise<string> {
    serial += 1;
    const issued = issueApiKey('production', `journal ${serial}`, new Date(), undefined, { plan: 'free' });
    await insertApiKey(suite.storage.db, issued.row);
    return issued.row.id;
  }

  /** A primary's counters as cluster.ts builds them, its leftovers replayed; never flushed by a timer. */
  async function primary(): Promise<{ ledger: UsageLedger; store: MemoryLimitStore; journal: UsageJournal }> {
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(suite.storage.db, 60_000, journal);
    await ledger.recover();
    return { ledger, store: new MemoryLimitStore(ledger), journal };
  }

  async function admitted(store: MemoryLimitStore, keyId: string, tries: number): Promise<number> {
    let allowed = 0;
    for (let i = 0; i < tries; i += 1) {
      const decision = await store.consume({ keyId, plan: THIRTY, period, now: Date.now() });
      if (decision.allowed) allowed += 1;
    }
    return allowed;
  }

  it('a 30/min key gets 30 answers in its minute across a kill, and its quota keeps them all', async () => {
    const keyId = await newKey();
    const first = await primary();
    assert.equal(await admitted(first.store, keyId, 20), 20);
    // Killed: the ledger is dropped, nothing flushed, nothing closed.
    const second = await primary();
    assert.equal(await readUsage(suite.storage.db, keyId, PERIOD.toISOString()), 20);
    assert.equal(await admitted(second.store, keyId, 20), 10, 'the minute goes on from 20');
    await second.ledger.close();
  });

  it('has each admission in the file by the time its decision is answered', async () => {
    const keyId = await newKey();
    const { store, journal, ledger } = await primary();
    await store.consume({ keyId, plan: THIRTY, period, now: Date.now() });
    const [file] = fs.readdirSync(dir);
    const entries = parseJournal(fs.readFileSync(path.join(dir, file!), 'utf8'));
    assert.deepEqual(
      entries.map((e) => [e.keyId, e.periodStart, e.count]),
      [[keyId, PERIOD.getTime(), 1]],
    );
    assert.equal(journal.files, 1);
    await ledger.close();
  });

  it('is rotated at each write of the ledger: what was written is not replayed again', async () => {
    const keyId = await newKey();
    const first = await primary();
    assert.equal(await admitted(first.store, keyId, 12), 12);
    await first.ledger.flush();
    assert.equal(first.journal.files, 0, 'the written counts leave no file');
    assert.deepEqual(fs.readdirSync(dir), []);
    assert.equal(await admitted(first.store, keyId, 5), 5);
    // Killed after the write: the 5 since are replayed, the 12 before not a second time.
    const second = await primary();
    assert.equal(await readUsage(suite.storage.db, keyId, PERIOD.toISOString()), 17);
    assert.equal(await admitted(second.store, keyId, 30), 13);
    await second.ledger.close();
    assert.deepEqual(fs.readdirSync(dir), [], 'a graceful stop leaves no journal');
  });

  it('keeps the files of a write the database refused, and counts them once when one succeeds', async () => {
    const keyId = await newKey();
    const journal = new UsageJournal(dir);
    let refuse = true;
    // A database that refuses the ledger's statements while `refuse` is set.
    const db = suite.storage.db.withPlugin({
      transformQuery: (args) => {
        if (refuse) throw new Error('away');
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const ledger = new UsageLedger(db, 60_000, journal);
    await ledger.recover();
    ledger.record(keyId, PERIOD, 4, Date.now());
    await assert.rejects(ledger.flush(), /away/);
    assert.equal(journal.files, 1, 'sealed, kept');
    ledger.record(keyId, PERIOD, 3, Date.now());
    await Promise.resolve(); // the journal's write
    assert.equal(journal.files, 2);
    refuse = false;
    await ledger.flush();
    assert.equal(await readUsage(suite.storage.db, keyId, PERIOD.toISOString()), 7);
    assert.equal(journal.files, 0);
    // Nothing left to replay: a kill now counts nothing twice.
    const next = new UsageLedger(suite.storage.db, 60_000, new UsageJournal(dir));
    assert.equal(await next.recover(), 0);
    await next.close();
  });

  it("leaves a running process's journal alone and replays a dead one's", async () => {
    const keyId = await newKey();
    fs.mkdirSync(dir, { recursive: true });
    const line = `${keyId}\t${PERIOD.getTime()}\t2\t${Date.now()}\n`;
    // The parent of this test runs: another server on the same database, its counts are its own.
    fs.writeFileSync(path.join(dir, `${process.ppid}.1.journal`), line);
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const dead = Number(gone.stdout.toString());
    // A torn last line (a machine crash mid-write) is skipped, the whole lines before it kept.
    fs.writeFileSync(path.join(dir, `${dead}.3.journal`), `${line}${keyId}\t${PERIOD.getTime()}\t9`);
    const ledger = new UsageLedger(suite.storage.db, 60_000, new UsageJournal(dir));
    assert.equal(await ledger.recover(), 2);
    assert.equal(await readUsage(suite.storage.db, keyId, PERIOD.toISOString()), 2);
    assert.deepEqual(fs.readdirSync(dir), [`${process.ppid}.1.journal`]);
    await ledger.close();
  });
});

describe('usage journal: where it is kept', () => {
  it('beside a SQLite file; none in memory nor on PostgreSQL', () => {
    assert.equal(usageJournalDir('sqlite:/srv/var/touchline.db'), '/srv/var/touchline.db-usage-journal');
    assert.equal(usageJournalDir('sqlite::memory:'), undefined);
    assert.equal(usageJournalDir('postgres://localhost/touchline'), undefined);
  });
});
