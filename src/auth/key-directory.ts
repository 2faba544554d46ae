import { OldestFirst } from '../cache/oldest-first.js';
import { isPromise, then, type Maybe } from '../storage/maybe.js';
import { asPresented, hashApiKey, type PresentedKey } from './api-keys.js';
import type { ApiKeyRow } from '../storage/repositories/api-key.repository.js';

/**
 * How long a key found in the database is trusted without asking again: the bound on how long a key
 * revoked, expired by hand, deactivated, moved to another plan or rotated by another process
 * (`touchline keys ...`) can still be used as it was.
 */
export const KEY_TRUST_MS = 250;
/** Keys are few; the bounds only guard against floods of distinct keys, valid or not. */
const MAX_KNOWN = 10_000;
const MAX_UNKNOWN = 50_000;

interface Known {
  row: PresentedKey;
  until: number;
  refreshing: boolean;
}

/** How the directory reaches the stored keys. */
export interface KeyStore {
  /**
   * The key whose secret, or previous secret within or past a rotation's grace, has this SHA-256: at once
   * where the database is in process, a promise where it is a server.
   */
  find(keyHash: string): Maybe<ApiKeyRow | undefined>;
  /** A figure that changes whenever a key is created (the number of keys). */
  version(): Promise<number>;
}

/** Whether `row` is what asPresented would make of `stored` presented with `keyHash`. */
function sameKey(row: PresentedKey, stored: ApiKeyRow, keyHash: string): boolean {
  if ((row.previous_secret === true) !== (stored.key_hash !== keyHash)) return false;
  for (const column in stored) {
    if (row[column as keyof ApiKeyRow] !== stored[column as keyof ApiKeyRow]) return false;
  }
  return true;
}

/**
 * The API keys presented to this process, remembered by the token presented: a known key for
 * KEY_TRUST_MS, an unknown one until a key is created (a new key is the only way an unknown token can
 * become valid, since keys are never deleted: revoking keeps the row; a rotation's new secret is as
 * random as a new key's, so no one can have presented it before). A hit costs neither the hash nor the
 * database, so a flood of made-up keys costs one query per distinct key, not one per request.
 */
export class KeyDirectory {
  private readonly known = new Map<string, Known>();
  private readonly unknown = new Set<string>();
  private readonly oldestUnknown = new OldestFirst(this.unknown);
  /** Lookups on their way, by token: requests presenting a token at once share its one query. */
  private readonly pending = new Map<string, Promise<PresentedKey | null>>();
  /** Whether the store's lookups wait (a database server): known keys are then refreshed ahead. */
  private waits = false;
  private keysVersion: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly store: KeyStore) {}

  /**
   * The key for `token`: its row, or null when there is none; at once when it is remembered or the store
   * answers at once (SQLite), else a promise of it.
   */
  find(token: string, now: number): Maybe<PresentedKey | null> {
    const hit = this.known.get(token);
    if (hit && now < hit.until) {
      if (this.waits && now > hit.until - KEY_TRUST_MS / 2) this.refreshAhead(token, hit);
      return hit.row;
    }
    if (this.unknown.has(token)) return null;
    const pending = this.pending.get(token);
    if (pending) return pending;
    const keyHash = hashApiKey(token);
    const stored = this.store.find(keyHash);
    if (!isPromise(stored)) return this.remember(token, keyHash, stored, now);
    this.waits = true;
    // Bounded by the tokens presented at once, each removed as its lookup settles.
    const found = then(stored, (row) =>
      this.remember(token, keyHash, row, now),
    ) as Promise<PresentedKey | null>;
    this.pending.set(token, found);
    const settled = () => this.pending.delete(token);
    found.then(settled, settled);
    return found;
  }

  /**
   * Where a lookup means waiting (a database server), a key in use is looked up again in the background
   * in the second half of its trust, so that a busy key never waits for one and a change still applies
   * within KEY_TRUST_MS and a lookup.
   */
  private refreshAhead(token: string, hit: Known): void {
    if (hit.refreshing) return;
    hit.refreshing = true;
    const keyHash = hashApiKey(token);
    Promise.resolve(this.store.find(keyHash)).then(
      (row) => this.remember(token, keyHash, row, Date.now()),
      () => (hit.refreshing = false),
    );
  }

  private remember(
    token: string,
    keyHash: string,
    stored: ApiKeyRow | undefined,
    now: number,
  ): PresentedKey | null {
    if (stored) {
      const hit = this.known.get(token);
      // A key read again unchanged keeps its entry and row: what a busy key reads every KEY_TRUST_MS then
      // dies young, instead of replacing, each time, objects that have reached V8's old generation, whose
      // collections pause the process (those rows were a sixth of what a worker promoted under load).
      if (hit && sameKey(hit.row, stored, keyHash)) {
        hit.until = now + KEY_TRUST_MS;
        hit.refreshing = false;
        return hit.row;
      }
      const row = asPresented(stored, keyHash);
      if (this.known.size >= MAX_KNOWN) this.known.clear();
      this.known.set(token, { row, until: now + KEY_TRUST_MS, refreshing: false });
      return row;
    }
    this.known.delete(token);
    // Until the number of keys is known, a key created meanwhile could not be told from no change.
    if (this.keysVersion === undefined) return null;
    // Oldest first: a flood pushes out the tokens it sent first.
    if (this.unknown.size >= MAX_UNKNOWN) this.unknown.delete(this.oldestUnknown.next()!);
    this.unknown.add(token);
    return null;
  }

  /** Forgets the unknown tokens once the number of keys changes (a key was created, here or elsewhere). */
  async refresh(): Promise<void> {
    const version = await this.store.version();
    if (version !== this.keysVersion) this.unknown.clear();
    this.keysVersion = version;
  }

  /** Checks for new keys every `pollMs`: the bound on how long a new key can still be taken for unknown. */
  start(pollMs: number): void {
    if (this.timer) return;
    void this.refresh().catch(() => undefined);
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
