#!/usr/bin/env node
// The reference for the uncached path: how fast a match by ID, or a team + season page of matches, can be
// answered on this stack with nothing in the way. A bare `node:http` server (cluster: a primary and N
// workers, as `touchline serve --workers N`) reads the stored match JSON from the same SQLite file with
// better-sqlite3 and answers two routes, after checking `Authorization: Bearer <key>` against the SHA-256
// hashes of the keys, read once at start:
//
// - `GET /api/v1/football/matches/<id>` with `{"data":<json>}`;
// - `GET /api/v1/football/matches?team_id=<t>&season_id=<s>` (exactly those two parameters) with the first
//   page of 25, read with the very query Touchline runs for it, as
//   `{"data":[<json>,...],"meta":{"page":1,"limit":25,"request_id":"<id>","has_more":<bool>}}`: Touchline's
//   bytes but for the request ID, which has the same shape (a random prefix drawn at start, a counter).
//
// No framework, no cache, no limits, nothing else: every request is parsed by Node, hashed and looked up
// in the database.
//
// usage: node bench/lib/reference-server.mjs --db <file> --port <port> [--host 127.0.0.1] [--workers N]
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { runCluster } from './cluster-server.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    workers: { type: 'string', default: '1' },
  },
});
const workers = Number(args.workers);
if (!args.db || !args.port || !(Number.isInteger(workers) && workers > 0)) {
  process.stderr.write('usage: reference-server.mjs --db <file> --port <port> [--host H] [--workers N]\n');
  process.exit(1);
}

const LIST = '/api/v1/football/matches';
const PREFIX = `${LIST}/`;
const PAGE_LIMIT = 25;
const JSON_TYPE = 'application/json; charset=utf-8';

function send(res, status, body) {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function notFound(res, message) {
  send(res, 404, JSON.stringify({ error: { code: 'not_found', message } }));
}

// Touchline's team + season page (src/storage/repositories/match.repository.ts), word for word: the
// team's home and away matches of the season in kick-off order, one row more than the page to tell whether
// another page follows, joined to their stored JSON.
const TEAM_SEASON_PAGE =
  'select "match_json"."json" from (select "page"."id", "page"."starts_at" from (select "matches"."id", ' +
  '"matches"."starts_at" from "matches" where ("matches"."home_team_id" = ? and "matches"."season_id" = ?) ' +
  'union all select "matches"."id", "matches"."starts_at" from "matches" where ("matches"."away_team_id" = ? ' +
  'and "matches"."season_id" = ?)) as "page" order by "page"."starts_at" asc, "page"."id" asc limit ' +
  'cast(? as integer) offset ?) as "page" left join "match_json" on "match_json"."starts_at" = ' +
  '"page"."starts_at" and "match_json"."id" = "page"."id" order by "page"."starts_at" asc, "page"."id" asc';

// Request IDs shaped as Touchline's (src/api/request-id.ts): 24 characters of a UUID drawn at start, then
// a 12-hex-digit count of this process's requests.
const ID_PREFIX = randomUUID().slice(0, 24);
let requests = 0;
function requestId() {
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

let sqlite;

function listen() {
  sqlite = new Database(args.db, { readonly: true, fileMustExist: true });
  // Every key of the benchmark's database is valid: the set of their hashes is the whole key check.
  const keyHashes = new Set(sqlite.prepare('select key_hash from api_keys').pluck().all());
  const matchJson = sqlite.prepare('select json from match_json where id = ?').pluck();
  const teamSeasonPage = sqlite.prepare(TEAM_SEASON_PAGE).pluck();

  return http.createServer((req, res) => {
    const url = req.url ?? '';
    let id;
    let page;
    if (req.method === 'GET' && url.startsWith(PREFIX)) {
      id = url.slice(PREFIX.length);
      if (id === '' || /[/?#]/.test(id)) id = undefined;
    } else if (req.method === 'GET' && url.startsWith(`${LIST}?`)) {
      page = teamSeason(url.slice(LIST.length + 1));
    }
    if (id === undefined && page === undefined) {
      notFound(res, 'no such route');
      return;
    }
    const auth = req.headers.authorization;
    if (
      auth === undefined ||
      !auth.startsWith('Bearer ') ||
      !keyHashes.has(createHash('sha256').update(auth.slice(7)).digest('hex'))
    ) {
      send(res, 401, '{"error":{"code":"invalid_api_key","message":"invalid or missing API key"}}');
      return;
    }
    if (page !== undefined) {
      const { team, season } = page;
      const rows = teamSeasonPage.all(team, season, team, season, PAGE_LIMIT + 1, 0);
      if (rows.length === 0) {
        notFound(res, `No matches of team ${team} in season ${season}`);
        return;
      }
      const hasMore = rows.length > PAGE_LIMIT;
      send(
        res,
        200,
        `{"data":[${(hasMore ? rows.slice(0, PAGE_LIMIT) : rows).join(',')}],"meta":{"page":1,` +
          `"limit":${PAGE_LIMIT},"request_id":"${requestId()}","has_more":${hasMore}}}`,
      );
      return;
    }
    const json = matchJson.get(id);
    if (json === undefined) notFound(res, `Match ${id} does not exist`);
    else send(res, 200, `{"data":${json}}`);
  });
}

runCluster({
  name: 'reference server',
  workers,
  port: Number(args.port),
  host: args.host,
  listen,
  onStop: () => sqlite?.close(),
});
