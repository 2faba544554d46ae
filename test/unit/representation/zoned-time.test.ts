// Instants in a time zone and a zone's local days (src/representation/zoned-time.ts): daylight-saving
// days, offsets of 45 minutes, the date line, local mean time with seconds, and a day a zone skipped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  canonicalTimeZone,
  dateInZone,
  dayStartMs,
  dayWindow,
  instantInZone,
  zoneOffsetMs,
} from '../../../src/representation/zoned-time.js';

const HOUR = 3_600_000;
const hours = (w: { from: string; before: string }) => (Date.parse(w.before) - Date.parse(w.from)) / HOUR;

test('an instant in a zone: its local time and the offset then, the same instant', () => {
  const cases: Array<[string, string, string]> = [
    ['2026-06-11T19:00:00Z', 'America/Mexico_City', '2026-06-11T13:00:00-06:00'],
    // Either side of Berlin's spring-forward (01:00Z on 2024-03-31) and fall-back (01:00Z on 2024-10-27).
    ['2024-03-31T00:59:59Z', 'Europe/Berlin', '2024-03-31T01:59:59+01:00'],
    ['2024-03-31T01:00:00Z', 'Europe/Berlin', '2024-03-31T03:00:00+02:00'],
    ['2024-10-27T00:30:00Z', 'Europe/Berlin', '2024-10-27T02:30:00+02:00'],
    ['2024-10-27T01:30:00Z', 'Europe/Berlin', '2024-10-27T02:30:00+01:00'],
    // New York: 07:00Z on 2024-03-10 (02:00 EST), 06:00Z on 2024-11-03 (02:00 EDT).
    ['2024-03-10T06:59:00Z', 'America/New_York', '2024-03-10T01:59:00-05:00'],
    ['2024-03-10T07:00:00Z', 'America/New_York', '2024-03-10T03:00:00-04:00'],
    ['2024-11-03T05:30:00Z', 'America/New_York', '2024-11-03T01:30:00-04:00'],
    ['2024-11-03T06:30:00Z', 'America/New_York', '2024-11-03T01:30:00-05:00'],
    ['2024-01-01T00:00:00Z', 'Asia/Kathmandu', '2024-01-01T05:45:00+05:45'],
    ['2024-01-01T00:00:00Z', 'Asia/Kolkata', '2024-01-01T05:30:00+05:30'],
    ['2024-01-01T12:00:00Z', 'Pacific/Kiritimati', '2024-01-02T02:00:00+14:00'],
    ['2024-01-01T12:00:00Z', 'Pacific/Pago_Pago', '2024-01-01T01:00:00-11:00'],
    ['2024-01-01T12:00:00Z', 'Europe/London', '2024-01-01T12:00:00+00:00'],
    // Local mean time, -00:44:30, rounded to the minute with the local time: the instant is kept.
    ['1960-01-01T12:00:00Z', 'Africa/Monrovia', '1960-01-01T11:16:00-00:44'],
    ['2024-01-01T00:00:00.250Z', 'Asia/Tokyo', '2024-01-01T09:00:00.250+09:00'],
  ];
  for (const [instant, zone, shown] of cases) {
    const got = instantInZone(instant, zone);
    assert.equal(got, shown, `${instant} in ${zone}`);
    assert.equal(Date.parse(got), Date.parse(instant), `${got} is ${instant}`);
  }
  assert.equal(instantInZone('not an instant', 'Europe/Berlin'), 'not an instant');
});

test('offsets to the second, for any year', () => {
  assert.equal(zoneOffsetMs(Date.parse('1960-01-01T00:00:00Z'), 'Africa/Monrovia'), -(44 * 60 + 30) * 1000);
  assert.equal(zoneOffsetMs(Date.parse('2024-07-01T00:00:00Z'), 'America/New_York'), -4 * HOUR);
  assert.equal(zoneOffsetMs(Date.parse('2024-07-01T00:00:00Z'), 'UTC'), 0);
  assert.equal(zoneOffsetMs(Date.parse('0001-07-01T00:00:00Z'), 'UTC'), 0);
});

test('a local day: 23 hours at spring-forward, 25 at fall-back, 24 otherwise', () => {
  const cases: Array<[string, string, string, string, number]> = [
    ['2024-03-31', 'Europe/Berlin', '2024-03-30T23:00:00Z', '2024-03-31T22:00:00Z', 23],
    ['2024-10-27', 'Europe/Berlin', '2024-10-26T22:00:00Z', '2024-10-27T23:00:00Z', 25],
    ['2024-03-31', 'Europe/London', '2024-03-31T00:00:00Z', '2024-03-31T23:00:00Z', 23],
    ['2023-10-29', 'Europe/London', '2023-10-28T23:00:00Z', '2023-10-30T00:00:00Z', 25],
    ['2024-03-10', 'America/New_York', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z', 23],
    ['2024-11-03', 'America/New_York', '2024-11-03T04:00:00Z', '2024-11-04T05:00:00Z', 25],
    ['2024-07-01', 'America/New_York', '2024-07-01T04:00:00Z', '2024-07-02T04:00:00Z', 24],
    ['2024-01-01', 'Asia/Kathmandu', '2023-12-31T18:15:00Z', '2024-01-01T18:15:00Z', 24],
    ['2024-01-01', 'Pacific/Kiritimati', '2023-12-31T10:00:00Z', '2024-01-01T10:00:00Z', 24],
    ['2024-01-01', 'Pacific/Pago_Pago', '2024-01-01T11:00:00Z', '2024-01-02T11:00:00Z', 24],
    ['2026-06-11', 'America/Mexico_City', '2026-06-11T06:00:00Z', '2026-06-12T06:00:00Z', 24],
    ['2026-06-11', 'UTC', '2026-06-11T00:00:00Z', '2026-06-12T00:00:00Z', 24],
    // São Paulo sprang forward at midnight (2018-11-04 00:00 -> 01:00): the day starts at 01:00.
    ['2018-11-04', 'America/Sao_Paulo', '2018-11-04T03:00:00Z', '2018-11-05T02:00:00Z', 23],
    // Samoa skipped 2011-12-30 whole, crossing the date line: that day is empty, the one before whole.
    ['2011-12-30', 'Pacific/Apia', '2011-12-30T10:00:00Z', '2011-12-30T10:00:00Z', 0],
    ['2011-12-29', 'Pacific/Apia', '2011-12-29T10:00:00Z', '2011-12-30T10:00:00Z', 24],
  ];
  for (const [date, zone, from, before, length] of cases) {
    const window = dayWindow(date, zone);
    assert.deepEqual(window, { from, before }, `${date} in ${zone}`);
    assert.equal(hours(window), length, `${date} in ${zone}`);
  }
});

test('the first and last days ISO text can spell are windows that compare as text', () => {
  assert.deepEqual(dayWindow('9999-12-31', 'UTC'), {
    from: '9999-12-31T00:00:00Z',
    before: '9999-12-31T24:00:00Z',
  });
  assert.ok('9999-12-31T23:59:59Z' < dayWindow('9999-12-31', 'UTC').before);
  assert.deepEqual(dayWindow('9999-12-31', 'Pacific/Kiritimati'), {
    from: '9999-12-30T10:00:00Z',
    before: '9999-12-31T10:00:00Z',
  });
  const first = dayWindow('0000-01-01', 'Pacific/Pago_Pago');
  assert.ok(
    first.from < '0000-01-01T00:00:00Z' && first.before > '0000-01-01T00:00:00Z',
    JSON.stringify(first),
  );
});

test('a day starts at its first instant: the local date turns there', () => {
  for (const [date, zone] of [
    ['2024-03-31', 'Europe/Berlin'],
    ['2018-11-04', 'America/Sao_Paulo'],
    ['2024-01-01', 'Asia/Kathmandu'],
    ['2024-11-03', 'America/New_York'],
  ] as const) {
    const start = dayStartMs(date, zone);
    assert.equal(instantInZone(new Date(start).toISOString(), zone).slice(0, 10), date);
    assert.notEqual(instantInZone(new Date(start - 1000).toISOString(), zone).slice(0, 10), date);
  }
});

test('a date-only kick-off keeps its date in every zone, at the first instant of that day there', () => {
  const cases: Array<[string, string]> = [
    ['America/Mexico_City', '2026-06-11T00:00:00-06:00'],
    ['Pacific/Kiritimati', '2026-06-11T00:00:00+14:00'],
    ['Pacific/Pago_Pago', '2026-06-11T00:00:00-11:00'],
    ['Asia/Kathmandu', '2026-06-11T00:00:00+05:45'],
    ['Europe/London', '2026-06-11T00:00:00+01:00'],
  ];
  for (const [zone, shown] of cases) {
    assert.equal(dateInZone('2026-06-11T00:00:00Z', zone), shown, zone);
    assert.equal(Date.parse(shown), dayStartMs('2026-06-11', zone), zone);
  }
  // Midnight skipped: 00:00 with the offset before the jump is the instant the day begins.
  assert.equal(dateInZone('2018-11-04T00:00:00Z', 'America/Sao_Paulo'), '2018-11-04T00:00:00-03:00');
  assert.equal(Date.parse('2018-11-04T00:00:00-03:00'), dayStartMs('2018-11-04', 'America/Sao_Paulo'));
});

test('zone names: IANA names and aliases in any case, as Intl resolves them; nothing else', () => {
  assert.equal(canonicalTimeZone('America/New_York'), 'America/New_York');
  assert.equal(canonicalTimeZone('america/new_york'), 'America/New_York');
  assert.equal(canonicalTimeZone('US/Eastern'), 'America/New_York');
  assert.equal(canonicalTimeZone('UTC'), 'UTC');
  assert.equal(canonicalTimeZone('Etc/UTC'), 'UTC');
  assert.equal(canonicalTimeZone('GMT'), 'UTC');
  assert.ok(canonicalTimeZone('Europe/Kyiv'));
  assert.ok(canonicalTimeZone('Asia/Kolkata'));
  for (const name of [
    '+05:30',
    '-03:00',
    'Mars/Olympus',
    'Z',
    '',
    'Europe/Berlin/',
    'Europe/Berlin\u0000',
    'x'.repeat(65),
  ]) {
    assert.equal(canonicalTimeZone(name), undefined, JSON.stringify(name));
  }
});
