// A source's server for the refresh tests: football.json served as a .tar.gz whose version the test
// switches, with an ETag per version, 304 to a matching If-None-Match, 500 on demand, a gate that holds
// answers back, and a record of every request.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { create as createTar } from 'tar';
import { writeFootballJson, type FixtureFiles } from './football-json-fixture.js';

export interface UpstreamRequest {
  at: number;
  status: number;
  ifNoneMatch: string | undefined;
}

export interface Upstream {
  url: string;
  requests: UpstreamRequest[];
  /** Index into the versions given: the one served now. */
  version: number;
  /** `fail` answers 500 to everything. */
  mode: 'ok' | 'fail';
  /** Each answer waits this long first (ms). */
  delayMs: number;
  /** The most requests being answered at once so far. */
  maxInFlight: number;
  /** Holds every answer back (one under way included) until `release()`. */
  hold(): void;
  release(): void;
  /** Resolves once a request is being answered (or held) right now. */
  busy(): Promise<void>;
  stop(): Promise<void>;
}

export function etagOf(version: number): string {
  return `"v${version + 1}"`;
}

/** Builds one archive per version of the files (a `football.json` folder inside) and serves it. */
export async function startUpstream(dir: string, versions: FixtureFiles[]): Promise<Upstream> {
  const archives: Buffer[] = [];
  for (const [i, files] of versions.entries()) {
    const root = path.join(dir, `upstream-v${i + 1}`);
    writeFootballJson(root, files);
    const file = path.join(root, 'football.json.tar.gz');
    await createTar({ gzip: true, cwd: root, file, portable: true }, ['football.json']);
    archives.push(fs.readFileSync(file));
  }
  let inFlight = 0;
  let gate: Promise<void> | undefined;
  let openGate = () => undefined as void;
  const waiting: Array<() => void> = [];

  const upstream: Upstream = {
    url: '',
    requests: [],
    version: 0,
    mode: 'ok',
    delayMs: 0,
    maxInFlight: 0,
    hold() {
      gate ??= new Promise<void>((resolve) => (openGate = resolve));
    },
    release() {
      openGate();
      gate = undefined;
    },
    busy() {
      return inFlight > 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    async stop() {
      upstream.release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const server = http.createServer(async (req, res) => {
    inFlight += 1;
    upstream.maxInFlight = Math.max(upstream.maxInFlight, inFlight);
    for (const wake of waiting.splice(0)) wake();
    try {
      if (upstream.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, upstream.delayMs));
      // After the delay: a request already under way when the gate closes is held too.
      if (gate) await gate;
      const ifNoneMatch = req.headers['if-none-match'];
      const etag = etagOf(upstream.version);
      let status = 200;
      if (upstream.mode === 'fail') status = 500;
      else if (ifNoneMatch === etag) status = 304;
      upstream.requests.push({ at: Date.now(), status, ifNoneMatch });
      if (status === 500) res.writeHead(500).end('upstream broken');
      else if (status === 304) res.writeHead(304, { etag }).end();
      else {
        res
          .writeHead(200, {
            'content-type': 'application/gzip',
            etag,
            'last-modified': new Date(Date.UTC(2024, 2, 1 + upstream.version)).toUTCString(),
          })
          .end(archives[upstream.version]);
      }
    } finally {
      inFlight -= 1;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openfootball/football.json.tar.gz`;
  return upstream;
}
