import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import { FormerNames } from '../../../src/ingest/international-results/former-names.js';
import { TeamBook } from '../../../src/ingest/international-results/teams.js';
import { FORMER_NAMES, sheetsOf } from '../../support/international-results.js';

const code = (name: string) => nationalTeam(name, false)!.code;

function book(rows = FORMER_NAMES): { teams: TeamBook; rejections: string[] } {
  const { sheets, rejections } = sheetsOf({ formerNames: rows });
  const former = new FormerNames();
  former.load(sheets.get('formerNames')!);
  return { teams: new TeamBook(former), rejections: rejections.map((r) => `${r.recordRef}: ${r.reason}`) };
}

describe('international results: teams and former names', () => {
  it('is one team with the World Cup sources under every spelling they use', () => {
    const { teams } = book();
    for (const [here, there] of [
      ['United States', 'USA'],
      ['South Korea', 'Korea Republic'],
      ['Iran', 'IR Iran'],
      ['Ivory Coast', "Côte d'Ivoire"],
      ['Czech Republic', 'Czechia'],
      ['Germany', 'West Germany'],
      ['Turkey', 'Türkiye'],
    ] as const) {
      assert.equal(teams.resolve(here, '2020-01-01')?.teamId, nationalTeam(there, false)!.teamId, here);
    }
  });

  it('keeps states that no longer exist apart, as the national-team table does', () => {
    const { teams } = book();
    const on = (name: string, date: string) => teams.resolve(name, date)?.code;
    assert.equal(on('Russia', '1966-07-16'), code('Soviet Union'));
    assert.equal(on('Russia', '1992-06-12'), 'CIS');
    assert.equal(on('Russia', '2018-06-14'), code('Russia'));
    assert.equal(on('Russia', '1912-06-30'), code('Russia'));
    assert.equal(on('Serbia', '1998-06-14'), code('Yugoslavia'));
    assert.equal(on('Serbia', '2006-06-11'), code('Serbia and Montenegro'));
    assert.equal(on('Serbia', '2010-06-13'), code('Serbia'));
  });

  it('takes every other former name as the team under its current name', () => {
    const { teams } = book();
    const on = (name: string, date: string) => teams.resolve(name, date)?.code;
    // The table's "Ireland" is worldcup.json's Republic of Ireland; here it is today's Northern Ireland.
    assert.equal(on('Northern Ireland', '1882-02-18'), 'NIR');
    assert.equal(on('DR Congo', '1974-06-14'), 'COD');
    assert.equal(on('Indonesia', '1938-06-05'), 'IDN');
    assert.equal(on('Benin', '1960-04-14'), 'BEN');
    assert.equal(on('Ghana', '1951-01-01'), 'GHA');
  });

  it('stores spellings as aliases of the team they name, never "Ireland" for Northern Ireland', () => {
    const { teams } = book();
    for (const [name, date] of [
      ['Northern Ireland', '1882-02-18'],
      ['Russia', '1966-07-16'],
      ['Russia', '2018-06-14'],
      ['Ghana', '1951-01-01'],
    ] as const) {
      teams.resolve(name, date);
    }
    const aliases = Object.fromEntries(teams.aliasRecords().map((a) => [a.alias, a.team_id]));
    assert.deepEqual(Object.keys(aliases).sort(), [
      'Ghana',
      'Gold Coast',
      'Northern Ireland',
      'Russia',
      'Soviet Union',
    ]);
    assert.equal(aliases.Russia, nationalTeam('Russia', false)!.teamId);
    assert.equal(aliases['Soviet Union'], nationalTeam('Soviet Union', false)!.teamId);
    assert.equal(aliases['Gold Coast'], nationalTeam('Ghana', false)!.teamId);
    assert.ok(teams.aliasRecords().every((a) => a.scope === 'national:men'));
  });

  it('gives teams that never played a World Cup stable IDs of their own, with their country code', () => {
    const { teams } = book();
    const jersey = teams.resolve('Jersey', '2019-07-01')!;
    assert.equal(jersey.teamId, nationalTeam('JEY', false)!.teamId);
    assert.equal(jersey.iso2, 'JE');
    const basque = teams.resolve('Basque Country', '2019-07-01')!;
    assert.deepEqual([basque.code, basque.iso2], ['~basque-country', null]);
    assert.equal(teams.resolve('Atlantis', '2019-07-01'), undefined);
    const record = teams.records().find((t) => t.id === jersey.teamId)!;
    assert.deepEqual(
      [record.name, record.name_season, record.country_name, record.country_code],
      ['Jersey', '0000', 'Jersey', 'JE'],
    );
  });

  it('rejects a former name row with a bad date', () => {
    const { rejections } = book([
      'Benin,Dahomey,1959-11-08,1975-13-30',
      'Benin,Dahomey,1975-01-01,1959-01-01',
    ]);
    assert.deepEqual(rejections, [
      'row 1: end_date "1975-13-30" is not a date',
      'row 2: end_date 1959-01-01 is before start_date 1975-01-01',
    ]);
  });
});
