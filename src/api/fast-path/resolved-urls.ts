import { OldestFirst } from '../../cache/oldest-first.js';

/** At most this many request targets are remembered, and none longer than this. */
const MAX_URLS = 10_000;
const MAX_URL_LENGTH = 2048;

/**
 * What a request target resolves to, remembered by the target as sent: routing and validation are
 * functions of the target alone, so a target asked again (as hot URLs are, again and again) is not
 * parsed, routed or validated again. Bounded by count, oldest first, and by length, so that a flood of
 * distinct or long targets costs a bounded amount of memory and nothing more than routing them would.
 */
export class ResolvedUrls<T> {
  private readonly resolved = new Map<string, T>();
  private readonly oldest = new OldestFirst(this.resolved);

  get(url: string): T | undefined {
    return this.resolved.get(url);
  }

  set(url: string, value: T): void {
    if (url.length > MAX_URL_LENGTH) return;
    if (this.resolved.size >= MAX_URLS) this.resolved.delete(this.oldest.next()!);
    this.resolved.set(url, value);
  }
}
