import { WINDOW_MS } from './limit-store.js';

/** What one key was admitted by the fallback store while Redis was away. */
export interface KeyAdmissions {
  /** When each request was admitted, oldest first; only the last minute matters to the rate window. */
  times: number[];
  /** Requests admitted per Redis quota counter (one per billing period met during the outage). */
  quota: Map<string, number>;
}

/**
 * The requests a process admitted on its own counters while Redis was unreachable, per key, until they
 * are added to Redis. Without this, Redis would not know of them when it returns: every flap of the
 * connection would give a key a fresh minute and leave its quota count short.
 *
 * Bounded: times older than a minute are dropped as new ones come, and the fallback admits at most the
 * plan's per-minute limit in any minute, so a key holds at most that many.
 */
export class FallbackAdmissions {
  private readonly keys = new Map<string, KeyAdmissions>();

  /** A request admitted at `now`, counted against `quotaCounter` unless null (a window-only request). */
  record(keyId: string, quotaCounter: string | null, now: number): void {
    let admissions = this.keys.get(keyId);
    if (!admissions) {
      admissions = { times: [], quota: new Map() };
      this.keys.set(keyId, admissions);
    }
    const cutoff = now - WINDOW_MS;
    let stale = 0;
    while (stale < admissions.times.length && admissions.times[stale]! <= cutoff) stale += 1;
    if (stale > 0) admissions.times.splice(0, stale);
    admissions.times.push(now);
    if (quotaCounter !== null)
      admissions.quota.set(quotaCounter, (admissions.quota.get(quotaCounter) ?? 0) + 1);
  }

  has(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** Hands over a key's admissions, to be added to Redis; `restore` gives them back if that fails. */
  take(keyId: string): KeyAdmissions | undefined {
    const admissions = this.keys.get(keyId);
    this.keys.delete(keyId);
    return admissions;
  }

  /** Puts back admissions that could not be added to Redis, with any recorded meanwhile. */
  restore(keyId: string, admissions: KeyAdmissions): void {
    const meanwhile = this.keys.get(keyId);
    if (meanwhile) {
      admissions.times.push(...meanwhile.times);
      admissions.times.sort((a, b) => a - b);
      for (const [counter, count] of meanwhile.quota) {
        admissions.quota.set(counter, (admissions.quota.get(counter) ?? 0) + count);
      }
    }
    this.keys.set(keyId, admissions);
  }
}
