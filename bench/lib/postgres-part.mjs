// The PostgreSQL + Redis part of the benchmark (issue 37): Touchline as users who outgrow one machine run
// it, `serve --workers N` with DATABASE_URL on PostgreSQL and REDIS_URL (shared cache and counters), on
// the same dataset as the SQLite parts, against a bare node:http + pg server (pg-reference-server.mjs)
// answering the same URLs in the same bytes:
//
// - random matches by ID and random team + season pages over the archive, many keys (randomPart, as on
//   SQLite, with these servers);
// - one cached match by ID, against the SQLite server's figure for the same answer in this run;
// - where the time goes: PostgreSQL statements and Redis commands per request, for each of the three, read
//   from PostgreSQL's own statistics (pg_stat_database) and Redis's (INFO commandstats) around a run.
//
// The database is made for the run (`touchline_bench_<pid>`) and dropped after it; Redis is the database
// number in `--redis-url`, flushed before and after. When either server does not answer, the part is
// skipped, saying why.
import pg from 'pg';
import Redis from 'ioredis';

/** `admin`'s URL with another database name. */
function withDatabase(admin, name) {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(admin, text) {
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Statements PostgreSQL has finished in `database` (commits and rollbacks: one per autocommitted query). */
async function pgStatements(admin, database) {
  // A backend reports its counts when it goes idle, at most once a second: wait for the last report.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await adminQuery(
    admin,
    `select xact_commit + xact_rollback as n from pg_stat_database where datname = '${database}'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Commands Redis has run in all, and by command. */
async function redisCommands(redis) {
  const text = await redis.info('commandstats');
  const byCommand = {};
  for (const m of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) byCommand[m[1]] = Number(m[2]);
  return byCommand;
}

function perRequest(before, after, requests) {
  const out = {};
  for (const [command, calls] of Object.entries(after)) {
    const n = calls - (before[command] ?? 0);
    // The counters' own reading (INFO) is not the server's work.
    if (n > 0 && command !== 'info') out[command] = n / requests;
  }
  return out;
}

/**
 * Runs the part. `deps` are the benchmark's own helpers (bench/run.mjs): `log`, `cli(db, args)`,
 * `ingest(db, from)`, `createKeyPool(db, n)`, `startServer(db, options)`, `startClusterServer(script,
 * name, args)`, `randomPart(db, keys, on)`, `bench(label, target, seconds)`, `measure(target)`,
 * `randomScript(file, options)`, `stop(child)`, `waitForHttp(url, options)`.
 */
export async function postgresPart({ db, http, opts, tmp, referenceScript, deps }) {
  const { log } = deps;
  const database = `touchline_bench_${process.pid}`;
  let redis;
  try {
    await adminQuery(opts.pgUrl, 'select 1');
    redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis?.disconnect();
    const reason = `PostgreSQL (${opts.pgUrl}) or Redis (${opts.redisUrl}) does not answer: ${error.message}`;
    log(`postgres: skipped: ${reason}`);
    return { skipped: reason };
  }
  const url = withDatabase(opts.pgUrl, database);
  const redisEnv = { REDIS_URL: opts.redisUrl };
  try {
    await adminQuery(opts.pgUrl, `drop database if exists ${database}`);
    await adminQuery(opts.pgUrl, `create database ${database}`);
    await redis.flushdb();
    await deps.cli(url, ['migrate']);
    const ingest = await deps.ingest(url, opts.data);
    log(`postgres: football.json ingested in ${ingest.runS.toFixed(2)} s (${ingest.inserted} inserted)`);
    const keys = await deps.createKeyPool(url, opts.keyPool);

    const startTouchline = (label) =>
      deps.startServer(url, { cache: true, label: `postgres + redis, ${label}`, env: redisEnv });
    const random = await deps.randomPart(db, keys, {
      part: 'postgres',
      startTouchline: () => startTouchline('random URLs'),
      startReference: async () => {
        const { port, child } = await deps.startClusterServer(referenceScript, 'pg reference server', [
          '--url',
          url,
        ]);
        const origin = `http://127.0.0.1:${port}`;
        await deps.waitForHttp(`${origin}/api/v1/football/matches/none`, { child, status: 401 });
        log(`pg reference server (node:http + pg, pool of 10 a worker) on port ${port}, pid ${child.pid}`);
        return { child, origin, stop: () => deps.stop(child, 5000) };
      },
    });

    // The cached answer, and the profile of each scenario, on a server of their own.
    await redis.flushdb();
    const server = await startTouchline('cached and profiled');
    let cached;
    const profile = {};
    try {
      const auth = { authorization: `Bearer ${keys[0]}` };
      const cachedUrl = `${server.base}/football/matches/${http.ids.match}`;
      cached = await deps.bench('postgres touchline match-by-id (cached)', {
        url: cachedUrl,
        headers: auth,
        serverPid: server.child.pid,
      });
      const origin = server.base.replace(/\/api\/v1$/, '');
      const dir = `${tmp}/random-postgres`;
      const targets = {
        'match-by-id (cached)': { url: cachedUrl, headers: auth },
        'match-by-id-random': {
          url: `${origin}/`,
          script: deps.randomScript(`${dir}/profile-by-id.lua`, {
            pathsFile: `${dir}/match-by-id-random.paths`,
            keysFile: `${dir}/key-pool.txt`,
            seed: 7777,
          }),
        },
        'team-season-random': {
          url: `${origin}/`,
          script: deps.randomScript(`${dir}/profile-team-season.lua`, {
            pathsFile: `${dir}/team-season-random.paths`,
            keysFile: `${dir}/key-pool.txt`,
            seed: 7777,
          }),
        },
      };
      for (const [name, target] of Object.entries(targets)) {
        const statementsBefore = await pgStatements(opts.pgUrl, database);
        const commandsBefore = await redisCommands(redis);
        const run = await deps.measure({
          ...target,
          threads: opts.threads,
          connections: opts.connections,
          seconds: 5,
          serverPid: server.child.pid,
        });
        const statements = (await pgStatements(opts.pgUrl, database)) - statementsBefore;
        const commands = perRequest(commandsBefore, await redisCommands(redis), run.requests);
        profile[name] = {
          requests: run.requests,
          rps: run.rps,
          p99Ms: run.p99Ms,
          serverCores: run.serverCores,
          otherCores: run.otherCores,
          pgStatementsPerRequest: statements / run.requests,
          redisCommandsPerRequest: Object.values(commands).reduce((a, b) => a + b, 0),
          redisByCommand: commands,
        };
        log(
          `postgres profile ${name}: ${(statements / run.requests).toFixed(2)} PostgreSQL statements and ` +
            `${profile[name].redisCommandsPerRequest.toFixed(2)} Redis commands a request ` +
            `(${Object.entries(commands)
              .map(([c, n]) => `${c} ${n.toFixed(2)}`)
              .join(', ')}); other cores (PostgreSQL, Redis, wrk) ${run.otherCores.toFixed(1)}`,
        );
      }
    } finally {
      await server.stop();
    }
    const sqliteCached = http.scenarios.find((s) => s.name === 'match-by-id');
    return {
      database: 'postgres + redis',
      ingest,
      random,
      cached: {
        name: 'match-by-id',
        url: `/api/v1/football/matches/${http.ids.match}`,
        rps: cached.rps,
        p50Ms: cached.p50Ms,
        p99Ms: cached.p99Ms,
        errors: cached.errors,
        sqliteRps: sqliteCached?.rps,
        vsSqlite: sqliteCached ? cached.rps / sqliteCached.rps : undefined,
      },
      profile,
    };
  } finally {
    await redis.flushdb().catch(() => undefined);
    redis.disconnect();
    if (!opts.keep) await adminQuery(opts.pgUrl, `drop database if exists ${database} with (force)`);
    else log(`postgres: kept the database ${database}`);
  }
}
