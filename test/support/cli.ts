// The real CLI (`node dist/cli/main.js`, built) as a child process, for every test that runs it: a
// command run to its end, or one kept running (`serve`) until the test stops it; and a free port for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The built CLI, as operators run it: no TypeScript loader in the child (nor in its cluster workers), so a
// spawn costs Node's start-up and the CLI's modules only. scripts/run-tests.mjs builds dist/ before the
// system suite; a run of a single file after a change to src/ needs `npm run build` first (checked below).
const CLI = [path.join(ROOT, 'dist', 'cli', 'main.js')];

/** Fails when a file under src/ is newer than the last `npm run build` (its dist/.built): the child would run old code. */
function assertBuilt(): void {
  const built = fs.statSync(path.join(ROOT, 'dist', '.built'), { throwIfNoEntry: false });
  const newer = (dir: string): string | undefined => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      const found = entry.isDirectory()
        ? newer(at)
        : fs.statSync(at).mtimeMs > built!.mtimeMs
          ? at
          : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const stale = built ? newer(path.join(ROOT, 'src')) : 'dist/ (never built)';
  if (stale)
    throw new Error(`the built CLI is older than ${path.relative(ROOT, stale)}: run \`npm run build\``);
}
let checked = false;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningCli {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  /** Settles once the process has exited and its output is read to the end. */
  exited: Promise<Exit>;
}

export interface CliOptions {
  /** The working directory (a relative DATABASE_URL, the default `var/`): the repository by default. */
  cwd?: string;
  /** What the command reads on standard input (`--from -`); none (end of input at once) by default. */
  input?: string | Buffer;
}

/**
 * Starts `touchline <args>` with only `env` (plus PATH and HOME), in a process group of its own, so that
 * killing the group also reaches cluster workers whose primary died first.
 */
export function launchCli(args: string[], env: Record<string, string>, options: CliOptions = {}): RunningCli {
  if (!checked) {
    assertBuilt();
    checked = true;
  }
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exited };
}

/** Kills the process's whole group, if any of it still runs, and waits for the exit. */
export async function killCli(running: RunningCli): Promise<void> {
  try {
    process.kill(-running.child.pid!, 'SIGKILL');
  } catch {
    // the whole group has exited already
  }
  await running.exited;
}

/** `launchCli`, killed (with its workers) after `t` if still running. */
export function runCli(
  t: Pick<TestContext, 'after'>,
  args: string[],
  env: Record<string, string>,
): RunningCli {
  const running = launchCli(args, env);
  t.after(() => killCli(running));
  return running;
}

/** Runs one command to its end; its exit and output. */
export async function cliOnce(
  args: string[],
  env: Record<string, string>,
  options: CliOptions = {},
): Promise<Exit & { stdout: string; stderr: string }> {
  const running = launchCli(args, env, options);
  return { ...(await running.exited), ...running.output };
}

/** Where the kernel's ephemeral ports start (Linux tells; elsewhere its usual start, IANA's 49152). */
function ephemeralStart(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 49_152;
  } catch {
    return 49_152;
  }
}

/** Listens on `port` (0: one the kernel picks) and closes again: the port, or undefined when taken. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/** Ports freePort has returned in this process: never the same one twice (a server and its metrics). */
const handedOut = new Set<number>();
const handOut = (port: number) => (handedOut.add(port), port);

/**
 * A port free now, for a server a test starts a few seconds later (after `migrate` and `keys create`).
 * Drawn at random below the kernel's ephemeral range: a port the kernel picks (`listen(0)`, and the local
 * port of every outgoing connection, which the tests make by the thousand) could be handed to another
 * socket of the test run meanwhile, and the server would then fail to listen; one below the range is
 * only ever taken by another test's draw.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralStart();
  const from = 10_000;
  for (let tries = 0; below - from >= 1000 && tries < 20; tries += 1) {
    const drawn = from + randomInt(below - from);
    if (handedOut.has(drawn)) continue;
    const port = await tryPort(drawn);
    if (port !== undefined) return handOut(port);
  }
  for (let tries = 0; tries < 20; tries += 1) {
    const picked = await tryPort(0);
    if (picked !== undefined && !handedOut.has(picked)) return handOut(picked);
  }
  throw new Error('no free port');
}

/** Resolves with the exit, or rejects when the process is still running after `ms`. */
export async function exitWithin(running: RunningCli, ms: number): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running ${ms} ms later; stderr: ${running.output.stderr}`)),
      ms,
    );
  });
  try {
    return await Promise.race([running.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls /api/v1/health until it answers 200; fails early if the process exits. Generous by default: tsx
 * compiles on start, and test files run side by side.
 */
export async function waitForHealth(base: string, running: RunningCli, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) {
      throw new Error(`serve exited with ${running.child.exitCode}: ${running.output.stderr}`);
    }
    try {
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/health not 200 within ${withinMs} ms (${last}); stderr: ${running.output.stderr}`);
}
