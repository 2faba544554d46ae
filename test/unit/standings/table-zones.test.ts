import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ZONE_ERAS, ZONE_RESERVE_TEAMS, zonesFor } from '../../../src/standings/competition-zones.js';
import { ZONE_DESCRIPTIONS, zoneDescriptions, type ZoneEra } from '../../../src/standings/table-zones.js';

/** An era's zones as "from-to description", for short assertions. */
const shape = (code: string, season: string) =>
  zonesFor(code, season).era?.zones.map((z) => `${z.from}-${z.to} ${z.description}`);
const size = (code: string, season: string) => zonesFor(code, season).era?.teams;

test('the Premier League relegated three of 22, four in 1994-95, three of 20 since 1995-96', () => {
  assert.deepEqual(
    [size('en.1', '1993-94'), shape('en.1', '1993-94')],
    [22, ['1-1 Champions', '20-22 Relegation']],
  );
  assert.deepEqual(
    [size('en.1', '1994-95'), shape('en.1', '1994-95')],
    [22, ['1-1 Champions', '19-22 Relegation']],
  );
  for (const season of ['1995-96', '2023-24', '2025-26']) {
    assert.deepEqual(
      [size('en.1', season), shape('en.1', season)],
      [20, ['1-1 Champions', '18-20 Relegation']],
    );
  }
  assert.equal(zonesFor('en.1', '1991-92').era, undefined, 'before the Premier League');
});

test('eras where the rules changed (Ligue 1, Eredivisie, Portugal, 3. Liga, Switzerland), and others', () => {
  assert.deepEqual(shape('fr.1', '2015-16'), ['1-1 Champions', '18-20 Relegation']);
  assert.deepEqual(shape('fr.1', '2016-17'), [
    '1-1 Champions',
    '18-18 Relegation play-offs',
    '19-20 Relegation',
  ]);
  assert.deepEqual(shape('fr.1', '2022-23'), ['1-1 Champions', '17-20 Relegation']);
  assert.deepEqual(
    [size('fr.1', '2023-24'), shape('fr.1', '2023-24')],
    [18, ['1-1 Champions', '16-16 Relegation play-offs', '17-18 Relegation']],
  );
  assert.deepEqual(shape('nl.1', '2018-19'), [
    '1-1 Champions',
    '16-17 Relegation play-offs',
    '18-18 Relegation',
  ]);
  assert.deepEqual(shape('nl.1', '2020-21'), [
    '1-1 Champions',
    '16-16 Relegation play-offs',
    '17-18 Relegation',
  ]);
  assert.deepEqual(shape('pt.1', '2019-20'), ['1-1 Champions', '17-18 Relegation']);
  assert.deepEqual(shape('pt.1', '2020-21'), [
    '1-1 Champions',
    '16-16 Relegation play-offs',
    '17-18 Relegation',
  ]);
  assert.deepEqual(shape('de.3', '2017-18')?.at(-1), '18-20 Relegation');
  assert.deepEqual(shape('de.3', '2018-19')?.at(-1), '17-20 Relegation');
  assert.deepEqual(shape('ch.1', '2017-18'), ['1-1 Champions', '10-10 Relegation']);
  assert.deepEqual(shape('ch.1', '2018-19'), [
    '1-1 Champions',
    '9-9 Relegation play-offs',
    '10-10 Relegation',
  ]);
  assert.deepEqual(shape('en.4', '2024-25'), [
    '1-3 Promotion',
    '4-7 Promotion play-offs',
    '23-24 Relegation',
  ]);
  assert.deepEqual(shape('br.1', '2025'), ['1-1 Champions', '17-20 Relegation']);
});

test('no zones where the final table did not decide, or nothing is known', () => {
  // 2019-20 seasons ended early and ranked by points per game, or abandoned without relegation.
  for (const code of ['en.3', 'en.4', 'fr.1', 'fr.2', 'nl.1']) {
    assert.equal(zonesFor(code, '2019-20').era, undefined, code);
    assert.notEqual(zonesFor(code, '2018-19').era, undefined, code);
  }
  assert.notEqual(zonesFor('en.1', '2019-20').era, undefined, 'the Premier League finished its season');
  assert.equal(zonesFor('it.2', '2018-19').era, undefined, 'Serie B of 19 clubs');
  assert.equal(zonesFor('sco.1', '2020-21').era, undefined, 'a league that splits');
  assert.equal(zonesFor('uefa.cl', '2024-25').era, undefined, 'no zones for European places');
  assert.equal(zonesFor('en.1', 'current').era, undefined, 'a season key without a year');
  assert.deepEqual(zonesFor('de.3', '2019-20').reserveTeams, ZONE_RESERVE_TEAMS['de.3']);
  assert.deepEqual(zonesFor('en.1', '2023-24').reserveTeams, []);
});

test('every era: zones inside the table, apart, in order, with a reference; eras of a competition apart', () => {
  const year = (key: string | undefined, open: number) =>
    key === undefined ? open : Number(key.slice(0, 4));
  for (const era of ZONE_ERAS) {
    const label = `${era.competition} ${era.from ?? ''}`;
    assert.match(era.reference, /^https:\/\//, label);
    let last = 0;
    for (const zone of era.zones) {
      assert.ok(ZONE_DESCRIPTIONS.includes(zone.description), label);
      assert.ok(
        zone.from > last && zone.to >= zone.from && zone.to <= era.teams,
        `${label}: ${zone.from}-${zone.to}`,
      );
      last = zone.to;
    }
    // Relegation is the bottom of the table, the title its top.
    for (const zone of era.zones.filter((z) => z.description === 'Relegation'))
      assert.equal(zone.to, era.teams, label);
    for (const zone of era.zones.filter((z) => z.description === 'Champions'))
      assert.deepEqual([zone.from, zone.to], [1, 1], label);
    for (const other of ZONE_ERAS.filter((e) => e !== era && e.competition === era.competition)) {
      const apart =
        year(era.until, Infinity) < year(other.from, -Infinity) ||
        year(other.until, Infinity) < year(era.from, -Infinity);
      assert.ok(apart, `${label} overlaps ${other.competition} ${other.from ?? ''}`);
    }
  }
});

const TEN: ZoneEra = {
  teams: 10,
  zones: [
    { from: 1, to: 2, description: 'Promotion' },
    { from: 3, to: 3, description: 'Promotion play-offs' },
    { from: 9, to: 9, description: 'Relegation play-offs' },
    { from: 10, to: 10, description: 'Relegation' },
  ],
  reference: 'https://example.org',
};
const rows = (count: number, group: string | null = null) =>
  Array.from({ length: count }, (_, i) => ({ position: i + 1, group, team: `T${i + 1}` }));

test('a table of the era’s size is described by position, in the rows’ own order', () => {
  const table = rows(10);
  assert.deepEqual(zoneDescriptions(table, TEN), [
    'Promotion',
    'Promotion',
    'Promotion play-offs',
    null,
    null,
    null,
    null,
    null,
    'Relegation play-offs',
    'Relegation',
  ]);
  const reversed = [...table].reverse();
  assert.deepEqual(zoneDescriptions(reversed, TEN), zoneDescriptions(table, TEN).reverse());
});

test('a reserve team gives its promotion place to the next team, but can be relegated', () => {
  const barred = (team: string) => team === 'T2' || team === 'T10';
  assert.deepEqual(zoneDescriptions(rows(10), TEN, barred), [
    'Promotion',
    null,
    'Promotion',
    'Promotion play-offs',
    null,
    null,
    null,
    null,
    'Relegation play-offs',
    'Relegation',
  ]);
});

test('no description for a table of another size, a group, a phase before a split, or no era', () => {
  const nothing = (n: number) => Array.from({ length: n }, () => null);
  assert.deepEqual(zoneDescriptions(rows(9), TEN), nothing(9), 'a team missing');
  assert.deepEqual(zoneDescriptions(rows(11), TEN), nothing(11));
  assert.deepEqual(zoneDescriptions(rows(10, 'Group A'), TEN), nothing(10));
  assert.deepEqual(zoneDescriptions(rows(10, 'Regular season'), TEN), nothing(10));
  assert.deepEqual(zoneDescriptions(rows(10), undefined), nothing(10));
});
