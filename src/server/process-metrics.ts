import cluster from 'node:cluster';
import type { Redis } from 'ioredis';
import type { Config } from '../config/config.js';
import {
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
  registerServiceMetrics(registry, storage.db);
  const listener = await startMetricsServer({ ...config.metrics, own: registry, workers: false });
  return { requests, close: () => listener.close() };
}
