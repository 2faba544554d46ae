#!/usr/bin/env node
// The reference for the uncached path: how fast a match by ID can be answered on this stack with nothing
// in the way. A bare `node:http` server (cluster: a primary and N workers, as `touchline serve --workers N`)
// reads the stored match JSON from the same SQLite file with better-sqlite3 and answers
// `GET /api/v1/football/matches/<id>` with `{"data":<json>}` after checking `Authorization: Bearer <key>`
// against the SHA-256 hashes of the keys, read once at start. No framework, no cache, no limits, nothing
// else: every request is parsed by Node, hashed and looked up in the database.
//
// usage: node bench/lib/reference-server.mjs --db <file> --port <port> [--host 127.0.0.1] [--workers N]
import { createHash } from 'node:crypto';
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

const PREFIX = '/api/v1/football/matches/';
const JSON_TYPE = 'application/json; charset=utf-8';

function send(res, status, body) {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function notFound(res, message) {
  send(res, 404, JSON.stringify({ error: { code: 'not_found', message } }));
}

let sqlite;

function listen() {
  sqlite = new Database(args.db, { readonly: true, fileMustExist: true });
  // Every key of the benchmark's database is valid: the set of their hashes is the whole key check.
  const keyHashes = new Set(sqlite.prepare('select key_hash from api_keys').pluck().all());
  const matchJson = sqlite.prepare('select json from match_json where id = ?').pluck();

  return http.createServer((req, res) => {
    const url = req.url ?? '';
    const id = url.slice(PREFIX.length);
    if (req.method !== 'GET' || !url.startsWith(PREFIX) || id === '' || /[/?#]/.test(id)) {
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
