// Child processes of the benchmark (CLI runs, servers, nginx, wrk): every one is started in its own process
// group and remembered, so one call kills each of them with everything it forked, on success, error,
// Ctrl-C or an unexpected exit of the benchmark itself.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const live = new Set();

/** Spawns `command` in a new process group and tracks it until it exits. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
    detached: true,
  });
  const entry = { child, name: options.name ?? command, exited: false };
  live.add(entry);
  child.on('exit', () => {
    entry.exited = true;
    live.delete(entry);
  });
  let output = '';
  const keep = (d) => {
    output += d.toString();
    // Servers run for minutes: keep only the tail of what they print.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.output = () => output;
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the group leader, then SIGKILL to the whole group after `graceMs`. */
export async function stop(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    killGroup(child.pid, 'SIGKILL');
    return;
  }
  try {
    child.kill('SIGTERM');
  } catch {
    // already gone
  }
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs, 'timeout'));
  await Promise.race([child.exited, timer]);
  // Whatever the leader left behind (workers, nginx workers) goes too.
  killGroup(child.pid, 'SIGKILL');
  await Promise.race([child.exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
}

/** Synchronous: safe in process.on('exit'). */
export function killAll() {
  for (const { child } of live) killGroup(child.pid, 'SIGKILL');
  live.clear();
}

/**
 * Runs a command to completion with a time limit; resolves with its exit status, output and wall time.
 * Rejects when it runs out of time (the group is killed first).
 */
export async function run(command, args, { timeoutMs = 120_000, name, ...options } = {}) {
  const began = process.hrtime.bigint();
  const child = start(command, args, { name, ...options });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d.toString()));
  child.stderr.on('data', (d) => (stderr += d.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid, 'SIGKILL');
  }, timeoutMs);
  const { code, signal } = await child.exited;
  clearTimeout(timer);
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  if (timedOut) {
    throw new Error(`${name ?? command} did not finish within ${timeoutMs / 1000} s\n${stderr.slice(-2000)}`);
  }
  return { code, signal, stdout, stderr, ms };
}

/** A TCP port that was free on the loopback a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers `status`; fails early when `child` exits, or after `timeoutMs`. */
export async function waitForHttp(url, { child, timeoutMs = 30_000, status = 200, headers = {} } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`process exited before ${url} answered:\n${child.output().slice(-3000)}`);
    }
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === status) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs / 1000} s (last: ${last})`);
}

let ticksPerSecond;
/** USER_HZ, the unit of CPU times in /proc/<pid>/stat. */
export function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name, or undefined when the process is gone. */
function statFields(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

// Indexes into statFields(): field n of proc(5) is at n - 3.
const PPID = 1;
const UTIME = 11;
const STIME = 12;
const CUTIME = 13;
const CSTIME = 14;

/** `pid` and every process descending from it. */
export function processTree(pid) {
  const parentOf = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (fields) parentOf.set(Number(name), Number(fields[PPID]));
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

function kbField(text, name) {
  const m = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/**
 * Memory (MB) and CPU time (s) summed over a process tree, with its process count. `rssMb` is the sum of
 * VmRSS, which counts pages shared between the processes (the node binary, shared libraries) once per
 * process; `pssMb` divides each shared page among its sharers, so it is what the tree really costs;
 * `anonMb` is private heap and stacks. `pids` (the tree found earlier) spares the scan of /proc; with
 * `pss: false` smaps_rollup is not read (see measure() in wrk.mjs for why) and `pssMb` is 0.
 */
export function treeUsage(pid, { pids = processTree(pid), pss = true } = {}) {
  let ticks = 0;
  const each = [];
  for (const p of pids) {
    const status = readOr(`/proc/${p}/status`, '');
    each.push({
      pid: p,
      rssMb: kbField(status, 'VmRSS') / 1024,
      anonMb: kbField(status, 'RssAnon') / 1024,
      pssMb: pss ? kbField(readOr(`/proc/${p}/smaps_rollup`, ''), 'Pss') / 1024 : 0,
    });
    const fields = statFields(p);
    if (fields) ticks += Number(fields[UTIME]) + Number(fields[STIME]);
  }
  const sum = (k) => each.reduce((n, e) => n + e[k], 0);
  return {
    processes: pids.length,
    rssMb: sum('rssMb'),
    pssMb: sum('pssMb'),
    anonMb: sum('anonMb'),
    cpuS: ticks / clockTicks(),
    // The root first, then its children (for the server: the primary, then the workers).
    perProcess: each,
  };
}

/** CPU time (s) of this process's children that have exited and been waited for. */
export function reapedChildrenCpu() {
  const fields = statFields('self');
  return (Number(fields[CUTIME]) + Number(fields[CSTIME])) / clockTicks();
}

/** Finds an executable on PATH or in the sbin folders (nginx lives in /usr/sbin). */
export function which(command) {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/local/sbin', '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = `${dir}/${command}`;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

/**
 * Machine-wide counters: CPU time spent busy by all processes (s, from /proc/stat) and the time some
 * runnable task waited for a CPU (s, from /proc/pressure/cpu; undefined without PSI).
 */
export function machineCounters() {
  const cpu = readOr('/proc/stat', '').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal ...: everything but idle and iowait is busy.
  const busyTicks = cpu.reduce((n, v, i) => (i === 3 || i === 4 || i > 7 ? n : n + v), 0);
  const pressure = /^some .*total=(\d+)/m.exec(readOr('/proc/pressure/cpu', ''));
  return {
    busyS: busyTicks / clockTicks(),
    cpuWaitS: pressure ? Number(pressure[1]) / 1e6 : undefined,
  };
}
