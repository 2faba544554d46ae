import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { competitionProfile } from '../../../src/ingest/openfootball/competition-catalogue.js';
import { isPlaceholderTeam, teamName } from '../../../src/ingest/openfootball/team-names.js';

describe('isPlaceholderTeam', () => {
  it('recognizes names for teams not yet known', () => {
    for (const name of [
      'N.N.',
      'N.N',
      'N. N.',
      'Sieger EF',
      'Verlierer HF 1',
      'Winner QF1',
      'TBD',
      '?',
      ' N.N. ',
    ]) {
      assert.equal(isPlaceholderTeam(name), true, name);
    }
  });

  it('does not flag real clubs, short names included', () => {
    for (const name of [
      'NEC',
      'AZ',
      'PSV',
      'LASK',
      'Newcastle United FC',
      'Sportfreunde Siegen',
      'FC Winterthur',
      'SC Verl',
    ]) {
      assert.equal(isPlaceholderTeam(name), false, name);
    }
  });
});

describe('teamName', () => {
  const cl = competitionProfile('uefa.cl');
  const epl = competitionProfile('en.1');

  it("splits a continental cup's country suffix into the directory scopes, the neighbours' last", () => {
    assert.deepEqual(teamName('Manchester City (ENG)', cl), {
      name: 'Manchester City',
      scopes: ['eng', 'wal'],
    });
    assert.deepEqual(teamName('AS Monaco FC (MCO)', cl), { name: 'AS Monaco FC', scopes: ['mc'] });
    // uefa.cl 2018-19 names the French league's Monaco "AS Monaco (FRA)": found in Monaco's directory.
    assert.deepEqual(teamName('AS Monaco (FRA)', cl), { name: 'AS Monaco', scopes: ['fr', 'mc'] });
    assert.deepEqual(teamName('CA Boca Juniors (ARG)', competitionProfile('copa.l')), {
      name: 'CA Boca Juniors',
      scopes: ['ar'],
    });
  });

  it('keeps the name but has no scope for a code it does not know', () => {
    assert.deepEqual(teamName('Some Club (XYZ)', cl), { name: 'Some Club', scopes: [] });
  });

  it("uses the competition's own country for domestic names, then its neighbours'", () => {
    // Welsh clubs play in the English pyramid, Canadian ones in MLS.
    assert.deepEqual(teamName('Manchester City FC', epl), {
      name: 'Manchester City FC',
      scopes: ['eng', 'wal'],
    });
    assert.deepEqual(teamName('Manchester City (ENG)', epl), {
      name: 'Manchester City (ENG)',
      scopes: ['eng', 'wal'],
    });
    assert.deepEqual(competitionProfile('mls').teamScopes, ['us', 'ca']);
    assert.deepEqual(competitionProfile('sco.1').teamScopes, ['sco']);
    // AS Monaco in Ligue 1, FC Vaduz in the Swiss leagues, FC Andorra in Spain, Wellington in Australia.
    assert.deepEqual(competitionProfile('fr.1').teamScopes, ['fr', 'mc']);
    assert.deepEqual(competitionProfile('ch.2').teamScopes, ['ch', 'li']);
    assert.deepEqual(competitionProfile('es.2').teamScopes, ['es', 'ad']);
    assert.deepEqual(competitionProfile('au.1').teamScopes, ['au', 'nz']);
  });
});
