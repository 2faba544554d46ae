// Text no stored record may hold (src/ingest/artifacts/text.ts, docs/feed.md "Text"): a feed record with a
// NUL, another control character or a bidirectional override in any of its text is rejected with the
// field and the character, on both engines alike (PostgreSQL refused the NUL and failed the whole run,
// SQLite stored it); the implicit direction marks right-to-left names carry are stored as given.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { storedTextProblem, textProblem } from '../../../src/ingest/artifacts/text.js';
import { tempDir } from '../../support/sources/fixtures.js';
import { openTestStorage } from '../../support/sources/storage.js';
import { doc, fixture, ingestFeedOk, NORTH, SOUTH, writeDoc } from '../../support/feed.js';

describe('text no stored record may hold', () => {
  it('control characters, bidirectional formatting and lone surrogates are refused, marks are not', () => {
    assert.equal(textProblem('North FC'), null);
    assert.equal(textProblem('الأهلي\u200f'), null, 'a right-to-left mark');
    assert.equal(textProblem('Zwei\u200dteil'), null, 'a joiner');
    assert.equal(textProblem('North\u0000FC'), 'contains U+0000, a control character at character 6');
    assert.equal(textProblem('a\tb'), 'contains U+0009, a control character at character 2');
    assert.equal(textProblem('x\u0085'), 'contains U+0085, a control character at character 2');
    assert.equal(
      textProblem('\u202eCF hturoN'),
      'contains U+202E, a bidirectional formatting character at character 1',
    );
    assert.equal(
      textProblem('a\u2066b'),
      'contains U+2066, a bidirectional formatting character at character 2',
    );
    assert.equal(textProblem('bad\ud800'), 'contains a lone surrogate (U+D800) at character 4');
    assert.equal(textProblem('ok \u{1F600}'), null, 'a surrogate pair is a character');
    assert.equal(
      storedTextProblem({ key: 'n', venue: { city: 'ok' }, aliases: ['a', 'b\u0007'] }),
      'aliases[1] contains U+0007, a control character at character 2',
    );
  });

  describe('in storage', () => {
    const folder = tempDir();
    after(() => folder.cleanup());

    it('a feed record with a NUL or an override is rejected with its reason; the run goes on', async (t) => {
      const storage = await openTestStorage('stored-text.db');
      t.after(() => storage.close());
      const file = writeDoc(
        folder.dir,
        'feed.json',
        doc([fixture('m1'), fixture('m2', { home: 'nul', date: '2025-08-23' })], {
          teams: [
            NORTH,
            SOUTH,
            { key: 'nul', name: 'West\u0000FC' },
            { key: 'rlo', name: '\u202eCF tsaE' },
            { key: 'rtl', name: 'الأهلي\u200f' },
          ],
        }),
      );
      const run = await ingestFeedOk(storage, file);
      const uri = `${path.basename(folder.dir)}/feed.json`;
      const rejections = await storage.db
        .selectFrom('ingestion_rejections')
        .select(['record_ref', 'reason'])
        .where('run_id', '=', run.runId)
        .orderBy('record_ref')
        .execute();
      assert.deepEqual(
        rejections.map((r) => [r.record_ref, r.reason]),
        [
          [
            'matches[1]',
            `home: team "nul" was rejected (${uri} teams[2]: name contains U+0000, a control character at character 5)`,
          ],
          ['teams[2]', 'name contains U+0000, a control character at character 5'],
          ['teams[3]', 'name contains U+202E, a bidirectional formatting character at character 1'],
        ].sort(),
      );
      const names = await storage.db.selectFrom('teams').select('name').orderBy('name').execute();
      assert.deepEqual(
        names.map((n) => n.name),
        ['North FC', 'South FC', 'الأهلي\u200f'].sort(),
      );
      assert.equal((await storage.db.selectFrom('matches').select('id').execute()).length, 1);
    });
  });
});
