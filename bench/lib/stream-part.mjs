// The live-stream part of the benchmark (issue 20): `clients` Server-Sent Events streams follow one match
// on the real server (cluster mode, as every other part) while live updates are sent to its admin
// listener and readers ask for a cached answer at a steady rate. Each update's delivery delay is measured from the moment it is
// sent to the admin listener (its application included) to the moment each client has its event; the
// server's memory is read before and after the streams open.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { freePort, treeUsage } from './procs.mjs';
import { openStreamThreads, wallNow } from './stream-client-threads.mjs';

const ADMIN_TOKEN = 'benchmark-admin-token-0123456789';

/**
 * Cached reads at a steady `rate` (requests/s) over `connections` keep-alive connections, for `seconds`:
 * the server keeps serving its readers while it streams. A closed loop (wrk) would instead take every
 * cycle the streams leave and measure the machine's saturation, not the streams' delivery.
 */
async function steadyReads({ url, headers, rate, seconds, connections = 10 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const one = () =>
    new Promise((resolve) => {
      const began = performance.now();
      const req = http.get(url, { agent, headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - began);
          else errors += 1;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const pending = [];
  const tickMs = 10;
  const perTick = rate / (1000 / tickMs);
  let owed = 0;
  const began = performance.now();
  while (performance.now() - began < seconds * 1000) {
    owed += perTick;
    for (; owed >= 1; owed -= 1) pending.push(one());
    await new Promise((resolve) => setTimeout(resolve, tickMs));
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const elapsedS = (performance.now() - began) / 1000;
  return { rps: sorted.length / elapsedS, p99Ms: percentile(sorted, 99), errors };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function sendUpdate(adminBase, update) {
  const res = await fetch(`${adminBase}/admin/v1/live/updates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(update),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await res.json();
  const verdict = body.data?.[0];
  if (res.status !== 200 || verdict?.outcome !== 'applied') {
    throw new Error(
      `live update ${update.update_id}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
}

/**
 * `clients` streams on `matchId`, keys taken in turn from `keys`; `events` updates `everyMs` apart;
 * meanwhile `readRate` reads of `cachedPath` a second. Returns the figures the report shows.
 */
export async function streamPart({
  startServer,
  db,
  keys,
  matchId,
  cachedPath,
  clients,
  events,
  everyMs,
  readRate,
  clientThreads = 2,
  log,
}) {
  const adminPort = await freePort();
  const server = await startServer(db, {
    cache: true,
    label: 'live streams',
    env: { TOUCHLINE_ADMIN_PORT: String(adminPort), TOUCHLINE_ADMIN_TOKEN: ADMIN_TOKEN },
  });
  const adminBase = `http://127.0.0.1:${adminPort}`;
  let streams;
  try {
    const before = treeUsage(server.child.pid);
    const sentAt = new Map();
    const url = `${server.base}/football/live/stream?match_id=${matchId}`;
    const opening = performance.now();
    streams = await openStreamThreads({ url, keys, count: clients, threads: clientThreads });
    const openedS = (performance.now() - opening) / 1000;
    // Settled: the workers have taken the streams in.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = treeUsage(server.child.pid);
    const perConnectionKb = ((after.rssMb - before.rssMb) * 1024) / clients;
    log(
      `streams: ${streams.opened} open (${clientThreads} client threads) in ${openedS.toFixed(1)} s; server RSS ${before.rssMb.toFixed(0)} -> ` +
        `${after.rssMb.toFixed(0)} MB (${perConnectionKb.toFixed(1)} KB per stream)`,
    );

    const reads = steadyReads({
      url: `${server.base}${cachedPath}`,
      headers: { authorization: `Bearer ${keys[0]}` },
      rate: readRate,
      seconds: (events * everyMs) / 1000,
    });
    const run = `b${Date.now().toString(36)}`;
    // A warm-up update, not measured, as every other scenario warms up: the first event through the
    // streams compiles their path in each process.
    await sendUpdate(adminBase, {
      update_id: `${run}-warm-up`,
      match: matchId,
      sequence: 1,
      status: 'live',
      score: { home: 0, away: 0 },
      correction: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let i = 1; i <= events; i += 1) {
      const update = {
        update_id: `${run}-${i}`,
        match: matchId,
        sequence: i + 1,
        score: { home: i, away: 0 },
        ...(i === events ? { status: 'finished' } : {}),
      };
      sentAt.set(update.update_id, wallNow());
      await sendUpdate(adminBase, update);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    const cached = await reads;
    // The last events' stragglers.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { arrivals, closedEarly } = await streams.collect();
    streams = undefined;
    const delays = [];
    /** Per update, when its first and its last client had it: the first is the path to a worker, the rest fan-out. */
    const spans = [];
    for (const [updateId, sent] of sentAt) {
      const times = (arrivals.get(updateId) ?? []).map((at) => at - sent);
      delays.push(...times);
      if (times.length > 0) spans.push({ first: Math.min(...times), last: Math.max(...times) });
    }
    const received = delays.length;
    const sorted = delays.sort((a, b) => a - b);
    const result = {
      clients,
      opened: clients,
      closedEarly,
      events,
      expected: clients * events,
      received,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? NaN,
      rssBeforeMb: before.rssMb,
      rssAfterMb: after.rssMb,
      perConnectionKb,
      firstClientP50Ms: percentile(
        spans.map((x) => x.first).sort((a, b) => a - b),
        50,
      ),
      lastClientP50Ms: percentile(
        spans.map((x) => x.last).sort((a, b) => a - b),
        50,
      ),
      perEvent: spans.map(({ first, last }) => [Math.round(first), Math.round(last)]),
      cachedReads: { path: cachedPath, rps: cached.rps, p99Ms: cached.p99Ms, errors: cached.errors },
    };
    log(
      `streams: ${received}/${result.expected} deliveries, delay p50 ${result.p50Ms.toFixed(1)} ms p99 ` +
        `${result.p99Ms.toFixed(1)} ms max ${result.maxMs.toFixed(1)} ms (an update's first client ` +
        `${result.firstClientP50Ms.toFixed(1)} ms, its last ${result.lastClientP50Ms.toFixed(1)} ms, medians); ` +
        `${result.closedEarly} closed early; ` +
        `cached reads meanwhile ${Math.round(cached.rps)} req/s, p99 ${cached.p99Ms.toFixed(1)} ms`,
    );
    return result;
  } finally {
    await streams?.close();
    await server.stop();
  }
}
