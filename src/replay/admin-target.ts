import type { MatchUpdate } from '../live/match-update.js';
import type { Verdict } from '../live/verdict.js';
import { LIVE_UPDATES_PATH } from '../server/admin-server.js';
import type { ReplayTarget } from './replay-target.js';

/** How long one update may take to be answered before the replay stops. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The admin listener's URL for updates: `url` as given when it names a path, else its
 * `/admin/v1/live/updates` (so `http://127.0.0.1:9400` is enough).
 */
export function updatesUrl(url: string): URL {
  const parsed = new URL(url);
  if (parsed.pathname === '/' || parsed.pathname === '') parsed.pathname = LIVE_UPDATES_PATH;
  return parsed;
}

/** The error message of a refused request, from the listener's envelope when it sent one. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return `${res.status} ${body.error.code ?? ''}: ${body.error.message}`;
  } catch {
    // not the listener's envelope: shown as it came
  }
  return `${res.status} ${text.slice(0, 200)}`;
}

/**
 * A running server's admin listener (docs/live-updates.md, "Admin listener"): each update POSTed alone
 * as application/json, its verdict read from the answer. The server records them under its own actor
 * (`admin`). A refused request (a wrong token, another path) or no answer is thrown: the replay stops.
 */
export function adminTarget(url: string, token: string): ReplayTarget {
  const endpoint = updatesUrl(url);
  return {
    describe: endpoint.toString(),
    async send(update: MatchUpdate): Promise<Verdict> {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(update),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        const cause = (error as { cause?: Error }).cause?.message;
        throw new Error(`${endpoint.toString()}: ${(error as Error).message}${cause ? ` (${cause})` : ''}`);
      }
      if (res.status !== 200)
        throw new Error(`${endpoint.toString()} refused the update: ${await refusal(res)}`);
      const body = (await res.json()) as { data?: Array<Verdict & { index?: number }> };
      const answer = body.data?.[0];
      if (!answer) throw new Error(`${endpoint.toString()} answered no verdict`);
      // The listener numbers the verdicts of a request (`index`); one update alone needs no number.
      delete answer.index;
      return answer;
    },
  };
}
