import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AliasIndex } from '../../../src/ingest/identity/alias-index.js';
import { stableId } from '../../../src/ingest/identity/stable-id.js';
import { TeamResolver, UNSCOPED, storedAliasKey } from '../../../src/ingest/identity/team-resolver.js';

const reference = new AliasIndex([
  { scope: 'eng', canonical: 'Manchester United FC', aliases: ['Man Utd', 'Man. United'] },
  { scope: 'ca', canonical: 'CF Montréal', aliases: ['Montreal Impact'] },
]);
const none = new Map<string, string>();

describe('TeamResolver', () => {
  it('prefers an alias already stored over the reference directory', () => {
    const stored = new Map([[storedAliasKey('eng', 'man utd'), 'team_approved']]);
    const r = new TeamResolver(reference, stored).resolve('Man Utd', ['eng']);
    assert.deepEqual(r, {
      teamId: 'team_approved',
      scope: 'eng',
      aliasKey: 'man utd',
      via: 'stored-alias',
      canonical: 'Manchester United FC',
    });
    const unknown = new Map([[storedAliasKey('eng', 'burnley'), 'team_burnley']]);
    assert.deepEqual(new TeamResolver(reference, unknown).resolve('Burnley', ['eng']), {
      teamId: 'team_burnley',
      scope: 'eng',
      aliasKey: 'burnley',
      via: 'stored-alias',
    });
  });

  it('derives the ID from the reference canonical name, whatever spelling was seen', () => {
    const resolver = new TeamResolver(reference, none);
    const a = resolver.resolve('Man Utd', ['eng']);
    const b = resolver.resolve('Manchester United FC', ['eng']);
    assert.equal(a.via, 'reference');
    assert.equal(a.canonical, 'Manchester United FC');
    assert.equal(a.teamId, stableId('team', 'eng:=manchester united fc'));
    assert.equal(b.teamId, a.teamId);
    assert.equal(a.aliasKey, 'man utd');
  });

  it('keeps the old ID when the canonical name is already stored under it', () => {
    const stored = new Map([[storedAliasKey('eng', 'manchester united fc'), 'team_older']]);
    const r = new TeamResolver(reference, stored).resolve('Man. United', ['eng']);
    assert.equal(r.via, 'reference');
    assert.equal(r.teamId, 'team_older');
  });

  it('keeps the old ID when any other spelling of the club is already stored under it', () => {
    // A team first stored from a name-only lookup ("Man Utd") must not split when the directory appears.
    const stored = new Map([[storedAliasKey('eng', 'man utd'), 'team_name_only']]);
    const r = new TeamResolver(reference, stored).resolve('Man. United', ['eng']);
    assert.equal(r.via, 'reference');
    assert.equal(r.teamId, 'team_name_only');
  });

  it('falls back to the name itself when nothing knows it', () => {
    const r = new TeamResolver(reference, none).resolve('Burnley FC', ['eng']);
    assert.equal(r.via, 'name');
    assert.equal(r.canonical, undefined);
    assert.equal(r.teamId, stableId('team', 'eng:~burnley'));
    assert.equal(new TeamResolver(reference, none).resolve('Burnley', ['eng']).teamId, r.teamId);
  });

  it('resolves "Manchester United" and "Manchester United FC" to one ID, with or without the directory', () => {
    for (const index of [reference, new AliasIndex([])]) {
      const resolver = new TeamResolver(index, none);
      assert.equal(
        resolver.resolve('Manchester United', ['eng']).teamId,
        resolver.resolve('Manchester United FC', ['eng']).teamId,
      );
    }
  });

  it('scopes names: the same spelling in two countries gives two teams', () => {
    const resolver = new TeamResolver(reference, none);
    assert.notEqual(resolver.resolve('Arsenal', ['eng']).teamId, resolver.resolve('Arsenal', ['ua']).teamId);
  });

  it('searches the scopes in order and names unknown teams under the first', () => {
    const resolver = new TeamResolver(reference, none);
    const montreal = resolver.resolve('Montreal Impact', ['us', 'ca']);
    assert.equal(montreal.scope, 'ca');
    assert.equal(montreal.teamId, stableId('team', 'ca:=cf montreal'));
    const unknown = resolver.resolve('Austin FC', ['us', 'ca']);
    assert.equal(unknown.scope, 'us');
    assert.equal(unknown.via, 'name');
  });

  it('uses a placeholder scope when the country is unknown', () => {
    const r = new TeamResolver(reference, none).resolve('Al Ahly SC', []);
    assert.equal(r.scope, UNSCOPED);
    assert.equal(r.teamId, stableId('team', `${UNSCOPED}:~al ahly sc`));
  });

  it('derives the ID from the key the directory sets for a club that was once two teams', () => {
    const merged = new AliasIndex([
      { scope: 'es', canonical: 'RC Celta Vigo', aliases: ['R.C. Celta', 'RC Celta de Vigo'] },
      { scope: 'es', canonical: 'RC Celta Vigo', aliases: [], idKey: 'es:~rc celta' },
    ]);
    const resolver = new TeamResolver(merged, none);
    const older = resolver.resolve('RC Celta', ['es']);
    const newer = resolver.resolve('RC Celta de Vigo', ['es']);
    assert.equal(older.via, 'reference');
    assert.equal(older.teamId, stableId('team', 'es:~rc celta'));
    assert.equal(older.teamId, 'team_fd4g9z514d6agzhf');
    assert.equal(newer.teamId, older.teamId);
  });

  it("lists the directory's own spellings of the club a name resolved to, for the alias table", () => {
    const resolver = new TeamResolver(reference, none);
    assert.deepEqual(resolver.directorySpellings(resolver.resolve('Man Utd', ['eng'])), [
      'Manchester United FC',
      'Man Utd',
      'Man. United',
    ]);
    assert.deepEqual(resolver.directorySpellings(resolver.resolve('Burnley', ['eng'])), []);
    // Also when the name was already stored: an existing database gains the spellings.
    const stored = new Map([[storedAliasKey('eng', 'man utd'), 'team_approved']]);
    const again = new TeamResolver(reference, stored);
    assert.equal(again.directorySpellings(again.resolve('Man Utd', ['eng'])).length, 3);
  });
});
