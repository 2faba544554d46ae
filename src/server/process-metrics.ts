import cluster from 'node:cluster';
import type { Redis } from 'ioredis';
import type { Config } from '../config/config.js';
import type { Registry } from 'prom-client';
import {
  type MetricsListener,
  registerRedisUp,
  servingRegistry,
  shareWithPrimary,
  startMetricsServer,
} from '../metrics/metrics-server.js';
import { RequestMetrics } from '../metrics/request-metrics.js';
import { registerServiceMetrics } from '../metrics/service-metrics.js';
import type { Storage } from '../storage/connection.js';

export interface ProcessMetrics {
  requests: RequestMetrics;
  close(): Promise<void>;
}

/**
 * A serving process's metrics, when the configuration asks for them: a cluster worker counts and hands
 * its figures to the primary, which serves them summed (cluster.ts); a server without workers counts and
 * serves them itself, with the instance's (service-metrics.ts).
 */
export async function processMetrics(
  config: Readonly<Config>,
  storage: Storage,
  redis: Redis | undefined,
): Promise<ProcessMetrics | undefined> {
  if (!config.metrics) return undefined;
  const registry = servingRegistry();
  const requests = new RequestMetrics(registry);
  if (redis) registerRedisUp(registry, () => redis.ping());
  if (cluster.isWorker) {
    shareWithPrimary(registry);
    return { requests, close: async () => undefined };
  }
  const listener = await serveInstanceMetrics(config.metrics, registry, storage, false);
  return { requests, close: () => listener.close() };
}

/**
 * The instance's metrics listener, from the process that serves it (a server without workers, or the
 * cluster primary with `workers`): `own` gets the instance's figures read from `storage`.
 */
export function serveInstanceMetrics(
  address: { host: string; port: number },
  own: Registry,
  storage: Storage,
  workers: boolean,
): Promise<MetricsListener> {
  registerServiceMetrics(own, storage.db);
  return startMetricsServer({ ...address, own, workers });
}
