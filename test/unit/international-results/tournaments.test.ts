import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { competitionFor } from '../../../src/ingest/international-results/competitions.js';
import { knownTournament, listedTournaments } from '../../../src/ingest/international-results/tournaments.js';
import { TOURNAMENTS, tournamentCompetitionId } from '../../../src/ingest/identity/tournament-identity.js';

describe('international results: tournament names to competitions', () => {
  it('maps the World Cup and its qualification to the codes the World Cup sources use', () => {
    const wc = competitionFor('FIFA World Cup');
    assert.equal(wc.code, TOURNAMENTS.mensWorldCup.code);
    assert.equal(wc.name, TOURNAMENTS.mensWorldCup.name);
    assert.equal(wc.competitionId, tournamentCompetitionId('fifa.wc'));
    assert.deepEqual(
      [wc.type, wc.confederation, wc.country, wc.seasons],
      ['tournament', 'FIFA', null, 'year'],
    );
    const quali = competitionFor('FIFA World Cup qualification');
    assert.deepEqual(
      [quali.code, quali.name, quali.seasons],
      ['fifa.wc.quali', 'FIFA World Cup qualification', 'cycle'],
    );
  });

  it('gives continental championships, their qualifications and the Nations Leagues a type and confederation', () => {
    const rows = [
      'UEFA Euro',
      'UEFA Euro qualification',
      'Copa América',
      'African Cup of Nations',
      'African Cup of Nations qualification',
      'AFC Asian Cup',
      'Gold Cup',
      'Oceania Nations Cup',
      'UEFA Nations League',
      'CONCACAF Nations League',
    ].map((name) => {
      const c = competitionFor(name);
      return [name, c.code, c.name, c.type, c.confederation, c.seasons];
    });
    assert.deepEqual(rows, [
      ['UEFA Euro', 'uefa.euro', 'UEFA European Championship', 'tournament', 'UEFA', 'edition'],
      [
        'UEFA Euro qualification',
        'uefa.euro.quali',
        'UEFA European Championship qualifying',
        'tournament',
        'UEFA',
        'cycle',
      ],
      ['Copa América', 'conmebol.copa', 'Copa América', 'tournament', 'CONMEBOL', 'edition'],
      ['African Cup of Nations', 'caf.afcon', 'Africa Cup of Nations', 'tournament', 'CAF', 'edition'],
      [
        'African Cup of Nations qualification',
        'caf.afcon.quali',
        'Africa Cup of Nations qualification',
        'tournament',
        'CAF',
        'cycle',
      ],
      ['AFC Asian Cup', 'afc.asiancup', 'AFC Asian Cup', 'tournament', 'AFC', 'edition'],
      ['Gold Cup', 'concacaf.gold', 'CONCACAF Gold Cup', 'tournament', 'CONCACAF', 'edition'],
      ['Oceania Nations Cup', 'ofc.nations', 'OFC Nations Cup', 'tournament', 'OFC', 'edition'],
      ['UEFA Nations League', 'uefa.nl', 'UEFA Nations League', 'league', 'UEFA', 'ranges'],
      ['CONCACAF Nations League', 'concacaf.nl', 'CONCACAF Nations League', 'league', 'CONCACAF', 'ranges'],
    ]);
  });

  it('names the host of a tournament one country always hosts, and friendlies are no competition type', () => {
    const kings = competitionFor("King's Cup");
    assert.deepEqual(kings.country, { code: 'TH', name: 'Thailand' });
    assert.equal(kings.confederation, null);
    const friendly = competitionFor('Friendly');
    assert.deepEqual(
      [friendly.code, friendly.name, friendly.type, friendly.seasons],
      ['intl.friendly', 'Friendlies', 'unknown', 'year'],
    );
  });

  it('makes one competition of the names a tournament had (AFF Championship, renamed ASEAN Championship)', () => {
    const aff = competitionFor('AFF Championship');
    const asean = competitionFor('ASEAN Championship');
    assert.equal(aff.competitionId, asean.competitionId);
    assert.equal(aff.name, 'ASEAN Championship');
    assert.equal(competitionFor('AFF Championship qualification').code, 'afc.asean.quali');
    assert.equal(competitionFor('CONIFA World Cup qualification').code, 'conifa.world.quali');
  });

  it('falls back to a competition of its own for a name it does not list', () => {
    const unknown = competitionFor('Grand Atlantis Cup');
    assert.equal(unknown.fallback, true);
    assert.deepEqual(
      [unknown.code, unknown.name, unknown.type, unknown.confederation, unknown.country, unknown.seasons],
      ['intl.other.grand-atlantis-cup', 'Grand Atlantis Cup', 'tournament', null, null, 'edition'],
    );
    assert.equal(competitionFor('FIFA World Cup').fallback, false);
  });

  it('takes an unlisted qualification as the qualification of the competition it names', () => {
    const gulf = competitionFor('Gulf Cup qualification');
    assert.deepEqual(
      [gulf.code, gulf.name, gulf.confederation, gulf.seasons, gulf.fallback],
      ['afc.gulf.quali', 'Arabian Gulf Cup qualification', 'AFC', 'cycle', true],
    );
    const unknown = competitionFor('Grand Atlantis Cup qualification');
    assert.deepEqual([unknown.code, unknown.seasons], ['intl.other.grand-atlantis-cup.quali', 'cycle']);
  });

  it('lists every name once and agrees with itself where two names are one competition', () => {
    const names = listedTournaments();
    assert.equal(names.length, 202);
    const byCode = new Map<string, string>();
    for (const name of names) {
      const t = knownTournament(name)!;
      const shape = JSON.stringify([t.name, t.type, t.confederation, t.country, t.seasons]);
      const seen = byCode.get(t.code);
      assert.ok(seen === undefined || seen === shape, `${name}: ${t.code} is described two ways`);
      byCode.set(t.code, shape);
      if (t.code.endsWith('.quali')) assert.equal(t.seasons, 'cycle', `${name} is a qualification`);
    }
  });
});
