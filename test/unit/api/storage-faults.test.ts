import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isStorageUnavailable } from '../../../src/api/storage-faults.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('PostgreSQL errors are outages by SQLSTATE class, codes never listed included', () => {
  for (const code of [
    '55000',
    '57P03',
    '57P01',
    '57P04',
    '57P05',
    '08006',
    '08001',
    '08P01',
    '53300',
    '58030',
    '40001',
    '3D000',
    '28P01',
  ]) {
    assert.equal(isStorageUnavailable(withCode(code)), true, code);
  }
});

test('PostgreSQL errors of the statement or of the data are faults, not outages', () => {
  for (const code of ['22021', '22P02', '42601', '42P01', '23505', 'XX000', '0A000']) {
    assert.equal(isStorageUnavailable(withCode(code)), false, code);
  }
});

test('SQLite codes of a file that cannot be used now are outages, extended codes included', () => {
  for (const code of [
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_IOERR_SHORT_READ',
    'SQLITE_CANTOPEN',
    'SQLITE_READONLY_DBMOVED',
  ]) {
    assert.equal(isStorageUnavailable(withCode(code)), true, code);
  }
  for (const code of ['SQLITE_ERROR', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_MISMATCH']) {
    assert.equal(isStorageUnavailable(withCode(code)), false, code);
  }
});

test('network errors and the drivers’ messages without a code are outages; anything else is not', () => {
  assert.equal(isStorageUnavailable(withCode('ECONNREFUSED')), true);
  assert.equal(isStorageUnavailable(withCode('EAI_AGAIN')), true);
  assert.equal(isStorageUnavailable(new Error('Connection terminated unexpectedly')), true);
  assert.equal(isStorageUnavailable(new Error('Connection terminated due to connection timeout')), true);
  // A wait for a connection of a full pool is a busy server, not an outage (pool-exhausted.test.ts).
  assert.equal(isStorageUnavailable(new Error('timeout exceeded when trying to connect')), false);
  assert.equal(isStorageUnavailable(new TypeError('x is undefined')), false);
  assert.equal(isStorageUnavailable(null), false);
  assert.equal(isStorageUnavailable('55000'), false);
  assert.equal(isStorageUnavailable({ code: 55000 }), false);
});
