// Calendar feeds (GET /football/teams/{id}/calendar.ics, /football/competitions/{id}/calendar.ics): valid
// RFC 5545 as two independent parsers read it, one event per match with a UID that never changes, a
// SEQUENCE raised when the kick-off, venue or status changes (and only then), all-day events for date-only
// kick-offs, STATUS for canceled and postponed matches, the score in the summary once finished, and an
// ETag a polling calendar gets 304 with.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { buildTestApp, reingestFixture, type FixtureEntry } from '../support/build-app.js';
import { API, assertError } from '../support/api-contract.js';

interface Parsed {
  uid: string;
  sequence: number;
  summary: string;
  status: string | null;
  allDay: boolean;
  start: string;
  location: string | null;
}

/** The events as ical.js reads them, by UID. */
function byIcalJs(text: string): Map<string, Parsed> {
  const component = new ICAL.Component(ICAL.parse(text));
  assert.equal(component.name, 'vcalendar');
  assert.equal(component.getFirstPropertyValue('version'), '2.0');
  const events = new Map<string, Parsed>();
  for (const vevent of component.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    assert.ok(vevent.getFirstPropertyValue('dtstamp'), 'DTSTAMP');
    events.set(event.uid, {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      allDay: event.startDate.isDate,
      start: event.startDate.toString(),
      location: event.location ?? null,
    });
  }
  return events;
}

/** The events as node-ical reads them, by UID. */
function byNodeIcal(text: string): Map<string, Parsed> {
  const events = new Map<string, Parsed>();
  for (const component of Object.values(nodeIcal.sync.parseICS(text))) {
    if (!component || component.type !== 'VEVENT') continue;
    const event = component as VEvent;
    const start = event.start as Date & { dateOnly?: boolean };
    events.set(event.uid, {
      uid: event.uid,
      sequence: Number(event.sequence),
      summary: String(event.summary),
      status: event.status ?? null,
      allDay: start.dateOnly === true || event.datetype === 'date',
      start: start.toISOString(),
      location: event.location ? String(event.location) : null,
    });
  }
  return events;
}

/** A feed read by both parsers, which must agree on every event. */
function parseBoth(text: string): Map<string, Parsed> {
  const a = byIcalJs(text);
  const b = byNodeIcal(text);
  assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort(), 'both parsers see the same events');
  for (const [uid, event] of a) {
    const other = b.get(uid)!;
    for (const field of ['sequence', 'summary', 'status', 'allDay', 'location'] as const) {
      assert.equal(other[field], event[field], `${uid} ${field}`);
    }
  }
  return a;
}

test('calendar feeds', async (t) => {
  const built = await buildTestApp(t);
  const { app, ids, auth } = built;
  const seasonFeed = `${API}/football/competitions/${ids.competitions.en1}/calendar.ics?season_id=${ids.seasons.en1_2023}`;
  const get = (url: string, headers: Record<string, string> = auth()) =>
    app.inject({ method: 'GET', url, headers });
  const uid = (match: string) => `${match}@touchline`;

  await t.test('a season: valid iCalendar, one event per match, as both parsers read it', async () => {
    const res = await get(seasonFeed);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/calendar; charset=utf-8');
    assert.match(res.body, /^BEGIN:VCALENDAR\r\n/);
    assert.match(res.body, /END:VCALENDAR\r\n$/);
    assert.ok(!/[^\r]\n/.test(res.body), 'every line ends with CRLF');
    for (const line of res.body.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, `folded: ${line}`);
    const events = parseBoth(res.body);
    assert.equal(events.size, 6);
    const city = events.get(uid(ids.matches.burnleyCity))!;
    assert.match(city.summary, /^Burnley.* 0–3 Manchester City/);
    assert.equal(city.status, 'CONFIRMED');
    assert.equal(city.allDay, false);
    assert.equal(city.sequence, 0);
    const dated = events.get(uid(ids.matches.noTime))!;
    assert.equal(dated.allDay, true, 'a date-only kick-off is an all-day event');
    assert.match(res.body, /DTSTART;VALUE=DATE:20230819\r\n/);
    assert.match(res.body, /DTEND;VALUE=DATE:20230820\r\n/);
    const postponed = events.get(uid(ids.matches.postponed))!;
    assert.equal(postponed.status, 'TENTATIVE');
    assert.match(postponed.summary, /\(postponed\)$/);
    const scheduled = events.get(uid(ids.matches.scheduled))!;
    assert.match(scheduled.summary, /^Manchester City.* – Arsenal/);
  });

  await t.test('ETag: an unchanged feed answers 304 to If-None-Match', async () => {
    const first = await get(seasonFeed);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    assert.equal(first.headers['cache-control'], 'private, no-cache');
    const again = await get(seasonFeed, { ...auth(), 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const other = await get(seasonFeed, { ...auth(), 'if-none-match': '"something-else"' });
    assert.equal(other.statusCode, 200);
    // HEAD, which some calendar apps send first: the same headers, no body.
    const head = await app.inject({ method: 'HEAD', url: seasonFeed, headers: auth() });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers.etag, etag);
    assert.equal(head.headers['content-type'], 'text/calendar; charset=utf-8');
    assert.equal(head.body, '');
  });

  await t.test('a team: its matches of the last year and every upcoming one', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.parse('2024-03-01T12:00:00Z') });
    const res = await get(`${API}/football/teams/${ids.teams.manCity}/calendar.ics`);
    assert.equal(res.statusCode, 200, res.body);
    const events = parseBoth(res.body);
    // Burnley v City, City v Newcastle, Newcastle v City (postponed), City v Arsenal: 2023-24.
    assert.ok(events.has(uid(ids.matches.burnleyCity)));
    assert.ok(events.has(uid(ids.matches.scheduled)));
    assert.match(res.body, /X-WR-CALNAME:Touchline: Manchester City/);
    for (const event of events.values()) {
      assert.ok(event.start >= '2023-03', `within the last year: ${event.start}`);
    }
    // A year on, the 2023-24 matches have left the feed.
    t.mock.timers.setTime(Date.parse('2025-06-01T00:00:00Z'));
    const later = parseBoth((await get(`${API}/football/teams/${ids.teams.manCity}/calendar.ics`)).body);
    assert.equal(later.size, 0);
  });

  await t.test('unknown team, competition or season: 404; a bad query: 400', async () => {
    assertError(await get(`${API}/football/teams/team0000000000000000/calendar.ics`), 404, 'not_found');
    assertError(
      await get(`${API}/football/competitions/comp0000000000000000/calendar.ics`),
      404,
      'not_found',
    );
    assertError(
      await get(
        `${API}/football/competitions/${ids.competitions.de1}/calendar.ics?season_id=${ids.seasons.en1_2023}`,
      ),
      404,
      'not_found',
    );
    assertError(await get(`${seasonFeed}&colour=red`), 400, 'invalid_parameter');
    assertError(
      await get(`${API}/football/competitions/${ids.competitions.en1}/calendar.ics?season_id=nope`),
      400,
      'invalid_parameter',
    );
  });

  await t.test('a rescheduled match keeps its UID and raises SEQUENCE; other changes do not', async () => {
    const sequence = async () =>
      parseBoth((await get(seasonFeed)).body).get(uid(ids.matches.burnleyCity))!.sequence;
    const edit = (change: (m: FixtureEntry) => FixtureEntry) => (matches: FixtureEntry[]) =>
      matches.map((m, i) => (i === 0 ? change(m) : m));
    assert.equal(await sequence(), 0);
    // Unchanged: nothing written, nothing raised.
    await reingestFixture(built, (matches) => matches);
    assert.equal(await sequence(), 0);
    // A new kick-off: the same UID, one more.
    await reingestFixture(
      built,
      edit((m) => ({ ...m, time: '21:00' })),
    );
    const events = parseBoth((await get(seasonFeed)).body);
    assert.equal(events.size, 6, 'the same events: the UID did not move');
    assert.equal(events.get(uid(ids.matches.burnleyCity))!.sequence, 1);
    // A corrected score alone shows in the summary, and the time and place are as they were.
    await reingestFixture(
      built,
      edit((m) => ({ ...m, score: { ht: [0, 2], ft: [1, 3] } })),
    );
    const corrected = parseBoth((await get(seasonFeed)).body).get(uid(ids.matches.burnleyCity))!;
    assert.equal(corrected.sequence, 1);
    assert.match(corrected.summary, / 1–3 /);
    // Back to the first kick-off (the file holds the last edit): raised again, never lowered.
    await reingestFixture(
      built,
      edit((m) => ({ ...m, time: '20:00' })),
    );
    assert.equal(await sequence(), 2);
    // Canceled: STATUS:CANCELLED, and a status change raises the sequence too.
    await reingestFixture(built, (matches) =>
      matches.map((m) => (m.status === 'postponed' ? { ...m, status: 'cancelled' } : m)),
    );
    const canceled = parseBoth((await get(seasonFeed)).body).get(uid(ids.matches.postponed))!;
    assert.equal(canceled.status, 'CANCELLED');
    assert.equal(canceled.sequence, 1);
    assert.doesNotMatch(canceled.summary, /postponed/);
    // A match none of the runs changed keeps its sequence (the scheduled one is now past: its status moved).
    assert.equal(parseBoth((await get(seasonFeed)).body).get(uid(ids.matches.noTime))!.sequence, 0);
  });
});
