import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stableId } from '../../../src/ingest/identity/stable-id.js';

const SHAPE = /^[a-z]+_[0-9abcdefghjkmnpqrstvwxyz]{16}$/;

describe('stableId', () => {
  it('is deterministic', () => {
    assert.equal(
      stableId('team', 'eng:=manchester united fc'),
      stableId('team', 'eng:=manchester united fc'),
    );
  });

  it('never changes for a given key (IDs are public and must survive upgrades)', () => {
    assert.equal(stableId('team', 'eng:=manchester united fc'), 'team_cj3xtyp23c1xbnap');
    assert.equal(stableId('match', 'x'), 'match_b55dzdk72bgan3jp');
  });

  it('is the type prefix plus 16 base-32 characters', () => {
    for (const prefix of ['comp', 'season', 'team', 'match', 'player'] as const) {
      const id = stableId(prefix, 'some key');
      assert.match(id, SHAPE);
      assert.ok(id.startsWith(`${prefix}_`));
      assert.equal(id.length, prefix.length + 1 + 16);
    }
  });

  it('gives different keys different IDs', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2000; i += 1) ids.add(stableId('match', `en.1:2023-24:key-${i}`));
    assert.equal(ids.size, 2000);
    assert.notEqual(stableId('team', 'a'), stableId('team', 'A'));
    assert.notEqual(stableId('team', ''), stableId('team', ' '));
  });

  it('hashes the prefix too: the same key under two types gives unrelated suffixes', () => {
    const a = stableId('comp', 'en.1').split('_')[1];
    const b = stableId('season', 'en.1').split('_')[1];
    assert.notEqual(a, b);
  });
});
