import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidTimeZone, localToUtc } from '../../../src/ingest/time/local-to-utc.js';

describe('localToUtc', () => {
  it('reads summer times in British Summer Time (UTC+1)', () => {
    assert.equal(localToUtc('2023-08-11', '20:00', 'Europe/London'), '2023-08-11T19:00:00Z');
  });

  it('reads winter times in GMT (UTC+0)', () => {
    assert.equal(localToUtc('2023-12-26', '15:00', 'Europe/London'), '2023-12-26T15:00:00Z');
    assert.equal(localToUtc('2024-01-20', '20:45', 'Europe/Paris'), '2024-01-20T19:45:00Z');
  });

  it('handles zones west of UTC and across the date line', () => {
    assert.equal(localToUtc('2025-05-10', '19:30', 'America/New_York'), '2025-05-10T23:30:00Z');
    assert.equal(localToUtc('2025-02-15', '23:30', 'America/Sao_Paulo'), '2025-02-16T02:30:00Z');
    assert.equal(localToUtc('2025-03-01', '14:00', 'Asia/Tokyo'), '2025-03-01T05:00:00Z');
    assert.equal(localToUtc('2024-12-26', '01:00', 'Australia/Sydney'), '2024-12-25T14:00:00Z');
  });

  it('uses the offset of the day itself on the days clocks change', () => {
    // Clocks go forward at 01:00 GMT on 2023-03-26 and back at 01:00 GMT on 2023-10-29.
    assert.equal(localToUtc('2023-03-26', '00:30', 'Europe/London'), '2023-03-26T00:30:00Z');
    assert.equal(localToUtc('2023-03-26', '15:00', 'Europe/London'), '2023-03-26T14:00:00Z');
    assert.equal(localToUtc('2023-10-29', '15:00', 'Europe/London'), '2023-10-29T15:00:00Z');
  });

  it('moves a time inside the spring-forward gap past the gap (offset before the gap)', () => {
    // 01:30 does not exist in London on 2023-03-26: read as GMT it is 02:30 BST.
    assert.equal(localToUtc('2023-03-26', '01:30', 'Europe/London'), '2023-03-26T01:30:00Z');
    // 02:30 does not exist in Berlin: 03:30 CEST.
    assert.equal(localToUtc('2023-03-26', '02:30', 'Europe/Berlin'), '2023-03-26T01:30:00Z');
    // 02:30 does not exist in New York on 2023-03-12: 03:30 EDT.
    assert.equal(localToUtc('2023-03-12', '02:30', 'America/New_York'), '2023-03-12T07:30:00Z');
  });

  it('never returns an instant before the gap for a time inside it', () => {
    const gapEnds = Date.parse('2023-03-26T01:00:00Z');
    for (const time of ['02:00', '02:15', '02:59']) {
      assert.ok(Date.parse(localToUtc('2023-03-26', time, 'Europe/Berlin')) >= gapEnds, time);
    }
  });

  it('takes the first occurrence of a repeated (fall-back) hour', () => {
    assert.equal(localToUtc('2023-10-29', '01:30', 'Europe/London'), '2023-10-29T00:30:00Z');
    assert.equal(localToUtc('2023-10-29', '02:30', 'Europe/Berlin'), '2023-10-29T00:30:00Z');
    assert.equal(localToUtc('2023-11-05', '01:30', 'America/New_York'), '2023-11-05T05:30:00Z');
  });

  it('gives the same answer when asked twice (cached)', () => {
    const first = localToUtc('2023-08-12', '12:30', 'Europe/London');
    assert.equal(localToUtc('2023-08-12', '12:30', 'Europe/London'), first);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and rejects unknown ones', () => {
    assert.equal(isValidTimeZone('Europe/London'), true);
    assert.equal(isValidTimeZone('UTC'), true);
    assert.equal(isValidTimeZone('Mars/Olympus_Mons'), false);
  });
});
