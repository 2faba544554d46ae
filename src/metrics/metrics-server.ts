import http from 'node:http';
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { within } from '../storage/probe.js';

/**
 * A serving process's registry: what it counts of its requests (request-metrics.ts) and Node's own
 * figures (event-loop lag, heap, GC, CPU, file descriptors) under their usual names.
 */
export function servingRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Whether Redis answers, as a serving process sees it. Across workers the lowest counts: Redis is up for
 * the instance when every worker reaches it.
 */
export function registerRedisUp(registry: Registry, ping: () => Promise<unknown>): void {
  new Gauge({
    name: 'touchline_redis_up',
    help: 'Whether Redis answered a PING within 1 s at this scrape (1) or not (0), the lowest of the workers',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await within(ping())) ? 1 : 0);
    },
  });
}

/**
 * In a cluster worker: the primary's metrics listener asks the worker for `registry` at each scrape,
 * through prom-client's cluster messages (they share the IPC channel with the limit messages, which ignore
 * them, as these ignore the others).
 */
export function shareWithPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what installs the worker's listener.
  void new AggregatorRegistry();
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function sendError(res: http.ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message, details: {} } });
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * The Prometheus endpoint, `GET /metrics`, on a listener of its own (config `metrics`), so that it needs
 * no API key, counts against nothing and is not exposed where the API is unless the operator binds it
 * there. `own` is this process's registry; with `workers`, what every cluster worker counts is added,
 * summed across them (prom-client's aggregation: counters and histograms add up, gauges say how).
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  own: Registry;
  workers: boolean;
}): Promise<MetricsListener> {
  const { own, workers } = options;
  const aggregator = workers ? new AggregatorRegistry() : undefined;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return sendError(res, 404, 'not_found', 'Metrics are at /metrics.');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return sendError(res, 405, 'method_not_allowed', 'Metrics are read with GET.');
    }
    Promise.all([own.metrics(), aggregator?.clusterMetrics() ?? ''])
      .then(([mine, theirs]) => {
        const body = theirs ? `${mine}\n${theirs}` : mine;
        res.writeHead(200, {
          'content-type': own.contentType,
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch((error: Error) =>
        sendError(res, 503, 'service_unavailable', `Metrics could not be gathered: ${error.message}`),
      );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
