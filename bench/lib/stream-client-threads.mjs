// Stream clients spread over worker threads: one thread reading 5,000 sockets takes each event from them
// one after the other, and its own turn through them would count in every delay it measures (about as much
// as the server's fan-out on this machine). Each thread opens its share of the streams (stream-clients.mjs)
// and notes when each update reached each of its clients, on the clock every thread shares
// (performance.timeOrigin + performance.now()); the caller computes the delays.
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { openStreams } from './stream-clients.mjs';

const UPDATE_ID = '"update_id":"';

/** Milliseconds since the epoch, sub-millisecond, the same in every thread. */
export function wallNow() {
  return performance.timeOrigin + performance.now();
}

function updateIdOf(data) {
  const at = data.indexOf(UPDATE_ID);
  return at < 0 ? undefined : data.slice(at + UPDATE_ID.length, data.indexOf('"', at + UPDATE_ID.length));
}

if (!isMainThread && workerData?.streamClients) {
  const { url, keys, from, count } = workerData.streamClients;
  const arrivals = [];
  const streams = await openStreams({
    url,
    count,
    headersOf: (i) => ({ authorization: `Bearer ${keys[(from + i) % keys.length]}` }),
    onEvent: (event) => {
      if (event.event !== 'update') return;
      const updateId = updateIdOf(event.data);
      if (updateId !== undefined) arrivals.push(updateId, wallNow());
    },
  });
  parentPort.postMessage({ opened: streams.opened });
  parentPort.once('message', () => {
    parentPort.postMessage({ arrivals, closedEarly: streams.closedEarly });
    streams.close();
    parentPort.close();
  });
}

/**
 * Opens `count` streams on `url` over `threads` threads; resolves once all are open. `collect()` closes
 * them and resolves with every arrival (`updateId -> [ms since the epoch]`) and the streams the server
 * ended early.
 */
export async function openStreamThreads({ url, keys, count, threads }) {
  const workers = [];
  const ready = [];
  for (let t = 0; t < threads; t += 1) {
    const from = Math.floor((t * count) / threads);
    const share = Math.floor(((t + 1) * count) / threads) - from;
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { streamClients: { url, keys, from, count: share } },
    });
    workers.push(worker);
    ready.push(
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    );
  }
  const opened = (await Promise.all(ready)).reduce((n, m) => n + m.opened, 0);
  return {
    opened,
    async collect() {
      const reports = await Promise.all(
        workers.map(
          (worker) =>
            new Promise((resolve, reject) => {
              worker.once('message', resolve);
              worker.once('error', reject);
              worker.postMessage('collect');
            }),
        ),
      );
      const arrivals = new Map();
      for (const report of reports) {
        for (let i = 0; i < report.arrivals.length; i += 2) {
          const id = report.arrivals[i];
          let times = arrivals.get(id);
          if (!times) arrivals.set(id, (times = []));
          times.push(report.arrivals[i + 1]);
        }
      }
      await Promise.all(workers.map((worker) => worker.terminate()));
      return { arrivals, closedEarly: reports.reduce((n, r) => n + r.closedEarly, 0) };
    },
    close: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}
