// Cached reads' unhappy side over a real socket: once a key's limit is used up, a URL the worker holds
// or reads from its database is still refused with 429 and Retry-After, and the refusals count nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Plan } from '../../src/config/plans.js';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';

const N = 3;
const PLANS: Plan[] = [{ name: 'tiny', requestsPerMinute: N, requestsPerPeriod: 1000, description: '' }];

test('a used-up key gets 429 on a cached URL and on a match list page; an unknown plan 403', async (t) => {
  const built = await buildTestApp(t);
  const { app } = await appOnStorage(built.storage, { plans: PLANS });
  t.after(() => app.close());
  const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
  const issue = async (plan: string) => {
    const { key, row } = issueApiKey('development', plan, new Date(), undefined, { plan });
    await insertApiKey(built.storage.db, row);
    return { authorization: `Bearer ${key}` };
  };

  for (const url of [
    `${base}/coverage/summary`,
    `${base}/football/matches?team_id=${built.ids.teams.arsenal}`,
  ]) {
    const tiny = await issue('tiny');
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < N + 2; i += 1) {
      last = await fetch(url, { headers: tiny });
      statuses.push(last.status);
      await last.arrayBuffer();
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429], url);
    assert.ok(Number(last!.headers.get('retry-after')) >= 1);
    assert.equal(last!.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(last!.headers.get('x-quota-remaining'), String(1000 - N));
  }

  // A plan the server does not offer (the key's row names one): the full path refuses, 403.
  const gone = await fetch(`${base}/coverage/summary`, { headers: await issue('retired') });
  assert.equal(gone.status, 403);
  assert.equal(((await gone.json()) as { error: { code: string } }).error.code, 'subscription_inactive');
});
