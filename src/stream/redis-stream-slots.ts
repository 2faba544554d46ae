import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MemoryStreamSlots, once, type ReleaseSlot, type StreamSlots } from './stream-slots.js';

/**
 * How long a slot stays taken in Redis without being renewed: the bound on how long the streams of an
 * instance that died (or lost Redis) still count against their keys.
 */
export const SLOT_TTL_MS = 60_000;
/** Each instance renews the slots of its open streams this often, well within their lifetime. */
const RENEW_MS = 20_000;

// A key's slots are a sorted set of stream IDs scored by when they lapse: lapsed ones are dropped, then
// the slot is taken when fewer than the limit are left. One atomic step, whatever the instances.
const ACQUIRE = `
local key, now, limit, member, lapses = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
if redis.call('ZCARD', key) >= limit then return 0 end
redis.call('ZADD', key, lapses, member)
redis.call('PEXPIRE', key, ${SLOT_TTL_MS})
return 1
`;

const keyOf = (keyId: string) => `touchline:streams:${keyId}`;

/**
 * Slots shared by every instance through Redis, so a key's limit holds across them. Each slot lapses
 * unless renewed, so an instance that dies frees its keys' slots within SLOT_TTL_MS. While Redis cannot
 * be reached, slots are counted in this process (the limit then holds per process), and those go back
 * there when released.
 */
export class RedisStreamSlots implements StreamSlots {
  private readonly held = new Map<string, string>();
  private readonly fallback = new MemoryStreamSlots();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    redis.defineCommand('touchlineStreamSlot', { numberOfKeys: 1, lua: ACQUIRE });
    this.timer = setInterval(() => this.renew(), RENEW_MS);
    this.timer.unref();
  }

  async acquire(keyId: string, limit: number): Promise<ReleaseSlot | undefined> {
    const member = randomUUID();
    const now = Date.now();
    let taken: number;
    try {
      const redis = this.redis as Redis & { touchlineStreamSlot: (...args: unknown[]) => Promise<number> };
      taken = Number(await redis.touchlineStreamSlot(keyOf(keyId), now, limit, member, now + SLOT_TTL_MS));
    } catch (error) {
      this.onError(error);
      return this.fallback.acquire(keyId, limit);
    }
    if (taken !== 1) return undefined;
    this.held.set(member, keyId);
    return once(() => {
      this.held.delete(member);
      this.redis.zrem(keyOf(keyId), member).catch(this.onError);
    });
  }

  /** Pushes back the lapse of every slot this process holds: one round trip for all of them. */
  private renew(): void {
    if (this.held.size === 0) return;
    const lapses = Date.now() + SLOT_TTL_MS;
    const pipeline = this.redis.pipeline();
    for (const [member, keyId] of this.held) {
      // Not XX: a slot that lapsed meanwhile (Redis away for a minute) is taken again, as it is in use.
      pipeline.zadd(keyOf(keyId), lapses, member);
      pipeline.pexpire(keyOf(keyId), SLOT_TTL_MS);
    }
    pipeline.exec().catch(this.onError);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
  }
}
