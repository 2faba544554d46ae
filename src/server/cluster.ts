import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { IpcLimitStore } from '../limits/ipc-limit-store.js';
import { LimitBroker } from '../limits/limit-broker.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { MemoryLimitStore } from '../limits/memory-limit-store.js';
import { UsageLedger } from '../limits/usage-ledger.js';
import { UsageJournal, usageJournalDir } from '../limits/usage-journal.js';
import { serveInstanceMetrics } from './process-metrics.js';
import { Registry } from 'prom-client';
import { prepareDeployment, type KeyAnnouncer } from './prepare-deployment.js';
import { startRefresher } from './refresh-scheduler.js';
import { startPrimaryFeed } from '../stream/primary-feed.js';
import { GENERATED_SECRET_WARNING } from '../stream/live-feed.js';
import { TOKEN_SECRET_VARIABLE } from '../config/stream-config.js';

const SHUTDOWN_GRACE_MS = 30_000;
/**
 * V8 sizes a heap from the machine's memory: on a large machine a worker's old generation may grow to
 * gigabytes before collecting hard, and its young generation to 16 MB a semi-space. Workers allocate many
 * short-lived objects per request; with these limits they stay near 60 MB each under load. A 2 MB
 * semi-space collects half as often as 1 MB did, which took the uncached match list's p99 from 9-12 ms
 * to 7.5-9 ms (bench/), for about 5 MB more per worker. 512 MB is far above what a worker holds (its
 * response cache is bounded by TOUCHLINE_CACHE_ENTRIES). A flag of the same name given to node itself wins.
 *
 * Without allocation-site pretenuring: V8 allocates straight in the old generation whatever is made
 * where most objects outlived a young collection, and with a full response cache and many misses (random
 * URLs) it switched sites that build answers: every answer read once then went to the old generation,
 * whose collections came several times a second and paused the worker for milliseconds each (measured
 * with --trace-gc-nvp under bench/'s random team + season pages). Answers read once should die young.
 *
 * Single-threaded GC: a cluster runs a worker per core, and each V8 would add helper threads for its
 * collections, which then compete with the other workers for the cores: a collection that meant to be
 * shared out waits for a core instead, with every request of its worker behind it. On the collecting
 * worker's own thread, collections cost about the same in all and never wait for a core (bench/: random
 * URLs, p99 about a third lower at the same req/s; cached reads unchanged).
 */
const WORKER_V8_FLAGS = [
  '--max-semi-space-size=2',
  '--max-old-space-size=512',
  '--no-allocation-site-pretenuring',
  '--single-threaded-gc',
];

function workerExecArgv(): string[] {
  const given = (flag: string) => process.execArgv.some((arg) => arg.startsWith(flag.split('=')[0]!));
  return [...process.execArgv, ...WORKER_V8_FLAGS.filter((flag) => !given(flag))];
}

const RESPAWN_DELAY_MS = 1000;

/** Finishes in-flight requests, closes pools and exits, on the first SIGTERM or SIGINT. */
function exitOnSignal(log: Logger, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info({ signal, pid: process.pid }, 'shutting down: finishing in-flight requests');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

async function runWorker(config: Readonly<Config>, log: Logger): Promise<void> {
  // Without Redis the primary holds the request counters, so limits stay exact across workers.
  const limits = config.redisUrl ? undefined : new IpcLimitStore();
  // Loaded here, not at the top: the cluster primary never serves HTTP and stays small without it.
  const { startServer } = await import('./start-server.js');
  const server = await startServer(config, log, { limits, liveFromPrimary: true });
  exitOnSignal(log, () => server.close());
}

/**
 * The primary's metrics listener: the instance's figures and the sum of its workers'. It reads the
 * database through the primary's own connection where it has one (without Redis), else through its own.
 */
async function primaryMetrics(config: Readonly<Config>, shared: Storage | undefined) {
  if (!config.metrics) return undefined;
  const storage = shared ?? openStorage(config.databaseUrl, { create: false });
  const listener = await serveInstanceMetrics(config.metrics, new Registry(), storage, true);
  return {
    close: async () => {
      await listener.close();
      if (!shared) await storage.close();
    },
  };
}

/**
 * Without Redis the primary holds every worker's counters. On SQLite it journals what it admits beside
 * the database (src/limits/usage-journal.ts), so that a kill between two writes of the counts loses none
 * of them: before any worker starts, the journal an earlier primary left is written to the database.
 */
async function primaryLimits(
  config: Readonly<Config>,
  log: Logger,
  storage: Storage,
  workers: number,
): Promise<LimitBroker> {
  const dir = usageJournalDir(config.databaseUrl);
  const journal = dir
    ? new UsageJournal(dir, (err) =>
        log.warn({ err, dir }, 'usage journal not written: counts kept in memory'),
      )
    : undefined;
  const ledger = new UsageLedger(storage.db, config.usageFlushMs, journal);
  const replayed = await ledger.recover();
  if (replayed > 0) log.info({ replayed, dir }, 'counted the requests an earlier primary journalled');
  ledger.start();
  return new LimitBroker(new MemoryLimitStore(ledger), workers);
}

async function runPrimary(
  config: Readonly<Config>,
  log: Logger,
  workers: number,
  stopIngestion: () => Promise<void>,
): Promise<void> {
  let stopping = false;
  const storage = config.redisUrl ? undefined : openStorage(config.databaseUrl);
  const limits = storage ? await primaryLimits(config, log, storage, workers) : undefined;
  const metrics = await primaryMetrics(config, storage);
  // Live streams: the primary follows the log for its workers (src/stream/primary-feed.ts). A token secret
  // made at start is handed to the workers, so that each accepts the tokens the others issue.
  const live = startPrimaryFeed({
    storage,
    log,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    pollMs: config.stream.livePollMs,
  });
  if (config.stream.tokenSecretGenerated) log.warn(GENERATED_SECRET_WARNING);
  const workerEnv = config.stream.tokenSecretGenerated
    ? { [TOKEN_SECRET_VARIABLE]: config.stream.tokenSecret }
    : {};
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  const fork = () => {
    const worker = cluster.fork(workerEnv);
    limits?.serve(worker);
    live.serve(worker);
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    log.warn({ pid: worker.process.pid, code, signal }, 'worker exited unexpectedly: starting another');
    setTimeout(fork, RESPAWN_DELAY_MS).unref();
  });
  for (let i = 0; i < workers; i += 1) fork();
  log.info({ workers, host: config.host, port: config.port }, 'serving with worker processes');

  exitOnSignal(log, async () => {
    stopping = true;
    await stopIngestion();
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const force = setTimeout(() => worker.process.kill('SIGKILL'), SHUTDOWN_GRACE_MS);
            worker.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await limits?.close();
    await live.close();
    await metrics?.close();
    await storage?.close();
  });
}

/**
 * `touchline serve`: prepares the deployment once (migrations, first key, first ingestion), then serves
 * from one process, or from `workers` processes sharing the port through Node's cluster module. The
 * scheduled refresh runs in this process (the primary with workers), never in a worker: one per instance.
 */
export async function serve(
  config: Readonly<Config>,
  log: Logger,
  workers: number,
  options: { announceKey?: KeyAnnouncer } = {},
): Promise<void> {
  if (cluster.isWorker) return runWorker(config, log);
  const ingestion = await prepareDeployment(config, log, options.announceKey);
  // The admin listener for live updates (TOUCHLINE_ADMIN_PORT): here, in the primary, never in a worker.
  const admin = config.admin
    ? await (await import('./admin-server.js')).startAdminListener(config, log)
    : undefined;
  let refresher: ReturnType<typeof startRefresher>;
  // After the first start's ingestion: the schedule then counts from the runs it recorded.
  const startRefresh = () => (refresher = startRefresher(config, log, { after: ingestion?.done }));
  const stopBackground = async () => {
    ingestion?.stop();
    await refresher?.stop();
    await admin?.close();
  };
  if (workers <= 1) {
    const { startServer } = await import('./start-server.js');
    const server = await startServer(config, log);
    startRefresh();
    exitOnSignal(log, async () => {
      await stopBackground();
      await server.close();
    });
    return;
  }
  startRefresh();
  await runPrimary(config, log, workers, stopBackground);
}
