import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exactNameKey, looseNameKey } from '../../../src/ingest/identity/name-keys.js';

describe('exactNameKey', () => {
  it('ignores case, accents and punctuation', () => {
    assert.equal(exactNameKey('Man. United'), 'man united');
    assert.equal(exactNameKey('man united'), 'man united');
    assert.equal(exactNameKey('Bayern München'), 'bayern munchen');
    assert.equal(exactNameKey("Nott'm Forest"), 'nott m forest');
    assert.equal(exactNameKey('WAC/St. Andrä'), 'wac st andra');
    assert.equal(exactNameKey('Tottenham  Hotspur (ENG)'), 'tottenham hotspur eng');
  });

  it('keeps club words, so "Manchester United" and "Manchester United FC" differ', () => {
    assert.notEqual(exactNameKey('Manchester United'), exactNameKey('Manchester United FC'));
  });
});

describe('looseNameKey', () => {
  it('ignores FC / AFC / CF words', () => {
    assert.equal(looseNameKey('Manchester United FC'), 'manchester united');
    assert.equal(looseNameKey('Manchester United'), 'manchester united');
    assert.equal(looseNameKey('AFC Bournemouth'), 'bournemouth');
    assert.equal(looseNameKey('Valencia CF'), 'valencia');
  });

  it('keeps the words when nothing else would remain', () => {
    assert.equal(looseNameKey('FC'), 'fc');
    assert.equal(looseNameKey('AFC'), 'afc');
  });

  it('does not drop club words that are part of a longer word', () => {
    assert.equal(looseNameKey('FC Fcb'), 'fcb');
  });
});
