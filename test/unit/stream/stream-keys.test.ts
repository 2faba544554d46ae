// The key checks of open streams, in mocked time: a credential judged refused ends all its streams at the
// next check, each told why; a valid one, or a check that fails, ends nothing; one judgement per credential.
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import type { Identified, Refused } from '../../../src/auth/admission.js';
import { KEY_TRUST_MS } from '../../../src/auth/key-directory.js';
import { StreamKeys, type KeyCheck } from '../../../src/api/stream/stream-keys.js';

const VALID = { kind: 'identified' } as Identified;

/** A stream that records the data of its last event. */
function stream() {
  const told: string[] = [];
  return { told, refuse: (data: string) => void told.push(data) };
}

/** A credential whose verdict the test sets, counting its checks. */
function credential(verdict: () => Identified | Refused | Error) {
  const counted = { checks: 0 };
  const check: KeyCheck = async () => {
    counted.checks += 1;
    const found = verdict();
    if (found instanceof Error) throw found;
    return found;
  };
  return Object.assign(counted, { check });
}

/** Lets the checks started by a tick settle (their promises, not timers). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a refused key ends its streams at the next check, with the envelope its requests get', async (t) => {
  mock.timers.enable({ apis: ['setInterval'] });
  t.after(() => mock.timers.reset());
  const keys = new StreamKeys();
  t.after(() => keys.close());
  let revoked = false;
  const a = credential(() => (revoked ? ({ kind: 'refused', refusal: 'revoked' } as Refused) : VALID));
  const failing = credential(() => new Error('the database cannot be reached'));
  const inactive = credential(() => ({ kind: 'refused', refusal: 'inactive' }) as Refused);
  const [a1, a2, b, c] = [stream(), stream(), stream(), stream()];
  keys.watch('a', a.check, a1);
  keys.watch('a', a.check, a2);
  keys.watch('b', failing.check, b);
  const unwatch = keys.watch('c', inactive.check, c);
  unwatch();

  mock.timers.tick(KEY_TRUST_MS);
  await settle();
  assert.equal(a.checks, 1, 'one check per credential, whatever its streams');
  assert.equal(failing.checks, 1);
  assert.equal(inactive.checks, 0, 'a stream no longer watched is not judged');
  assert.deepEqual([a1.told, a2.told, b.told], [[], [], []], 'valid, or not known: nothing ends');

  revoked = true;
  mock.timers.tick(KEY_TRUST_MS - 1);
  await settle();
  assert.deepEqual(a1.told, [], 'not before the next check');
  mock.timers.tick(1);
  await settle();
  const envelope = {
    error: {
      code: 'invalid_api_key',
      message: 'The API key has been revoked.',
      details: { reason: 'revoked' },
    },
  };
  assert.deepEqual(
    a1.told.map((data) => JSON.parse(data)),
    [envelope],
  );
  assert.deepEqual(
    a2.told.map((data) => JSON.parse(data)),
    [envelope],
  );
  assert.deepEqual(b.told, [], 'a check that fails ends nothing');
  assert.equal(keys.size, 1, 'the ended streams are no longer watched');

  mock.timers.tick(KEY_TRUST_MS);
  await settle();
  assert.equal(a.checks, 2, 'an ended credential is not judged again');
  assert.equal(failing.checks, 3, 'a failed one is, at each check');
});
