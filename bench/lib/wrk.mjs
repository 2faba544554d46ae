// Runs wrk against one URL (or a rotation of paths through a Lua script) and reads its report, while
// sampling the server's memory and CPU from /proc.
import fs from 'node:fs';
import { machineCounters, processTree, reapedChildrenCpu, run, treeUsage } from './procs.mjs';

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function toMs(text) {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text);
  if (!m) throw new Error(`wrk: cannot read the duration "${text}"`);
  return Number(m[1]) * UNIT_MS[m[2]];
}

/** Parses wrk's text report (run with --latency). */
export function parseWrk(text) {
  const num = (re) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : undefined;
  };
  const percentile = (p) => {
    const m = new RegExp(`^\\s+${p}%\\s+(\\S+)\\s*$`, 'm').exec(text);
    return m ? toMs(m[1]) : undefined;
  };
  const total = /^\s+(\d+) requests in ([\d.]+)(us|ms|s|m|h)/m.exec(text);
  const rps = num(/^Requests\/sec:\s+([\d.]+)/m);
  if (!total || rps === undefined || percentile(99) === undefined) {
    throw new Error(`wrk: unexpected output:\n${text}`);
  }
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = sock ? sock.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  const latency = /^\s+Latency\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(text);
  return {
    requests: Number(total[1]),
    seconds: toMs(`${total[2]}${total[3]}`) / 1000,
    rps,
    avgMs: latency ? toMs(latency[1]) : undefined,
    maxMs: latency ? toMs(latency[3]) : undefined,
    p50Ms: percentile(50),
    p75Ms: percentile(75),
    p90Ms: percentile(90),
    p99Ms: percentile(99),
    socketErrors,
    socketErrorDetail: sock ? sock[0] : null,
    // wrk counts every answer with a status above 399 here.
    statusErrors: num(/Non-2xx or 3xx responses:\s+(\d+)/) ?? 0,
  };
}

/** A wrk script sending `paths` in turn (each thread starts at a different place). */
export function rotationScript(file, paths) {
  const list = paths.map((p) => `  ${JSON.stringify(p)},`).join('\n');
  fs.writeFileSync(
    file,
    `local paths = {\n${list}\n}\nlocal i = 0\n` +
      `local counter = 0\n` +
      `function setup(thread)\n  counter = counter + 1\n  thread:set("start", counter * 7919)\nend\n` +
      `function init(args)\n  i = start or 0\nend\n` +
      `function request()\n  i = i + 1\n  return wrk.format(nil, paths[(i % #paths) + 1])\nend\n`,
  );
  return file;
}

/**
 * A wrk script sending, on every request, a path drawn at random from `pathsFile` with a key drawn at
 * random from `keysFile` (`Authorization: Bearer <key>`), one per line each. Thread n draws from its own
 * generator seeded with `seed + n`, so two runs of the same script send the same requests in the same
 * order on each thread. The lists are read from their files when the threads start: a Lua table of ~93k
 * string literals is more constants than one Lua function may hold.
 */
export function randomScript(file, { pathsFile, keysFile, seed }) {
  fs.writeFileSync(
    file,
    [
      `local counter = 0`,
      `function setup(thread)`,
      `  counter = counter + 1`,
      `  thread:set("seed", ${Number(seed)} + counter)`,
      `end`,
      `local paths, keys, headers = {}, {}, {}`,
      `function init(args)`,
      `  for line in io.lines(${JSON.stringify(pathsFile)}) do paths[#paths + 1] = line end`,
      `  for line in io.lines(${JSON.stringify(keysFile)}) do keys[#keys + 1] = "Bearer " .. line end`,
      `  if #paths == 0 or #keys == 0 then error("no paths or no keys") end`,
      `  math.randomseed(seed)`,
      `end`,
      `function request()`,
      `  headers["Authorization"] = keys[math.random(#keys)]`,
      `  return wrk.format("GET", paths[math.random(#paths)], headers)`,
      `end`,
      '',
    ].join('\n'),
  );
  return file;
}

/** How far the summed RSS must rise past its value at the last PSS reading for PSS to be read again. */
const PSS_STEP_MB = 2;

/**
 * One wrk measurement. `serverPid` (optional) is the root of the process tree whose RSS (peak over the
 * run) and CPU time are reported; wrk's own CPU time is read from this process's reaped-children times.
 * `expectStatus` 401 makes the 4xx answers the expected ones and counts 2xx as errors instead.
 */
export async function measure({
  url,
  headers = {},
  script,
  threads,
  connections,
  seconds,
  serverPid,
  expectStatus = 200,
}) {
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency'];
  args.push('--timeout', '5s');
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (script) args.push('-s', script);
  args.push(url);

  const peak = { rssMb: 0, pssMb: 0, anonMb: 0, processes: 0 };
  let peakSample;
  // The server's processes are found once: a scan of /proc on every sample costs CPU the server shares.
  const pids = serverPid ? processTree(serverPid) : [];
  // Reading smaps_rollup walks a process's page tables under its memory-map lock, about 6 ms of CPU per
  // sample of this server, and holds up the process meanwhile: sampled every 250 ms it took 7% off the
  // uncached match list's pages/s and put 1-2 ms on its p99. RSS (cheap) is sampled every 250 ms, and
  // PSS read again only when the summed RSS passes the RSS of the last PSS reading by PSS_STEP_MB, as
  // the PSS peak goes with the RSS peak: reading it at every new RSS peak, however small, still meant 16-20
  // readings in a run whose heap grows slowly, and the uncached match list's p99 moved by 1-5 ms with them.
  let pssReads = 0;
  let rssAtPssRead = -Infinity;
  const sample = (always) => {
    if (!serverPid) return undefined;
    let usage = treeUsage(serverPid, { pids, pss: false });
    if (always || usage.rssMb > rssAtPssRead + PSS_STEP_MB) {
      usage = treeUsage(serverPid, { pids });
      rssAtPssRead = Math.max(rssAtPssRead, usage.rssMb);
      pssReads += 1;
      if (!peakSample || usage.rssMb > peakSample.rssMb) peakSample = usage;
    }
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], usage[k]);
    return usage;
  };
  const before = sample(true);
  const machineBefore = machineCounters();
  const wrkCpuBefore = reapedChildrenCpu();
  const sampler = setInterval(() => sample(false), 250);
  let result;
  try {
    result = await run('wrk', args, { name: 'wrk', timeoutMs: (seconds + 30) * 1000 });
  } finally {
    clearInterval(sampler);
  }
  const after = sample(true);
  const wrkCpuS = reapedChildrenCpu() - wrkCpuBefore;
  const machineAfter = machineCounters();
  if (result.code !== 0) throw new Error(`wrk exited with ${result.code}: ${result.stderr || result.stdout}`);
  const parsed = parseWrk(result.stdout);
  const unexpected = expectStatus === 200 ? parsed.statusErrors : parsed.requests - parsed.statusErrors; // 2xx when 401 expected
  const serverCores = before && after ? (after.cpuS - before.cpuS) / parsed.seconds : undefined;
  const wrkCores = wrkCpuS / parsed.seconds;
  const busyCores = (machineAfter.busyS - machineBefore.busyS) / parsed.seconds;
  return {
    ...parsed,
    errors: parsed.socketErrors + unexpected,
    wrkCpuS,
    wrkCores,
    // CPU used meanwhile by everything else on the machine (other jobs, this script): the noise.
    otherCores: Math.max(0, busyCores - wrkCores - (serverCores ?? 0)),
    // Share of the time some runnable task was waiting for a CPU (Linux PSI "some"); near 1 = saturated.
    cpuPressure:
      machineAfter.cpuWaitS === undefined
        ? undefined
        : (machineAfter.cpuWaitS - machineBefore.cpuWaitS) / parsed.seconds,
    serverRssMb: serverPid ? peak.rssMb : undefined,
    serverPssMb: serverPid ? peak.pssMb : undefined,
    serverAnonMb: serverPid ? peak.anonMb : undefined,
    serverProcesses: serverPid ? peak.processes : undefined,
    // Memory of each process at the PSS reading with the highest summed RSS (MB).
    serverMemoryAtPeak: peakSample?.perProcess.map(({ rssMb, anonMb, pssMb }) => ({ rssMb, anonMb, pssMb })),
    serverPssReads: serverPid ? pssReads : undefined,
    serverCores,
    raw: result.stdout,
  };
}
