// The one strict decoder every source file goes through (src/ingest/artifacts/text.ts): where the first
// invalid sequence starts, agreeing with TextDecoder's own fatal mode, and the reason given for a file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeUtf8, firstInvalidUtf8 } from '../../../src/ingest/artifacts/text.js';

const fatal = new TextDecoder('utf-8', { fatal: true });

function decodes(bytes: Uint8Array): boolean {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

describe('ingestion: strict UTF-8 decoding', () => {
  it('finds the start of the first invalid sequence', () => {
    const cases: Array<[string, number[], number]> = [
      ['ASCII', [0x41, 0x42], -1],
      ['é € 𝄞', [0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9d, 0x84, 0x9e], -1],
      ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf], -1],
      ['a stray continuation byte', [0x41, 0x80], 1],
      ['an overlong two-byte form', [0x41, 0xc0, 0x80], 1],
      ['an overlong three-byte form', [0xe0, 0x80, 0x80], 0],
      ['an overlong four-byte form', [0xf0, 0x80, 0x80, 0x80], 0],
      ['a surrogate', [0x41, 0x41, 0xed, 0xa0, 0x80], 2],
      ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
      ['a lead byte that never starts a sequence', [0xf5, 0x80, 0x80, 0x80], 0],
      ['a sequence cut short by the end', [0x41, 0xe2, 0x82], 1],
      ['a sequence cut short by ASCII', [0xe2, 0x41, 0x41], 0],
      ['Latin-1 é', [0x41, 0x72, 0x73, 0x65, 0x6e, 0x61, 0x6c, 0xe9], 7],
    ];
    for (const [what, bytes, at] of cases) {
      assert.equal(firstInvalidUtf8(Uint8Array.from(bytes)), at, what);
      assert.equal(decodes(Uint8Array.from(bytes)), at === -1, `${what}: as TextDecoder has it`);
    }
  });

  it('agrees with TextDecoder on random bytes: valid before the offset, invalid from it', () => {
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed >>> 24;
    };
    // Mostly ASCII and well-formed lead/continuation bytes, so that valid runs are long enough to matter.
    const alphabet = [0x41, 0x0a, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xbf, 0xff];
    for (let n = 0; n < 5000; n += 1) {
      const bytes = Uint8Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]!);
      const at = firstInvalidUtf8(bytes);
      assert.equal(at === -1, decodes(bytes), `${Buffer.from(bytes).toString('hex')}`);
      if (at >= 0) assert.ok(decodes(bytes.subarray(0, at)), `${Buffer.from(bytes).toString('hex')} @${at}`);
    }
  });

  it('gives the byte offset and line of a file that is not UTF-8, and drops a byte-order mark', () => {
    const bad = Buffer.concat([
      Buffer.from('name,team\n1,Arsenal '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(' FC\n'),
    ]);
    assert.deepEqual(decodeUtf8(bad), {
      ok: false,
      reason: 'not valid UTF-8: invalid byte sequence (0xff) at byte offset 20, line 2',
    });
    assert.deepEqual(decodeUtf8(Buffer.from('\uFEFF{"name":"Ñandú"}')), {
      ok: true,
      text: '{"name":"Ñandú"}',
    });
  });
});
