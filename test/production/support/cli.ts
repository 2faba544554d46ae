import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts')];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningCli {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<Exit>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs `touchline <args>` with only `env` (plus PATH and HOME); killed with SIGKILL after `t` if still alive. */
export function runCli(
  t: Pick<TestContext, 'after'>,
  args: string[],
  env: Record<string, string>,
): RunningCli {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so cleanup also reaches cluster workers if the primary dies first.
    detached: true,
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  t.after(async () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the whole group has exited already
    }
    await exited;
  });
  return { child, output, exited };
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

/** Polls /api/v1/health until it answers 200; fails early if the process exits. */
export async function waitForHealth(base: string, running: RunningCli, withinMs = 15_000): Promise<void> {
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
