import type { Storage } from '../storage/connection.js';
import { matchJsonPageReaderNow } from '../storage/repositories/match.repository.js';
import { readMatchListQuery } from './match-list-query.js';
import { cachedJsonPageText } from './route-context.js';

/**
 * For a URL it can answer, a read returning the 200 body (with the response cache's request ID
 * placeholder) the full path would send, or undefined whenever that is not certain; for any other URL,
 * undefined at once, before any database work. The full path answers whatever is left.
 */
export type SynchronousRead = (url: string) => (() => string | undefined) | undefined;

/**
 * Answers read from an in-process database (SQLite) without waiting, for the read fast path: the match
 * list, whose pages the cache rarely holds (a filter is a combination of many values), from the JSON
 * the ingestion runs stored. Undefined where the database is a server.
 */
export function synchronousReads(storage: Storage, prefix: string): SynchronousRead | undefined {
  const matchPage = matchJsonPageReaderNow(storage);
  if (!matchPage) return undefined;
  const matchList = `${prefix}/football/matches`;
  return (url) => {
    const at = url.indexOf('?');
    if ((at < 0 ? url : url.slice(0, at)) !== matchList) return undefined;
    const query = readMatchListQuery(at < 0 ? '' : url.slice(at + 1));
    if (!query) return undefined;
    return () => {
      const page = matchPage(query.filter, query.page);
      // An empty page may mean that a filter names nothing, a 404 the route decides.
      if (!page || page.rows.length === 0) return undefined;
      return cachedJsonPageText(page.rows, query.page, page.hasMore);
    };
  };
}
