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
import http from 'node:http';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { runCluster } from './cluster-server.mjs';
import { admitted, notFound, PAGE_LIMIT, requestId, send } from './reference-http.mjs';

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

let sqlite;

function listen() {
  sqlite = new Database(args.db, { readonly: true, fileMustExist: true });
  // Every key of the benchmark's database is valid: the set of their hashes is the whole key check.
  const keyHashes = new Set(sqlite.prepare('select key_hash from api_keys').pluck().all());
  const matchJson = sqlite.prepare('select json from match_json where id = ?').pluck();
  const teamSeasonPage = sqlite.prepare(TEAM_SEASON_PAGE).pluck();

  return http.createServer((req, res) => {
    // A request whose key the check refused, or that asks another route, is answered already.
    const asked = admitted(req, res, keyHashes);
    if (!asked) return;
    const { id, page } = asked;
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
