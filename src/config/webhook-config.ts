import net from 'node:net';
import { ConfigError } from './config-error.js';

/** How `serve` delivers webhooks (docs/webhooks.md), read once with the configuration. */
export interface WebhookConfig {
  /** Whether `serve` runs the delivery worker (TOUCHLINE_WEBHOOKS). */
  deliver: boolean;
  /** Whether http targets are taken as well as https ones (TOUCHLINE_WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** Hosts and CIDR ranges webhooks may reach whatever their addresses (TOUCHLINE_WEBHOOK_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** Subscriptions one process delivers to at once (TOUCHLINE_WEBHOOK_CONCURRENCY). */
  concurrency: number;
}

export const DEFAULT_WEBHOOK_CONFIG: Readonly<WebhookConfig> = Object.freeze({
  deliver: true,
  allowHttp: false,
  allowHosts: Object.freeze([]),
  concurrency: 8,
});

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Why an entry of TOUCHLINE_WEBHOOK_ALLOW_HOSTS is neither a host name, an address nor a CIDR range (the
 * address checked by node:net, the prefix length against its family), or undefined when it is one.
 */
export function allowEntryProblem(entry: string): string | undefined {
  const slash = entry.indexOf('/');
  if (slash >= 0) {
    const address = entry.slice(0, slash);
    const prefix = entry.slice(slash + 1);
    const family = net.isIP(address);
    if (family === 0 || !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) {
      return `"${entry}" is not a CIDR range such as 10.1.0.0/16 or fd00::/8`;
    }
    return undefined;
  }
  if (net.isIP(entry) !== 0 || HOST_NAME.test(entry)) return undefined;
  return `"${entry}" is not a host name, an address or a CIDR range`;
}

/** The comma-separated allow-list, each entry checked. */
export function parseAllowHosts(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const problem = allowEntryProblem(entry);
    if (problem) throw new ConfigError('TOUCHLINE_WEBHOOK_ALLOW_HOSTS', problem);
  }
  return entries;
}
