// A key revoked, expired or deactivated while its streams are open ends them, whether they were opened
// with the key or with a stream token, within a second, each told why in a last event; the streams of
// other keys go on; the key's next stream is refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { notifyLiveEvents } from '../../../src/stream/live-notify.js';
import { buildTestApp } from '../../support/build-app.js';
import { openStream, type OpenedStream } from '../../support/stream/sse-client.js';
import { appendUpdate, streamApp } from '../../support/stream/stream-app.js';

/** How soon a key's change must end its streams (issue 38): requests see it within 250 ms. */
const BOUND_MS = 1000;

test('a key revoked, expired or deactivated ends its open streams within a second, saying why', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids } = built;
  const { base } = await streamApp(t, storage);
  const origin = base.replace(/\/api\/v1$/, '');
  const url = `${base}/football/live/stream`;
  const match = ids.matches.scheduled;
  const newKey = async (name: string) => {
    const issued = issueApiKey('development', name, new Date());
    await insertApiKey(storage.db, issued.row);
    return { id: issued.row.id, auth: { authorization: `Bearer ${issued.key}` } };
  };
  const byToken = async (auth: Record<string, string>) => {
    const res = await fetch(`${base}/football/live/stream-tokens?match_id=${match}`, {
      method: 'POST',
      headers: auth,
    });
    const { data } = (await res.json()) as { data: { stream_url: string } };
    return openStream(`${origin}${data.stream_url}`);
  };
  const revoked = await newKey('to revoke');
  const expired = await newKey('to expire');
  const inactive = await newKey('to deactivate');
  const ending: Record<string, OpenedStream> = {
    'revoked, with the key': await openStream(url, revoked.auth),
    'revoked, with a token': await byToken(revoked.auth),
    'expired, with the key': await openStream(`${url}?match_id=${match}`, expired.auth),
    'deactivated, with a token': await byToken(inactive.auth),
  };
  const other = await openStream(`${url}?match_id=${match}`, built.auth());
  t.after(() => [...Object.values(ending), other].forEach((stream) => stream.close()));
  for (const [what, stream] of Object.entries(ending))
    assert.equal(stream.status, 200, `${what}: ${stream.body}`);

  const changed = Date.now();
  await storage.db
    .updateTable('api_keys')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', revoked.id)
    .execute();
  await storage.db
    .updateTable('api_keys')
    .set({ expires_at: new Date().toISOString() })
    .where('id', '=', expired.id)
    .execute();
  await storage.db
    .updateTable('api_keys')
    .set({ subscription_active: 0 })
    .where('id', '=', inactive.id)
    .execute();
  const reasons: Record<string, string> = {};
  for (const [what, stream] of Object.entries(ending)) {
    await stream.until(() => stream.ended, BOUND_MS + 500, `${what}: ended`);
    const took = Date.now() - changed;
    assert.ok(took < BOUND_MS, `${what}: ended ${took} ms after the change`);
    const last = stream.events.at(-1);
    assert.equal(last?.event, 'end', `${what}: a last event says why`);
    assert.equal(last?.id, undefined, `${what}: no event ID, so Last-Event-ID stays the last update`);
    const { error } = JSON.parse(last!.data) as { error: { code: string; details: { reason: string } } };
    reasons[what] = `${error.code} ${error.details.reason}`;
  }
  assert.deepEqual(reasons, {
    'revoked, with the key': 'invalid_api_key revoked',
    'revoked, with a token': 'invalid_api_key revoked',
    'expired, with the key': 'invalid_api_key expired',
    'deactivated, with a token': 'subscription_inactive inactive',
  });

  // Another key's stream goes on; the revoked key opens nothing more.
  assert.equal(other.ended, false);
  const seq = await appendUpdate(storage, match, ids.competitions.en1);
  notifyLiveEvents();
  await other.until(() => other.events.some((e) => e.id === String(seq)), 3000, 'the next update');
  const again = await openStream(url, revoked.auth);
  assert.equal(again.status, 401, again.body);
});
