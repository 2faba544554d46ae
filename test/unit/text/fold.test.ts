import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldText, nameKeyText, slugify } from '../../../src/text/fold.js';

describe('foldText', () => {
  it('drops accents and case, so a search for "munchen" finds München', () => {
    assert.equal(foldText('FC Bayern München'), 'fc bayern munchen');
    assert.ok(foldText('FC Bayern München').includes(foldText('MUNCHEN')));
    assert.equal(foldText('Atlético Madrid'), 'atletico madrid');
    assert.equal(foldText('İstanbul Başakşehir'), 'istanbul basaksehir');
  });

  it('spells out letters that have no decomposition', () => {
    assert.equal(foldText('Säbener Straße'), 'sabener strasse');
    assert.equal(foldText('Brøndby IF'), 'brondby if');
    assert.equal(foldText('Łódź'), 'lodz');
    assert.equal(foldText('Þór Akureyri'), 'thor akureyri');
  });

  it('collapses and trims whitespace', () => {
    assert.equal(foldText('  Manchester \t United  FC '), 'manchester united fc');
  });

  it('is idempotent', () => {
    const once = foldText('Deportivo Alavés');
    assert.equal(foldText(once), once);
  });
});

describe('nameKeyText', () => {
  it('folds and drops punctuation, so a spelling is found with or without it', () => {
    assert.equal(nameKeyText("Côte d'Ivoire"), 'cote d ivoire');
    assert.equal(nameKeyText('Côte d’Ivoire'), 'cote d ivoire');
    assert.equal(nameKeyText('cote d ivoire'), 'cote d ivoire');
    assert.equal(nameKeyText("Nott'm Forest"), 'nott m forest');
    assert.equal(nameKeyText('Man. United'), 'man united');
    assert.equal(nameKeyText('Bosnia-Herzegovina (BIH)'), 'bosnia herzegovina bih');
  });

  it('keeps what is not punctuation, and is empty for punctuation alone', () => {
    assert.equal(nameKeyText('Brighton & Hove Albion'), 'brighton & hove albion');
    assert.equal(nameKeyText("'."), '');
    assert.equal(nameKeyText(nameKeyText("Nott'm")), nameKeyText("Nott'm"));
  });
});

describe('slugify', () => {
  it('makes URL-friendly names', () => {
    assert.equal(slugify('Bayern München'), 'bayern-munchen');
    assert.equal(slugify('Brighton & Hove Albion FC'), 'brighton-and-hove-albion-fc');
    assert.equal(slugify('WAC/St. Andrä'), 'wac-st-andra');
    assert.equal(slugify("Nott'm Forest"), 'nott-m-forest');
  });

  it('never starts or ends with a dash', () => {
    assert.equal(slugify(' (1. FC Köln) '), '1-fc-koln');
  });
});
