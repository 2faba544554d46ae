import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exactNameKey, looseNameKey, matchNameKey } from '../../../src/ingest/identity/name-keys.js';

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

describe('matchNameKey', () => {
  it('writes dotted initials as one word, so "R.C. Celta" is "RC Celta"', () => {
    assert.equal(matchNameKey('R.C. Celta'), 'rc celta');
    assert.equal(matchNameKey('RC Celta'), 'rc celta');
    assert.equal(matchNameKey('L.R. Vicenza Virtus'), matchNameKey('LR Vicenza Virtus'));
    assert.equal(matchNameKey('R. C. Celta de Vigo'), 'rc celta de vigo');
    assert.equal(matchNameKey('D.C. United'), 'dc united');
    assert.equal(matchNameKey('A.F.C. Bournemouth'), 'bournemouth');
  });

  it('leaves abbreviations that are not single initials alone, and ignores club words', () => {
    assert.equal(matchNameKey('St. Pauli'), 'st pauli');
    assert.equal(matchNameKey('Wr. Neustadt'), 'wr neustadt');
    assert.equal(matchNameKey('1. FC Köln'), '1 koln');
    assert.equal(matchNameKey('K. Beerschot V.A.'), 'k beerschot va');
    assert.equal(matchNameKey('Manchester United FC'), looseNameKey('Manchester United'));
  });

  it('does not change the keys aliases and IDs are stored under', () => {
    assert.equal(exactNameKey('D.C. United'), 'd c united');
    assert.equal(looseNameKey('L.R. Vicenza Virtus'), 'l r vicenza virtus');
  });
});
