import { ConfigError } from './config-error.js';

/**
 * Where a download may be redirected (TOUCHLINE_DOWNLOAD_REDIRECTS): `any` host, the `same-host` as the
 * URL asked for (host name and port), no redirect at all (`off`), or the URL's own host and the hosts
 * listed. Whatever the rule, https is never redirected to plain http.
 */
export type RedirectRule = 'any' | 'same-host' | 'off' | { hosts: readonly string[] };

/** How source artifacts are downloaded (docs/sources.md, "Downloads"), read once with the configuration. */
export interface DownloadConfig {
  /**
   * The whole download of one artifact, every attempt and the waits between them included
   * (TOUCHLINE_DOWNLOAD_DEADLINE): a server that sends a byte now and then cannot hold a run (and the
   * ingestion lock) longer than this.
   */
  deadlineMs: number;
  /** The largest body accepted, as sent (before any decompression) (TOUCHLINE_DOWNLOAD_MAX_MB, bytes). */
  maxBytes: number;
  redirects: RedirectRule;
}

const MiB = 1024 * 1024;

/**
 * Long enough for the largest real source (openfootball's tarball, a few tens of MB) on a slow link, and
 * for the 512 MiB cap at about 10 Mbit/s.
 */
export const DEFAULT_DOWNLOAD_DEADLINE_MS = 15 * 60 * 1000;
export const DEFAULT_DOWNLOAD_MAX_BYTES = 512 * MiB;

export const DEFAULT_DOWNLOAD_CONFIG: Readonly<DownloadConfig> = Object.freeze({
  deadlineMs: DEFAULT_DOWNLOAD_DEADLINE_MS,
  maxBytes: DEFAULT_DOWNLOAD_MAX_BYTES,
  redirects: 'any',
});

type Env = Record<string, string | undefined>;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function readDeadline(env: Env): number {
  const name = 'TOUCHLINE_DOWNLOAD_DEADLINE';
  const raw = env[name];
  if (raw === undefined || raw === '') return DEFAULT_DOWNLOAD_DEADLINE_MS;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(raw.trim());
  const ms = m ? Math.round(Number(m[1]) * UNITS[m[2]!]!) : NaN;
  // Under a second no real artifact arrives; over a day a stalled run is as good as a hung one.
  if (!(ms >= 1000 && ms <= 86_400_000)) {
    throw new ConfigError(name, `must be a duration from 1s to 24h such as 90s, 15m or 1h, got "${raw}"`);
  }
  return ms;
}

function readMaxBytes(env: Env): number {
  const name = 'TOUCHLINE_DOWNLOAD_MAX_MB';
  const raw = env[name];
  if (raw === undefined || raw === '') return DEFAULT_DOWNLOAD_MAX_BYTES;
  // 4096 MiB: the archive readers hold an artifact in memory, and no Buffer is larger.
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 4096) {
    throw new ConfigError(name, `must be a whole number of MiB from 1 to 4096, got "${raw}"`);
  }
  return Number(raw) * MiB;
}

/**
 * A host as URL.host spells it for a URL on its scheme's default port (lower case; `:80` and `:443` left
 * out, so `example.org` is example.org on either default port), or undefined when it is not one.
 */
function hostOf(raw: string): string | undefined {
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(raw) && !/^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(raw)) return undefined;
  try {
    return new URL(`https://${raw}`).host.replace(/:80$/, '');
  } catch {
    return undefined;
  }
}

export function readRedirectRule(raw: string | undefined): RedirectRule {
  const name = 'TOUCHLINE_DOWNLOAD_REDIRECTS';
  const text = (raw ?? '').trim();
  if (text === '' || text === 'any') return 'any';
  if (text === 'same-host' || text === 'off') return text;
  const hosts: string[] = [];
  for (const item of text.split(',').map((s) => s.trim())) {
    const host = hostOf(item);
    if (!host) {
      throw new ConfigError(
        name,
        `must be any, same-host, off or a comma-separated list of hosts such as codeload.github.com, got "${item}"`,
      );
    }
    hosts.push(host);
  }
  return { hosts: Object.freeze(hosts) };
}

export function readDownloadConfig(env: Env): DownloadConfig {
  return {
    deadlineMs: readDeadline(env),
    maxBytes: readMaxBytes(env),
    redirects: readRedirectRule(env.TOUCHLINE_DOWNLOAD_REDIRECTS),
  };
}
