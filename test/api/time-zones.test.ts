// tz and date (docs/api.md, "Time zones") on the fixture of build-app.ts: starts_at in a zone and nothing
// else changed, the stored bytes without a zone, answers cached per zone, local days across the date
// line, date-only kick-offs on their date, and what is refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError } from '../support/api-contract.js';

type Match = { id: string; starts_at: string; starts_at_precision: 'date' | 'datetime' } & Record<
  string,
  unknown
>;
type Page = { data: Match[]; meta: Record<string, unknown> };

const RFC3339_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:Z|[+-]\d\d:\d\d)$/;

/** The body without its request ID, which differs per request. */
const withoutRequestId = (body: string) => body.replace(/"request_id":"[^"]*"/, '"request_id":""');

test('time zones: tz and date', async (t) => {
  const { app, auth, ids, cache } = await buildTestApp(t);
  const get = (path: string) => app.inject({ url: `${API}${path}`, headers: auth() });
  const page = async (query: string) => {
    const res = await get(`/football/matches?limit=100&${query}`);
    assert.equal(res.statusCode, 200, `${query}: ${res.body}`);
    return res.json() as Page;
  };
  const listed = async (query: string) => (await page(query)).data.map((m) => m.id);
  const { matches: m } = ids;

  await t.test('tz changes starts_at alone: the same instant with the zone offset', async () => {
    const utc = await page('');
    for (const [zone, offsets] of [
      ['Asia/Tokyo', ['+09:00']],
      ['America/Mexico_City', ['-06:00', '-05:00']],
      ['Asia/Kathmandu', ['+05:45']],
      ['Europe/London', ['+00:00', '+01:00']],
    ] as const) {
      const zoned = await page(`tz=${zone}`);
      assert.equal(zoned.data.length, utc.data.length, zone);
      zoned.data.forEach((match, i) => {
        const plain = utc.data[i]!;
        assert.deepEqual({ ...match, starts_at: plain.starts_at }, plain, `${zone} ${match.id}`);
        assert.match(match.starts_at, RFC3339_OFFSET);
        assert.ok(
          offsets.some((o) => match.starts_at.endsWith(o)),
          `${zone}: ${match.starts_at}`,
        );
        if (match.starts_at_precision === 'datetime') {
          assert.equal(Date.parse(match.starts_at), Date.parse(plain.starts_at), `${zone} ${match.id}`);
        } else {
          assert.equal(match.starts_at.slice(0, 10), plain.starts_at.slice(0, 10), `${zone} ${match.id}`);
        }
      });
      assert.deepEqual(zoned.meta.has_more, utc.meta.has_more);
    }
    // Burnley v Manchester City kicked off at 20:00 in London.
    const london = (await page('tz=Europe/London')).data.find((x) => x.id === m.burnleyCity)!;
    assert.equal(london.starts_at, '2023-08-11T20:00:00+01:00');
  });

  await t.test('without tz, and with UTC or an alias of it, the bytes are the stored ones', async () => {
    const plain = withoutRequestId((await get('/football/matches?limit=100')).body);
    assert.match(plain, /"starts_at":"2023-08-11T19:00:00Z"/);
    for (const tz of ['UTC', 'Etc/UTC', 'GMT', 'utc']) {
      assert.equal(withoutRequestId((await get(`/football/matches?limit=100&tz=${tz}`)).body), plain, tz);
    }
    const one = (await get(`/football/matches/${m.burnleyCity}`)).body;
    assert.equal((await get(`/football/matches/${m.burnleyCity}?tz=Etc/UTC`)).body, one);
  });

  await t.test('a date-only kick-off is its date in every zone, at 00:00 with the offset then', async () => {
    for (const [zone, startsAt] of [
      ['Pacific/Kiritimati', '2023-08-19T00:00:00+14:00'],
      ['Pacific/Pago_Pago', '2023-08-19T00:00:00-11:00'],
      ['America/New_York', '2023-08-19T00:00:00-04:00'],
    ] as const) {
      const res = await get(`/football/matches/${m.noTime}?tz=${zone}`);
      const { data } = res.json() as { data: Match };
      assert.equal(data.starts_at, startsAt, zone);
      assert.equal(data.starts_at_precision, 'date');
    }
  });

  await t.test('one match and the change feed take tz too', async () => {
    const one = (await get(`/football/matches/${m.burnleyCity}?tz=America/Mexico_City`)).json() as {
      data: Match;
    };
    assert.equal(one.data.starts_at, '2023-08-11T13:00:00-06:00');
    const feed = async (tz: string) => {
      const res = await get(`/football/changes?limit=500${tz}`);
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as { data: Array<{ type: string; id: string; record: Match }> }).data;
    };
    const plain = await feed('');
    const zoned = await feed('&tz=America/Mexico_City');
    assert.equal(zoned.length, plain.length);
    const burnley = zoned.find((c) => c.id === m.burnleyCity)!;
    assert.equal(burnley.record.starts_at, '2023-08-11T13:00:00-06:00');
    zoned.forEach((change, i) => {
      const before = plain[i]!;
      if (change.type !== 'match') return assert.deepEqual(change, before);
      assert.deepEqual({ ...change.record, starts_at: before.record.starts_at }, before.record);
    });
  });

  await t.test('answers in different zones are cached apart; one zone’s spellings share one', async () => {
    await cache.clear();
    const url = `/football/matches/${m.burnleyCity}`;
    const startsAt = async (query: string) => {
      const res = await get(`${url}${query}`);
      return { startsAt: (res.json() as { data: Match }).data.starts_at, etag: String(res.headers.etag) };
    };
    const tokyo = await startsAt('?tz=Asia/Tokyo');
    const newYork = await startsAt('?tz=America/New_York');
    const none = await startsAt('');
    assert.equal(tokyo.startsAt, '2023-08-12T04:00:00+09:00');
    assert.equal(newYork.startsAt, '2023-08-11T15:00:00-04:00');
    assert.equal(none.startsAt, '2023-08-11T19:00:00Z');
    assert.equal(new Set([tokyo.etag, newYork.etag, none.etag]).size, 3);
    assert.equal(cache.size, 3);
    // Served from the cache, still per zone.
    assert.equal((await startsAt('?tz=Asia/Tokyo')).startsAt, tokyo.startsAt);
    assert.equal((await startsAt('')).startsAt, none.startsAt);
    for (const alias of ['US/Eastern', 'america/new_york', 'AMERICA/NEW_YORK']) {
      const again = await startsAt(`?tz=${alias}`);
      assert.deepEqual(again, newYork, alias);
    }
    assert.equal(cache.size, 3, 'an alias takes no entry of its own');
    const list = async (tz: string) => (await page(`tz=${tz}`)).data.find((x) => x.id === m.burnleyCity)!;
    assert.equal((await list('Asia/Tokyo')).starts_at, tokyo.startsAt);
    assert.equal((await list('America/New_York')).starts_at, newYork.startsAt);
  });

  await t.test('date: the local day, UTC by default', async () => {
    assert.deepEqual(await listed('date=2023-08-11'), [m.burnleyCity]);
    assert.deepEqual(await listed('date=2023-08-11&tz=UTC'), [m.burnleyCity]);
    // 19:00Z on the 11th is 09:00 on the 12th at +14, and Arsenal v Forest (12:30Z on the 12th) the 13th.
    assert.deepEqual(await listed('date=2023-08-12&tz=Pacific/Kiritimati'), [m.burnleyCity]);
    const arsenalForest = (await listed('date=2023-08-12')).filter((id) => id !== m.burnleyCity);
    assert.equal(arsenalForest.length, 1);
    assert.deepEqual(await listed('date=2023-08-13&tz=Pacific/Kiritimati'), arsenalForest);
    assert.deepEqual(await listed('date=2023-08-11&tz=Pacific/Pago_Pago'), [m.burnleyCity]);
    // Filters combine with it, through each read's shape (a team's ranges, the change log).
    assert.deepEqual(await listed(`date=2023-08-11&team_id=${ids.teams.manCity}`), [m.burnleyCity]);
    assert.deepEqual(await listed(`date=2023-08-11&team_id=${ids.teams.arsenal}`), []);
    assert.deepEqual(await listed('date=2023-08-11&updated_since=2000-01-01T00:00:00Z'), [m.burnleyCity]);
    assert.deepEqual(await listed('date=2023-08-11&sort=-starts_at'), [m.burnleyCity]);
  });

  await t.test('date: a date-only kick-off belongs to its date in every zone, and only there', async () => {
    assert.deepEqual(await listed('date=2023-08-19'), [m.noTime]);
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Asia/Kathmandu']) {
      assert.ok((await listed(`date=2023-08-19&tz=${tz}`)).includes(m.noTime), tz);
      for (const date of ['2023-08-18', '2023-08-20']) {
        assert.ok(!(await listed(`date=${date}&tz=${tz}`)).includes(m.noTime), `${date} ${tz}`);
      }
    }
    // 18:30Z on the 18th is 08:30 on the 19th at +14: Werder Bremen v Bayern is Kiritimati's 19 August.
    assert.equal((await listed('date=2023-08-19&tz=Pacific/Kiritimati')).length, 2);
    // New York's 18 August runs to 04:00Z on the 19th, past the 19th's midnight UTC: not that match.
    const bremenBayern = await listed('date=2023-08-18&tz=America/New_York');
    assert.equal(bremenBayern.length, 1);
    assert.ok(!bremenBayern.includes(m.noTime));
    assert.deepEqual(await listed('date=2023-08-20&tz=Pacific/Kiritimati'), []);
  });

  await t.test('date with date_from or date_to, or not a date, is a 400 on date', async () => {
    for (const query of ['date=2023-08-11&date_from=2023-08-01', 'date=2023-08-11&date_to=2023-08-31']) {
      assert.equal(
        assertError(await get(`/football/matches?${query}`), 400, 'invalid_parameter').parameter,
        'date',
      );
    }
    for (const date of ['2023-02-30', '2023-8-11', '11.08.2023', '', '2023-08-11T00:00:00Z']) {
      const details = assertError(await get(`/football/matches?date=${date}`), 400, 'invalid_parameter');
      assert.equal(details.parameter, 'date', date);
    }
  });

  await t.test('the first and last days a date can name answer, empty, in any zone', async () => {
    for (const date of ['0000-01-01', '9999-12-31']) {
      for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Africa/Monrovia']) {
        assert.deepEqual(await listed(`date=${date}&tz=${tz}`), [], `${date} ${tz}`);
      }
    }
  });

  await t.test('tz given twice is a 400 on tz', async () => {
    const res = await get('/football/matches?tz=UTC&tz=Asia/Tokyo');
    assert.equal(assertError(res, 400, 'invalid_parameter').parameter, 'tz');
  });

  await t.test('a tz that is no IANA zone is a 400 on tz, on every route that takes it', async () => {
    const bad = [
      'Mars/Olympus_Mons',
      '%2B05:30',
      '-03:00',
      'Z',
      '',
      'Europe/Berlin/',
      'Europe%2FBerlin%00',
      'x'.repeat(65),
      'Europe/Berlin,UTC',
    ];
    for (const path of ['/football/matches?', `/football/matches/${m.burnleyCity}?`, '/football/changes?']) {
      for (const tz of bad) {
        const res = await get(`${path}tz=${tz}`);
        const details = assertError(res, 400, 'invalid_parameter');
        assert.equal(details.parameter, 'tz', `${path} ${tz}`);
      }
    }
    const res = await get(`/football/matches?tz=Mars/Olympus_Mons`);
    assert.match(
      (res.json() as { error: { message: string } }).error.message,
      /^tz: must be an IANA time zone/,
    );
  });
});
