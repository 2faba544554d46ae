import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AliasIndex, type ReferenceClub } from '../../../src/ingest/identity/alias-index.js';

const ENGLAND: ReferenceClub[] = [
  {
    scope: 'eng',
    canonical: 'Manchester United FC',
    aliases: ['Man Utd', 'Man. United', 'Manchester United'],
  },
  { scope: 'eng', canonical: 'Manchester City FC', aliases: ['Man City', 'Manchester City'] },
  // Both clubs are known as "United" somewhere: the spelling is ambiguous and must be dropped.
  { scope: 'eng', canonical: 'Newcastle United FC', aliases: ['Newcastle', 'United'] },
  { scope: 'eng', canonical: 'West Ham United FC', aliases: ['West Ham', 'United'] },
  // As in eng.clubs.txt: "Wimbledon" is an alias of Wimbledon FC, while AFC Wimbledon shares its loose key.
  { scope: 'eng', canonical: 'Wimbledon FC', aliases: ['Wimbledon'] },
  { scope: 'eng', canonical: 'AFC Wimbledon', aliases: [] },
];

describe('AliasIndex', () => {
  const index = new AliasIndex(ENGLAND);

  it('maps the canonical name and every alias to the canonical name', () => {
    assert.equal(index.lookup('Manchester United FC', 'eng'), 'Manchester United FC');
    assert.equal(index.lookup('Man Utd', 'eng'), 'Manchester United FC');
    assert.equal(index.lookup('man. united', 'eng'), 'Manchester United FC');
    assert.equal(index.lookup('Man City', 'eng'), 'Manchester City FC');
  });

  it('falls back to the loose key (club words ignored)', () => {
    assert.equal(index.lookup('Manchester City AFC', 'eng'), 'Manchester City FC');
    assert.equal(index.lookup('FC Newcastle', 'eng'), 'Newcastle United FC');
  });

  it('drops a spelling that two clubs share instead of guessing', () => {
    assert.equal(index.lookup('United', 'eng'), undefined);
    assert.equal(index.lookup('United FC', 'eng'), undefined);
  });

  it('tries the exact spelling before the loose key', () => {
    // Loose key "wimbledon" is shared by Wimbledon FC and AFC Wimbledon, so it is ambiguous...
    assert.equal(index.lookup('Wimbledon AFC', 'eng'), undefined);
    // ...but the exact spellings still resolve.
    assert.equal(index.lookup('Wimbledon', 'eng'), 'Wimbledon FC');
    assert.equal(index.lookup('AFC Wimbledon', 'eng'), 'AFC Wimbledon');
    assert.equal(index.lookup('Wimbledon FC', 'eng'), 'Wimbledon FC');
  });

  it('keeps scopes apart', () => {
    assert.equal(index.lookup('Man Utd', 'sco'), undefined);
    const two = new AliasIndex([
      { scope: 'eng', canonical: 'Arsenal FC', aliases: ['Arsenal'] },
      { scope: 'ua', canonical: 'Arsenal Kyiv', aliases: ['Arsenal'] },
    ]);
    assert.equal(two.lookup('Arsenal', 'eng'), 'Arsenal FC');
    assert.equal(two.lookup('Arsenal', 'ua'), 'Arsenal Kyiv');
  });

  it('does not treat a club repeating its own spelling as ambiguous', () => {
    const index2 = new AliasIndex([
      { scope: 'eng', canonical: 'Chelsea FC', aliases: ['Chelsea', 'CHELSEA', 'Chelsea FC'] },
    ]);
    assert.equal(index2.lookup('chelsea', 'eng'), 'Chelsea FC');
  });

  it('returns undefined for unknown names and counts its exact spellings', () => {
    assert.equal(index.lookup('Burnley FC', 'eng'), undefined);
    assert.equal(new AliasIndex([]).size, 0);
    assert.ok(index.size >= 10);
  });

  it('matches dotted initials written as one word ("RC Celta" is the directory\'s "R.C. Celta")', () => {
    const spain = new AliasIndex([
      { scope: 'es', canonical: 'RC Celta Vigo', aliases: ['Celta', 'R.C. Celta', 'RC Celta de Vigo'] },
    ]);
    assert.equal(spain.lookup('RC Celta', 'es'), 'RC Celta Vigo');
    assert.equal(spain.lookup('R. C. Celta de Vigo', 'es'), 'RC Celta Vigo');
  });

  it("lists a club's own spellings, one per key, without those another club shares", () => {
    assert.deepEqual(index.ownSpellingsOf('Newcastle United FC', 'eng'), [
      'Newcastle United FC',
      'Newcastle',
    ]);
    assert.deepEqual(index.ownSpellingsOf('Manchester United FC', 'eng'), [
      'Manchester United FC',
      'Man Utd',
      'Man. United',
      'Manchester United',
    ]);
    assert.deepEqual(index.ownSpellingsOf('Burnley FC', 'eng'), []);
  });

  it('merges entries of one club (the project adds to the directory), the first ID key winning', () => {
    const merged = new AliasIndex([
      { scope: 'mc', canonical: 'AS Monaco', aliases: [], idKey: 'fr:~as monaco' },
      { scope: 'mc', canonical: 'AS Monaco', aliases: ['AS Monaco FC', 'Monaco'] },
    ]);
    assert.equal(merged.lookup('AS Monaco FC', 'mc'), 'AS Monaco');
    assert.equal(merged.idKey('AS Monaco', 'mc'), 'fr:~as monaco');
    assert.equal(merged.idKey('AS Monaco', 'fr'), undefined);
    assert.deepEqual(merged.ownSpellingsOf('AS Monaco', 'mc'), ['AS Monaco', 'AS Monaco FC', 'Monaco']);
  });
});
