// The shared response cache at 127.0.0.1:6379: what it stores is text, whichever form it was offered.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { MemoryResponseCache } from '../../../src/cache/response-cache.js';
import { RedisResponseCache } from '../../../src/cache/redis-response-cache.js';
import { readyRedis, Scope } from '../../support/limits/limits-env.js';

test('an answer this process holds as bytes is stored in Redis as its text, and read back so', async (t) => {
  const scope = new Scope(t);
  const redis = await readyRedis(scope);
  const shared = new RedisResponseCache(redis, 60);
  const local = new MemoryResponseCache(10, 1 << 20);
  const key = `1 /teams/${randomUUID()}`;
  scope.defer(() => redis.del(`touchline:response:${key}`));
  const text = { before: '{"data":{"name":"Łódź"},"meta":{"request_id":', after: '}}', etag: 'W/"1-x"' };
  await local.set(key, text);
  const held = local.peek(key)!;
  assert.ok(Buffer.isBuffer(held.before), 'held as bytes');
  await shared.set(key, held);
  assert.deepEqual(await shared.get(key), text);
});
