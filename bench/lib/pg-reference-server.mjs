#!/usr/bin/env node
// The reference for Touchline on PostgreSQL: how fast a match by ID, or a team + season page of matches,
// can be answered from PostgreSQL on this stack with nothing in the way. A bare `node:http` server
// (cluster: a primary and N workers, as `touchline serve --workers N`), each worker with a `pg` pool of
// 10 connections, answers the same two routes as reference-server.mjs does on SQLite, after checking
// `Authorization: Bearer <key>` against the SHA-256 hashes of the keys, read once at start:
//
// - `GET /api/v1/football/matches/<id>`: one prepared statement (the match joined to its competition,
//   season, teams and first leg), the row turned into the API's match object in Node (Touchline's built
//   matchView, so the bytes are the same) and `JSON.stringify`d, as
//   `{"data":<match>}`;
// - `GET /api/v1/football/matches?team_id=<t>&season_id=<s>` (exactly those two parameters): one prepared
//   statement (the team's home and away matches of the season, in kick-off order, one more than the page
//   of 25, joined to the same names), as `{"data":[...],"meta":{"page":1,"limit":25,"request_id":"<id>",
//   "has_more":<bool>}}`.
//
// The reference issue 37 set: rows serialized in Node as they are read (what Touchline did on PostgreSQL
// until then; it now reads the JSON its runs stored, as on SQLite). No framework, no cache, no limits,
// nothing else.
//
// usage: node bench/lib/pg-reference-server.mjs --url <postgres://…> --port <port> [--host 127.0.0.1]
//        [--workers N] [--pool 10]
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { matchView } from '../../dist/representation/match.js';
import { runCluster } from './cluster-server.mjs';
import { admitted, notFound, PAGE_LIMIT, requestId, send } from './reference-http.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    workers: { type: 'string', default: '1' },
    pool: { type: 'string', default: '10' },
  },
});
const workers = Number(args.workers);
const poolSize = Number(args.pool);
if (!args.url || !args.port || !(Number.isInteger(workers) && workers > 0) || !(poolSize > 0)) {
  process.stderr.write(
    'usage: pg-reference-server.mjs --url <postgres://…> --port <port> [--host H] [--workers N] [--pool 10]\n',
  );
  process.exit(1);
}

const COLUMNS =
  'm.id, m.competition_id, c.name as competition_name, m.season_id, s.name as season_name, m.starts_at, ' +
  'm.time_known, m.round, m.stage, m.status, m.source_status, m.home_team_id, h.name as home_team_name, ' +
  'h.logo_url as home_team_logo_url, m.home_score, m.away_team_id, a.name as away_team_name, ' +
  'a.logo_url as away_team_logo_url, m.away_score, m.ht_home, m.ht_away, m.ft_home, m.ft_away, m.et_home, ' +
  'm.et_away, m.pen_home, m.pen_away, m.shootout_winner, m.first_leg_id, ' +
  'f.home_score as first_leg_home_score, f.away_score as first_leg_away_score, m.venue_name, ' +
  'm.venue_city, m.venue_country, m.neutral, m.updated_at';
const NAMES =
  'join competitions c on c.id = m.competition_id join seasons s on s.id = m.season_id ' +
  'join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id ' +
  'left join matches f on f.id = m.first_leg_id';
const BY_ID = { name: 'match_by_id', text: `select ${COLUMNS} from matches m ${NAMES} where m.id = $1` };
const TEAM_SEASON_PAGE = {
  name: 'team_season_page',
  text:
    `select ${COLUMNS} from (select id from matches where home_team_id = $1 and season_id = $2 ` +
    'union all select id from matches where away_team_id = $1 and season_id = $2) page ' +
    `join matches m on m.id = page.id ${NAMES} order by m.starts_at, m.id limit ${PAGE_LIMIT + 1}`,
};

/**
 * The API's match object: Touchline's own (built) matchView of the row, so that the reference answers
 * the same bytes however the match resource grows; the cost measured is reading and serializing rows.
 */
function toMatch(r) {
  return matchView({
    ...r,
    time_known: Number(r.time_known),
    neutral: r.neutral === null ? null : Number(r.neutral),
  });
}

let pool;

function listen() {
  pool = new pg.Pool({ connectionString: args.url, max: poolSize });
  // Every key of the benchmark's database is valid: the set of their hashes is the whole key check.
  let keyHashes;
  const ready = pool
    .query('select key_hash from api_keys')
    .then((result) => (keyHashes = new Set(result.rows.map((row) => row.key_hash))));

  const answer = async (req, res) => {
    if (keyHashes === undefined) await ready;
    // A request whose key the check refused, or that asks another route, is answered already.
    const asked = admitted(req, res, keyHashes);
    if (!asked) return;
    const { id, page } = asked;
    if (page !== undefined) {
      const { team, season } = page;
      const { rows } = await pool.query({ ...TEAM_SEASON_PAGE, values: [team, season] });
      if (rows.length === 0) return notFound(res, `No matches of team ${team} in season ${season}`);
      const hasMore = rows.length > PAGE_LIMIT;
      const data = (hasMore ? rows.slice(0, PAGE_LIMIT) : rows).map(toMatch);
      const meta = { page: 1, limit: PAGE_LIMIT, request_id: requestId(), has_more: hasMore };
      return send(res, 200, JSON.stringify({ data, meta }));
    }
    const { rows } = await pool.query({ ...BY_ID, values: [id] });
    if (rows.length === 0) return notFound(res, `Match ${id} does not exist`);
    return send(res, 200, JSON.stringify({ data: toMatch(rows[0]) }));
  };

  return http.createServer((req, res) => {
    answer(req, res).catch((error) => {
      process.stderr.write(`pg reference server: ${error.message}\n`);
      if (!res.headersSent) send(res, 500, '{"error":{"code":"internal","message":"query failed"}}');
    });
  });
}

runCluster({
  name: 'pg reference server',
  workers,
  port: Number(args.port),
  host: args.host,
  listen,
  onStop: () => void pool?.end(),
});
