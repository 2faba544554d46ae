// What the benchmark's two uncached references (reference-server.mjs on SQLite, pg-reference-server.mjs on
// PostgreSQL) share: the two routes they answer, their key check, their request IDs and how they write an
// answer. Each adds only how it reads a match or a page.
import { createHash, randomUUID } from 'node:crypto';

const LIST = '/api/v1/football/matches';
const PREFIX = `${LIST}/`;
export const PAGE_LIMIT = 25;
const JSON_TYPE = 'application/json; charset=utf-8';

export function send(res, status, body) {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export function notFound(res, message) {
  send(res, 404, JSON.stringify({ error: { code: 'not_found', message } }));
}

// Request IDs shaped as Touchline's (src/api/request-id.ts): 24 characters of a UUID drawn at start, then
// a 12-hex-digit count of this process's requests.
const ID_PREFIX = randomUUID().slice(0, 24);
let requests = 0;
export function requestId() {
  requests += 1;
  return ID_PREFIX + requests.toString(16).padStart(12, '0');
}

/** `{ team, season }` of a query that is exactly `team_id=<t>&season_id=<s>`, or undefined. */
function teamSeason(query) {
  const params = new URLSearchParams(query);
  const keys = [...params.keys()];
  if (keys.length !== 2 || keys[0] !== 'team_id' || keys[1] !== 'season_id') return undefined;
  const team = params.get('team_id');
  const season = params.get('season_id');
  return team === '' || season === '' ? undefined : { team, season };
}

/**
 * What a request asks, `{ id }` of a match or `{ page: { team, season } }`, once its key is checked against
 * `keyHashes` (SHA-256 of every valid key); undefined when it has been answered here (404 for any other
 * route, 401 without a valid key).
 */
export function admitted(req, res, keyHashes) {
  const url = req.url ?? '';
  let id;
  let page;
  if (req.method === 'GET' && url.startsWith(PREFIX)) {
    id = url.slice(PREFIX.length);
    if (id === '' || /[/?#]/.test(id)) id = undefined;
  } else if (req.method === 'GET' && url.startsWith(`${LIST}?`)) {
    page = teamSeason(url.slice(LIST.length + 1));
  }
  if (id === undefined && page === undefined) return void notFound(res, 'no such route');
  const auth = req.headers.authorization;
  if (
    auth === undefined ||
    !auth.startsWith('Bearer ') ||
    !keyHashes.has(createHash('sha256').update(auth.slice(7)).digest('hex'))
  ) {
    return void send(res, 401, '{"error":{"code":"invalid_api_key","message":"invalid or missing API key"}}');
  }
  return page === undefined ? { id } : { page };
}
