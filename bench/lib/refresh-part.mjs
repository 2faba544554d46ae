// The refresh part of the benchmark (issue 19): cached reads of a fixed set of URLs under wrk, in rounds
// without live updates (A) and rounds where 10 of the read matches change every second (B), taking turns.
// What an update costs the cached reads is B's median req/s over A's; how soon the change shows is
// measured per update from the moment the admin listener answered it to the moment a read of the match
// returns the new score, and a few reads after that check that no process answers the old one again.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { freePort } from './procs.mjs';
import { BUDGETS } from './report.mjs';
import { measure, randomScript } from './wrk.mjs';

const ADMIN_TOKEN = 'benchmark-admin-token-0123456789';
/**
 * Matches of the read set. A dropped answer costs about one database read per worker to cache again, so
 * with a few hundred URLs even dropping every answer at every change costs little; a hot set of
 * thousands is where it shows, as on a real server. Below the 5,000 answers a worker's cache holds.
 */
const READ_MATCHES = 2000;
/** Matches changed per second in a B round (the figure). */
const CHANGES_PER_SECOND = 10;
/** Between two reads of a changed match: frequent enough to time the lag, light beside wrk's load. */
const POLL_MS = 25;
/** Reads of a changed match once it answered the new score, each on a connection of its own. */
const READS_AFTER_FRESH = 5;
/** A change not shown by then is counted as never shown, and its tracking stops. */
const GIVE_UP_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The read set, from the bench database: `count` finished matches with a score, spread evenly over
 * the archive (IDs are hashes, so in ID order they are in no particular competition or season), and the
 * wide answers the changes must also reach: match lists, team searches, seasons, tables, competitions.
 */
function readSet(db, excludeMatch, count) {
  const sqlite = new Database(db, { readonly: true });
  try {
    const all = sqlite
      .prepare(
        `SELECT id, home_score AS home, away_score AS away, home_team_id AS team, season_id AS season,
           competition_id AS competition
         FROM matches WHERE status = 'finished' AND home_score IS NOT NULL AND away_score IS NOT NULL
         AND id <> ? ORDER BY id`,
      )
      .all(excludeMatch ?? '');
    if (all.length < count) throw new Error(`refresh: only ${all.length} finished matches`);
    const matches = Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)]);
    // Taken from the changed matches, so a change does concern them.
    const some = (n, of) => [...new Set(matches.slice(0, n * 4).map(of))].slice(0, n);
    const wide = [
      '/api/v1/football/competitions',
      ...['united', 'city', 'real', 'inter'].map((q) => `/api/v1/football/teams?q=${q}`),
      ...some(8, (m) => `/api/v1/football/matches?team_id=${m.team}&season_id=${m.season}&limit=25`),
      ...some(3, (m) => `/api/v1/football/competitions/${m.competition}/seasons`),
      ...some(5, (m) => `/api/v1/football/competitions/${m.competition}/seasons/${m.season}/standings`),
    ];
    return { matches, wide };
  } finally {
    sqlite.close();
  }
}

/** A GET on a connection of its own (no keep-alive), so that successive reads go to every worker. */
function getFresh(url, key) {
  return new Promise((resolve) => {
    const req = http.get(
      url,
      { agent: false, headers: { authorization: `Bearer ${key}` }, timeout: 5000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, body: error.message }));
  });
}

/** The home score a match answers with, or undefined (and the reason) when it did not answer 200. */
async function readHomeScore(url, key) {
  const { status, body } = await getFresh(url, key);
  if (status !== 200) return { error: `HTTP ${status} ${body.slice(0, 200)}` };
  return { home: JSON.parse(body).data.home_team.score };
}

/**
 * Follows one applied change: reads the match every `POLL_MS` until it answers the new score (the lag,
 * from `answeredAt`), then `READS_AFTER_FRESH` more times, counting answers with the old score.
 */
async function follow({ url, key, from, to, answeredAt }) {
  let polls = 0;
  const errors = [];
  let lagMs;
  while (performance.now() - answeredAt < GIVE_UP_MS) {
    const began = performance.now();
    const read = await readHomeScore(url, key);
    polls += 1;
    if (read.error) errors.push(read.error);
    else if (read.home === to) {
      lagMs = performance.now() - answeredAt;
      break;
    }
    await sleep(Math.max(0, POLL_MS - (performance.now() - began)));
  }
  let staleAfterFresh = 0;
  for (let i = 0; lagMs !== undefined && i < READS_AFTER_FRESH; i += 1) {
    await sleep(POLL_MS);
    const read = await readHomeScore(url, key);
    polls += 1;
    if (read.error) errors.push(read.error);
    else if (read.home === from) staleAfterFresh += 1;
  }
  return { lagMs, staleAfterFresh, polls, errors };
}

/**
 * Sends `CHANGES_PER_SECOND` score changes every second until `stop()`: matches of the read set that no
 * change is being followed on (so that each answer tells one change from the one before), each to its
 * stored home score + 1 or back, as a correction (the matches are finished). Each applied change is
 * followed (`follow`); `done()` waits for the last of them.
 */
function changeEverySecond({ adminBase, base, key, matches, scores, ids, log }) {
  const following = new Set();
  const followers = [];
  const sent = { updates: 0, notApplied: 0, verdicts: [] };
  let stopped = false;
  const loop = (async () => {
    const began = performance.now();
    for (let tick = 0; !stopped; tick += 1) {
      await sleep(began + tick * 1000 - performance.now());
      if (stopped) break;
      const free = matches.filter((m) => !following.has(m.id));
      const chosen = [];
      while (chosen.length < CHANGES_PER_SECOND && free.length > 0) {
        chosen.push(...free.splice(Math.floor(Math.random() * free.length), 1));
      }
      const updates = chosen.map((m) => {
        const s = scores.get(m.id);
        s.count += 1;
        const to = s.home === m.home ? m.home + 1 : m.home;
        return {
          match: m,
          from: s.home,
          to,
          line: {
            update_id: `${ids.run}-${m.id}-${s.count}`,
            match: m.id,
            sequence: ids.sequenceBase + s.count,
            score: { home: to, away: s.away },
            correction: true,
          },
        };
      });
      for (const u of updates) following.add(u.match.id);
      const verdicts = await post(
        adminBase,
        updates.map((u) => u.line),
      );
      const answeredAt = performance.now();
      sent.updates += updates.length;
      updates.forEach((u, i) => {
        const verdict = verdicts[i];
        if (verdict?.outcome !== 'applied') {
          sent.notApplied += 1;
          if (sent.verdicts.length < 5) sent.verdicts.push(JSON.stringify(verdict ?? null).slice(0, 300));
          following.delete(u.match.id);
          return;
        }
        scores.get(u.match.id).home = u.to;
        const url = `${base}/football/matches/${u.match.id}`;
        followers.push(
          follow({ url, key, from: u.from, to: u.to, answeredAt }).finally(() =>
            following.delete(u.match.id),
          ),
        );
      });
    }
  })();
  return {
    stop: () => {
      stopped = true;
    },
    done: async () => {
      await loop;
      const followed = await Promise.all(followers);
      if (sent.notApplied > 0)
        log(`refresh: ${sent.notApplied} updates not applied: ${sent.verdicts.join('; ')}`);
      return { ...sent, followed };
    },
  };
}

/** One NDJSON request to the admin listener; its verdicts (none when the request itself failed). */
async function post(adminBase, lines) {
  try {
    const res = await fetch(`${adminBase}/admin/v1/live/updates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/x-ndjson' },
      body: lines.map((line) => JSON.stringify(line)).join('\n') + '\n',
      signal: AbortSignal.timeout(10_000),
    });
    const body = await res.json();
    return res.status === 200 ? body.data : [];
  } catch {
    return [];
  }
}

/**
 * Rounds without changes (A) and with them (B), `rounds` of each, A first, each `seconds` of wrk over
 * the read set with the key pool `keys` after one warm-up of `warmupSeconds`; `excludeMatch` is left out
 * of the read set (the stream part follows it, from sequence 1); `readMatches` the read set's matches.
 * Returns the figures the report shows.
 */
export async function refreshPart({
  startServer,
  db,
  keys,
  dir,
  excludeMatch,
  readMatches = READ_MATCHES,
  rounds,
  seconds,
  warmupSeconds,
  wrk,
  log,
}) {
  const { matches, wide } = readSet(db, excludeMatch, readMatches);
  const adminPort = await freePort();
  const server = await startServer(db, {
    cache: true,
    label: 'cache on, refreshes',
    // TOUCHLINE_GENERATION_POLL_MS is left at its default, 1 s: the bound on serving an answer from
    // before a change, which the lag is judged against.
    env: { TOUCHLINE_ADMIN_PORT: String(adminPort), TOUCHLINE_ADMIN_TOKEN: ADMIN_TOKEN },
  });
  const adminBase = `http://127.0.0.1:${adminPort}`;
  const origin = server.base.replace(/\/api\/v1$/, '');
  const key = keys[0];
  // Sequences only grow per match; seconds since 1970 stay below the format's 2^31 for decades and are
  // above those of any run before on the same database.
  const ids = { run: `refresh-${Date.now().toString(36)}`, sequenceBase: Math.floor(Date.now() / 1000) };
  /** Per match: the score it has now, and how many updates it was sent. */
  const scores = new Map(matches.map((m) => [m.id, { home: m.home, away: m.away, count: 0 }]));
  try {
    const checked = [];
    for (const p of wide) {
      const { status } = await getFresh(`${origin}${p}`, key);
      if (status === 200) checked.push(p);
      else log(`refresh: ${p} dropped (HTTP ${status})`);
    }
    const paths = [...matches.map((m) => `/api/v1/football/matches/${m.id}`), ...checked];
    const pathsFile = path.join(dir, 'refresh.paths');
    fs.writeFileSync(pathsFile, `${paths.join('\n')}\n`);
    const keysFile = path.join(dir, 'refresh-keys.txt');
    fs.writeFileSync(keysFile, `${keys.join('\n')}\n`);
    const script = randomScript(path.join(dir, 'refresh.lua'), { pathsFile, keysFile, seed: 1900 });
    log(`refresh: ${matches.length} matches and ${checked.length} wide URLs, ${keys.length} keys`);

    const target = { url: `${origin}/`, script, serverPid: server.child.pid, ...wrk };
    // Every URL read many times over: each answer is cached (an answer is kept once its URL is read again).
    await measure({ ...target, seconds: warmupSeconds });
    const results = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const changes of [false, true]) {
        const updater = changes
          ? changeEverySecond({ adminBase, base: server.base, key, matches, scores, ids, log })
          : undefined;
        const result = await measure({ ...target, seconds });
        updater?.stop();
        const sent = await updater?.done();
        // The last change reaches every process before the next round begins.
        if (changes) await sleep(BUDGETS.refreshLagMaxMs);
        results.push({ changes, round, result, sent });
        log(
          `refresh ${changes ? 'B, 10 changes/s' : 'A, no changes  '} (round ${round})` +
            ` ${Math.round(result.rps).toString().padStart(7)} req/s  p50 ${result.p50Ms.toFixed(2)} ms` +
            `  p99 ${result.p99Ms.toFixed(2)} ms  errors ${result.errors}` +
            (sent
              ? `; ${sent.updates - sent.notApplied}/${sent.updates} applied, lag max ` +
                `${Math.max(...sent.followed.map((f) => f.lagMs ?? Infinity)).toFixed(0)} ms`
              : ''),
        );
      }
    }
    return summarize({ results, paths: { matches: matches.length, wide: checked.length } });
  } finally {
    await server.stop();
  }
}

function summarize({ results, paths }) {
  const without = results.filter((r) => !r.changes);
  const withChanges = results.filter((r) => r.changes);
  const followed = withChanges.flatMap((r) => r.sent.followed);
  const lags = followed
    .map((f) => f.lagMs)
    .filter((ms) => ms !== undefined)
    .sort((a, b) => a - b);
  const medianWithout = median(without.map((r) => r.result.rps));
  const medianWith = median(withChanges.map((r) => r.result.rps));
  const sum = (list, of) => list.reduce((n, x) => n + of(x), 0);
  return {
    paths,
    changesPerSecond: CHANGES_PER_SECOND,
    boundMs: BUDGETS.refreshLagMaxMs,
    rounds: results.map(({ changes, round, result, sent }) => ({
      changes,
      round,
      rps: result.rps,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      errors: result.errors,
      // Where the cores went: the polls of the changed matches are this process's, in `otherCores`.
      serverCores: result.serverCores,
      wrkCores: result.wrkCores,
      otherCores: result.otherCores,
      ...(sent ? { updates: sent.updates, notApplied: sent.notApplied } : {}),
    })),
    medianWithoutRps: medianWithout,
    medianWithRps: medianWith,
    ratio: medianWith / medianWithout,
    updates: sum(withChanges, (r) => r.sent.updates),
    notApplied: sum(withChanges, (r) => r.sent.notApplied),
    followed: followed.length,
    neverFresh: followed.filter((f) => f.lagMs === undefined).length,
    lagP50Ms: percentile(lags, 50),
    lagP99Ms: percentile(lags, 99),
    lagMaxMs: lags.at(-1) ?? NaN,
    staleAfterFresh: sum(followed, (f) => f.staleAfterFresh),
    readsAfterFresh: followed.filter((f) => f.lagMs !== undefined).length * READS_AFTER_FRESH,
    polls: sum(followed, (f) => f.polls),
    pollErrors: sum(followed, (f) => f.errors.length),
    wrkErrors: sum(results, (r) => r.result.errors),
  };
}
