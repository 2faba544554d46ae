// The real CLI (`node --import tsx src/cli/main.ts`) as a child process: one-shot commands, and
// `serve` kept running until the test stops it with a signal.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plan } from '../../../src/config/plans.js';
import type { Scope } from './limits-env.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts')];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Serving {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<Exit>;
}

function launch(args: string[], env: Record<string, string>): Serving {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, ...output })),
  );
  return { child, output, exited };
}

/** Runs one command to its end. */
export function touchline(args: string[], env: Record<string, string>): Promise<Exit> {
  return launch(args, env).exited;
}

/**
 * Starts `serve` (stopped with SIGKILL after the test if still running) and waits until /health is 200;
 * generous, as tsx compiles on start and test files run side by side.
 */
export async function serve(
  scope: Scope,
  args: string[],
  env: Record<string, string> & { PORT: string },
): Promise<Serving> {
  const running = launch(['serve', ...args], env);
  scope.defer(async () => {
    if (running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`serve exited: ${JSON.stringify(running.output)}`);
    const ok = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return running;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`serve did not become healthy: ${JSON.stringify(running.output)}`);
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

/** Writes plans in the TOUCHLINE_PLANS_FILE format and returns the file's path. */
export function writePlansFile(dir: string, plans: readonly Plan[], name = 'plans.json'): string {
  const file = path.join(dir, name);
  const json = plans.map((p) => ({
    name: p.name,
    requests_per_minute: p.requestsPerMinute,
    requests_per_period: p.requestsPerPeriod,
    description: p.description,
  }));
  fs.writeFileSync(file, JSON.stringify(json));
  return file;
}

/** Creates a key through `keys create`; returns the key (stdout) and its id (named on stderr). */
export async function createKey(
  env: Record<string, string>,
  plan: string,
): Promise<{ key: string; id: string }> {
  const result = await touchline(['keys', 'create', '--plan', plan, '--name', `cli ${plan}`], env);
  const id = /created (key_\w+) on plan/.exec(result.stderr)?.[1];
  if (result.code !== 0 || !id) throw new Error(`keys create failed (${result.code}): ${result.stderr}`);
  return { key: result.stdout.trim(), id };
}

/** `keys usage <id>`'s "used U of Q, remaining R" line. */
export async function keysUsage(
  env: Record<string, string>,
  id: string,
): Promise<{ used: number; limit: number; remaining: number }> {
  const result = await touchline(['keys', 'usage', id], env);
  const match = /^used (\d+) of (\d+), remaining (\d+)$/m.exec(result.stdout);
  if (result.code !== 0 || !match)
    throw new Error(`keys usage failed (${result.code}): ${result.stdout}${result.stderr}`);
  return { used: Number(match[1]), limit: Number(match[2]), remaining: Number(match[3]) };
}
