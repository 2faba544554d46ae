#!/usr/bin/env node
// The second reference for cached reads: what a bare `node:http` server reaches on this machine when it
// answers the very bytes nginx serves. A `node:cluster` primary and N workers (as `touchline serve
// --workers N`), each with `http.createServer`, answer the benchmark's per-scenario body files, read once
// at start into Buffers, at nginx's URLs with the scenario's status and the header set Touchline sends
// (a fresh random X-Request-Id per request, then constant headers taken from Touchline's own answer:
// the limit headers and the ETag of a 200, WWW-Authenticate of the 401), `content-type` and
// `content-length`. No framework, no key check, no cache lookup: Node's HTTP parsing plus writing those
// bytes, the ceiling of Touchline's stack on the machine at hand.
//
// usage: node bench/lib/static-node-server.mjs --routes <file.json> --port <port> [--host 127.0.0.1]
//        [--workers N]
// The routes file: `{ "/<url path>": { "file": "<body file>", "status": 200, "headers": [[name, value]] } }`.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { runCluster } from './cluster-server.mjs';

const { values: args } = parseArgs({
  options: {
    routes: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    workers: { type: 'string', default: '1' },
  },
});
const workers = Number(args.workers);
if (!args.routes || !args.port || !(Number.isInteger(workers) && workers > 0)) {
  process.stderr.write(
    'usage: static-node-server.mjs --routes <file.json> --port <port> [--host H] [--workers N]\n',
  );
  process.exit(1);
}

const JSON_TYPE = 'application/json; charset=utf-8';

function listen() {
  const answers = new Map();
  for (const [url, { file, status, headers }] of Object.entries(
    JSON.parse(fs.readFileSync(args.routes, 'utf8')),
  )) {
    const body = fs.readFileSync(file);
    // Everything after the request ID is the same on every answer of this URL.
    const rest = [...headers.flat(), 'content-type', JSON_TYPE, 'content-length', String(body.length)];
    answers.set(url, { status, rest, body });
  }

  return http.createServer((req, res) => {
    const answer = answers.get(req.url);
    if (answer === undefined) {
      res.writeHead(404, ['content-length', '0']);
      res.end();
      return;
    }
    res.writeHead(answer.status, ['x-request-id', randomUUID(), ...answer.rest]);
    res.end(answer.body);
  });
}

runCluster({ name: 'static node server', workers, port: Number(args.port), host: args.host, listen });
