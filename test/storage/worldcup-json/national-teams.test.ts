import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import { FJELSTUL_TEAMS, WORLDCUP_JSON, needsData, worldcupMatchFiles } from '../../support/worldcup-json.js';

const men = (s: string) => nationalTeam(s, false);

describe('national teams', () => {
  it('resolves names, other spellings and FIFA trigrams to one team', () => {
    const germany = men('Germany')!;
    assert.equal(germany.code, 'DEU');
    assert.equal(germany.iso2, 'DE');
    for (const s of ['GER', 'DEU', 'germany', 'West Germany', 'FRG']) assert.deepEqual(men(s), germany, s);
    assert.deepEqual(men('USA'), men('United States'));
    assert.deepEqual(men('Bosnia & Herzegovina'), men('Bosnia-Herzegovina'));
    assert.deepEqual(men("Côte d'Ivoire"), men('Ivory Coast'));
    assert.deepEqual(men('Korea Republic'), men('KOR'));
    assert.deepEqual(men('Ireland'), men('Republic of Ireland'));
    assert.deepEqual(men('Türkiye'), men('Turkey'));
    assert.equal(men('Curaçao')?.iso2, 'CW');
  });

  it('names a team by its name today, whatever spelling found it', () => {
    assert.equal(men('West Germany')?.name, 'Germany');
    assert.equal(men('Zaire')?.name, 'DR Congo');
    assert.equal(men('Dutch East Indies')?.name, 'Indonesia');
    assert.equal(men('USA')?.name, 'United States');
  });

  it('keeps states that no longer exist apart, without a country code', () => {
    for (const [name, code] of [
      ['Soviet Union', 'SUN'],
      ['Czechoslovakia', 'CSK'],
      ['Yugoslavia', 'YUG'],
      ['Serbia and Montenegro', 'SCG'],
      ['East Germany', 'DDR'],
    ] as const) {
      assert.equal(men(name)?.code, code);
      assert.equal(men(name)?.iso2, null, name);
    }
    assert.notEqual(men('Soviet Union')?.teamId, men('Russia')?.teamId);
    assert.notEqual(men('East Germany')?.teamId, men('Germany')?.teamId);
  });

  it('gives the home nations the United Kingdom code', () => {
    for (const name of ['England', 'Scotland', 'Wales', 'Northern Ireland'])
      assert.equal(men(name)?.iso2, 'GB');
  });

  it("keeps men's and women's teams apart, and knows nothing it was not told", () => {
    assert.notEqual(nationalTeam('Brazil', true)?.teamId, men('Brazil')?.teamId);
    assert.equal(nationalTeam('Brazil', true)?.name, 'Brazil (women)');
    assert.equal(men('Atlantis'), undefined);
    assert.equal(men('W73'), undefined);
  });

  it('resolves every team of every worldcup.json match file', (t) => {
    if (!needsData(t, WORLDCUP_JSON)) return;
    const unresolved = new Set<string>();
    let files = 0;
    for (const file of worldcupMatchFiles()) {
      if (file.path.endsWith('clubworldcup.json')) continue; // clubs, not national teams
      files += 1;
      for (const m of file.matches) {
        for (const name of [m.team1, m.team2] as string[])
          if (!men(name)) unresolved.add(`${file.path}: ${name}`);
      }
    }
    assert.equal(files, 24); // 23 World Cups + the 2026 play-offs
    assert.deepEqual([...unresolved], []);
  });

  it('resolves every name, code and normalised name of the teams and squads files', (t) => {
    if (!needsData(t, WORLDCUP_JSON)) return;
    const read = (p: string) => JSON.parse(fs.readFileSync(path.join(WORLDCUP_JSON, p), 'utf8')) as unknown;
    const spellings: string[] = [];
    for (const year of ['2014', '2018']) {
      for (const team of (
        read(`${year}/worldcup.teams.json`) as { teams: Array<{ name: string; code: string }> }
      ).teams) {
        spellings.push(team.name, team.code);
        assert.equal(men(team.name)?.code, men(team.code)?.code, `${team.name} / ${team.code}`);
      }
    }
    const teams2026 = read('2026/worldcup.teams.json') as Array<Record<string, string | undefined>>;
    const squads = read('2026/worldcup.squads.json') as Array<Record<string, string | undefined>>;
    for (const team of [...teams2026, ...squads]) {
      const forms = [team.name, team.fifa_code, team.name_normalised].filter((s): s is string => !!s);
      spellings.push(...forms);
      assert.equal(new Set(forms.map((s) => men(s)?.code)).size, 1, forms.join(' / '));
    }
    assert.deepEqual(
      spellings.filter((s) => !men(s)),
      [],
    );
  });

  it('resolves every Fjelstul team name and code to the team of that code', (t) => {
    if (!needsData(t, FJELSTUL_TEAMS)) return;
    const [header, ...rows] = fs.readFileSync(FJELSTUL_TEAMS, 'utf8').trim().split('\n');
    const columns = header!.split(',');
    const [name, code] = [columns.indexOf('team_name'), columns.indexOf('team_code')];
    assert.ok(rows.length > 80);
    for (const row of rows) {
      const cells = row.split(',');
      assert.equal(men(cells[name]!)?.code, cells[code], cells[name]);
      assert.equal(men(cells[code]!)?.code, cells[code], cells[code]);
    }
  });
});
