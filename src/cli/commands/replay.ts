import type { Config } from '../../config/config.js';
import { adminTarget } from '../../replay/admin-target.js';
import { prepareReplay, ReplayUnavailable, type PreparedReplay } from '../../replay/prepare-replay.js';
import { humanLine, replayLine } from '../../replay/replay-line.js';
import { directTarget, type ReplayTarget } from '../../replay/replay-target.js';
import { ReplayRefused, runReplay, type StepOutcome } from '../../replay/run-replay.js';
import { openStorage, type Storage } from '../../storage/connection.js';
import { openLiveAnnouncer } from '../../stream/live-announcer.js';
import { migrateToLatest } from '../../storage/migrations/migrate.js';
import { UsageError } from '../usage-error.js';
import { explainMissingDatabase } from '../with-storage.js';

export interface ReplayOptions {
  speed: number;
  /** False with --no-wait: as fast as the updates apply. */
  wait: boolean;
  to?: string;
  token?: string;
  json?: boolean;
}

/** How long an update waits for SQLite's write lock while an ingestion holds it (as `live apply`). */
const WRITE_LOCK_WAIT_MS = 30_000;

async function writeLine(text: string): Promise<void> {
  if (!process.stdout.write(`${text}\n`)) {
    await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
  }
}

function openDatabase(config: Readonly<Config>, direct: boolean): Storage {
  try {
    // Applying directly takes the write lock as `live apply` does; sending to a server only reads here.
    return openStorage(config.databaseUrl, {
      create: false,
      ...(direct ? { writeLock: { waitMs: WRITE_LOCK_WAIT_MS } } : {}),
    });
  } catch (error) {
    throw explainMissingDatabase(error);
  }
}

/** Where the announcer says Redis is failing (the updates still apply; servers find them by polling). */
const stderrLog = {
  error: (_fields: object, message: string) => void process.stderr.write(`replay: ${message}\n`),
  warn: (_fields: object, message: string) => void process.stderr.write(`replay: ${message}\n`),
};

/** Ctrl-C or SIGTERM skips to full time (the match restored) instead of leaving the match part-played. */
function interruptions(): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

function announce(prepared: PreparedReplay, target: ReplayTarget, speed: number): void {
  const { plan } = prepared;
  const updates = plan.steps.filter((s) => s.update).length + 1;
  const pace =
    speed === 0
      ? 'as fast as they apply'
      : `about ${Math.ceil((plan.fullTimeAt * 60) / speed)} s at speed ${speed}`;
  process.stderr.write(
    `replay: ${plan.names.home} v ${plan.names.away} (${plan.matchId}), run ${plan.run}: ${updates} updates ` +
      `to ${target.describe}, ${pace}\n`,
  );
  if (prepared.recoveredFrom) {
    process.stderr.write(
      `replay: an interrupted replay (${prepared.recoveredFrom}) left the match live: ` +
        'it ends as it was stored before that one\n',
    );
  }
  for (const note of plan.skipped) process.stderr.write(`replay: not sent: ${note}\n`);
}

/**
 * `touchline replay <match_id> [--speed N] [--no-wait] [--to <url> [--token <t>]] [--json]`: plays a
 * stored match into the live-update path as if it were live (docs/live-updates.md, "Replay"), one line
 * per moment on stdout. Exit 0 once full time restored the match; 1 when it cannot be replayed, an update
 * was not applied, or the replay was interrupted (the match is restored all the same).
 */
export async function replayCommand(
  config: Readonly<Config>,
  matchId: string,
  options: ReplayOptions,
): Promise<number> {
  const token = options.token ?? config.adminToken;
  if (options.to === undefined && options.token !== undefined) {
    throw new UsageError('--token is for --to: the admin listener the updates are sent to');
  }
  if (options.to !== undefined && !token) {
    throw new UsageError('--to needs the admin token: --token <token>, or TOUCHLINE_ADMIN_TOKEN');
  }
  const speed = options.wait ? options.speed : 0;
  const storage = openDatabase(config, options.to === undefined);
  try {
    await migrateToLatest(storage);
    let prepared: PreparedReplay;
    try {
      prepared = await prepareReplay(storage.db, matchId);
    } catch (error) {
      if (error instanceof ReplayUnavailable) throw new Error(`replay: ${error.message}`);
      throw error;
    }
    const target = options.to === undefined ? directTarget(storage) : adminTarget(options.to, token!);
    // Applied here, the updates are announced to every instance's streams through Redis when configured;
    // sent to a listener, that server announces them.
    const announcer = options.to === undefined ? openLiveAnnouncer(config.redisUrl, stderrLog) : undefined;
    announce(prepared, target, speed);
    const emit = (outcome: StepOutcome) =>
      writeLine(options.json ? JSON.stringify(replayLine(outcome)) : humanLine(outcome));
    const { signal, release } = interruptions();
    try {
      const result = await runReplay(prepared.plan, target, { speed, signal, emit }).catch((error) => {
        throw error instanceof ReplayRefused ? new Error(`replay: ${error.message}`) : error;
      });
      const seconds = (result.elapsedMs / 1000).toFixed(1);
      if (result.interrupted) {
        process.stderr.write(`touchline: replay interrupted after ${seconds} s: the match was restored\n`);
        return 1;
      }
      process.stderr.write(`replay: ${result.applied} updates applied in ${result.elapsedMs} ms\n`);
      return 0;
    } finally {
      release();
      await announcer?.close();
    }
  } finally {
    await storage.close();
  }
}
