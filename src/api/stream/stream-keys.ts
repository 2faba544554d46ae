import type { Identified, Refused } from '../../auth/admission.js';
import { KEY_TRUST_MS } from '../../auth/key-directory.js';
import { refusalError } from '../errors/admission-errors.js';
import { errorEnvelope } from '../errors/catalogue.js';

/** Judges a stream's credential as of `now`, as a request sent with it would be. */
export type KeyCheck = (now: number) => Promise<Identified | Refused>;

/** A stream as the key checks see it: what ends it, telling its client why (sse-stream.ts). */
export interface RefusableStream {
  refuse(data: string): void;
}

interface Watched {
  check: KeyCheck;
  streams: Set<RefusableStream>;
}

/**
 * The credentials open streams were opened with, judged again every KEY_TRUST_MS as a request with
 * them would be: a key revoked, expired or deactivated since (or moved to a plan no longer offered) ends
 * its streams, each told why in a last event whose data is the error envelope its next request gets. So
 * a stream lasts no longer than its key's requests are answered: the directory trusts a key it read for
 * KEY_TRUST_MS, and a check comes every KEY_TRUST_MS. Streams are grouped by credential (the key
 * presented, or the key a stream token names), so each is judged once whatever its number of streams. A
 * check that fails (the database unreachable) ends nothing: the key is judged again at the next one.
 */
export class StreamKeys {
  private readonly watched = new Map<string, Watched>();
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | undefined;

  constructor(intervalMs = KEY_TRUST_MS) {
    this.timer = setInterval(() => void this.check(Date.now()), intervalMs);
    this.timer.unref();
  }

  /** Keeps `stream` under `credential`'s checks; returns what takes it out (when the stream ends). */
  watch(credential: string, check: KeyCheck, stream: RefusableStream): () => void {
    let watched = this.watched.get(credential);
    if (!watched) this.watched.set(credential, (watched = { check, streams: new Set() }));
    const group = watched;
    group.streams.add(stream);
    return () => {
      group.streams.delete(stream);
      if (group.streams.size === 0 && this.watched.get(credential) === group) this.watched.delete(credential);
    };
  }

  /** Judges every credential with open streams as of `now`; one check at a time (a slow one is not stacked). */
  check(now: number): Promise<void> {
    this.running ??= this.judgeAll(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async judgeAll(now: number): Promise<void> {
    await Promise.all(
      [...this.watched].map(async ([credential, watched]) => {
        const verdict = await watched.check(now).catch(() => undefined);
        if (verdict?.kind !== 'refused') return;
        if (this.watched.get(credential) === watched) this.watched.delete(credential);
        const data = JSON.stringify(errorEnvelope(refusalError(verdict.refusal)));
        for (const stream of [...watched.streams]) stream.refuse(data);
      }),
    );
  }

  /** Streams watched, for tests. */
  get size(): number {
    let size = 0;
    for (const watched of this.watched.values()) size += watched.streams.size;
    return size;
  }

  close(): void {
    clearInterval(this.timer);
    this.watched.clear();
  }
}
