import dns from 'node:dns';
import net from 'node:net';
import { allowEntryProblem } from '../config/webhook-config.js';

/**
 * Where webhooks may be delivered (docs/webhooks.md, "Safe targets"): an https URL (http too when the operator
 * allows it), never to an address of the machine, its network or its cloud's metadata service unless the
 * operator names the host or its network (TOUCHLINE_WEBHOOK_ALLOW_HOSTS). Checked when a subscription is
 * created and again at every connection, on the addresses the name resolves to then: the connection is made
 * to the very address checked (see pinnedLookup), so a name that resolves elsewhere the second time (DNS
 * rebinding) reaches nothing it may not.
 */

/** Ranges no webhook reaches unless allowed: IANA's special-purpose registries, mostly (RFC 6890). */
const BLOCKED_V4 = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the metadata services (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;

// IPv4-mapped addresses (::ffff:a.b.c.d) are held to the IPv4 ranges by BlockList itself.
const BLOCKED_V6 = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: likewise
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address
  ['fc00::', 7], // unique local (fd00:ec2::254, a metadata service, among them)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const;

function blockList(): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix] of BLOCKED_V4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of BLOCKED_V6) list.addSubnet(address, prefix, 'ipv6');
  return list;
}

const BLOCKED = blockList();

/** A resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to; a test gives its own. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** How long a name may take to resolve. */
export const RESOLVE_TIMEOUT_MS = 3000;

/** The system's resolver (getaddrinfo, as connections use it), every address, within RESOLVE_TIMEOUT_MS. */
export const systemResolver: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface TargetPolicyOptions {
  /** http URLs as well as https (TOUCHLINE_WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** TOUCHLINE_WEBHOOK_ALLOW_HOSTS: exact host names or addresses, and CIDR ranges. */
  allowHosts: readonly string[];
  resolve?: Resolver;
}

/** Why a target is refused, in words a key holder can act on. */
export class TargetRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** The longest URL taken. */
export const MAX_URL_LENGTH = 2000;

/** A URL's host as an address or a lower-case name, brackets taken off IPv6 literals. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

export class TargetPolicy {
  private readonly hosts = new Set<string>();
  private readonly ranges = new net.BlockList();
  readonly resolve: Resolver;

  constructor(readonly options: TargetPolicyOptions) {
    for (const entry of options.allowHosts) {
      const problem = allowEntryProblem(entry);
      if (problem) throw new Error(`TOUCHLINE_WEBHOOK_ALLOW_HOSTS: ${problem}`);
      const slash = entry.indexOf('/');
      if (slash < 0) this.hosts.add(entry.toLowerCase());
      else {
        const address = entry.slice(0, slash);
        this.ranges.addSubnet(
          address,
          Number(entry.slice(slash + 1)),
          net.isIP(address) === 6 ? 'ipv6' : 'ipv4',
        );
      }
    }
    this.resolve = options.resolve ?? systemResolver;
  }

  /** Whether the operator named this host (or address) itself. */
  private hostAllowed(host: string): boolean {
    return this.hosts.has(host);
  }

  /** Why `address` may not be connected to, or undefined when it may. */
  addressProblem(address: string, host: string): string | undefined {
    const family = net.isIP(address);
    if (family === 0) return `"${address}" is not an address`;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (this.hostAllowed(host) || this.hostAllowed(address.toLowerCase())) return undefined;
    if (this.ranges.check(address, type)) return undefined;
    if (BLOCKED.check(address, type)) {
      return `${address} is a loopback, private, link-local, metadata or otherwise reserved address`;
    }
    return undefined;
  }

  /**
   * The URL as it will be stored, or TargetRefused: its form, its scheme and the addresses its host resolves
   * to now. Resolving is the only thing done over the network: no connection is made.
   */
  async check(raw: string): Promise<URL> {
    const url = this.checkForm(raw);
    const host = hostOf(url);
    if (net.isIP(host) !== 0) {
      const problem = this.addressProblem(host, host);
      if (problem)
        throw new TargetRefused('blocked_address', `The webhook's host is not allowed: ${problem}.`);
      return url;
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await withTimeout(this.resolve(host), RESOLVE_TIMEOUT_MS);
    } catch {
      throw new TargetRefused('unresolvable_host', `The webhook's host ${host} cannot be resolved.`);
    }
    if (addresses.length === 0) {
      throw new TargetRefused('unresolvable_host', `The webhook's host ${host} resolves to no address.`);
    }
    for (const { address } of addresses) {
      const problem = this.addressProblem(address, host);
      if (problem) {
        throw new TargetRefused('blocked_address', `The webhook's host ${host} resolves to ${problem}.`);
      }
    }
    return url;
  }

  /** What can be told of a URL without resolving it. */
  checkForm(raw: string): URL {
    if (raw.length > MAX_URL_LENGTH) {
      throw new TargetRefused(
        'url_too_long',
        `The webhook's URL is longer than ${MAX_URL_LENGTH} characters.`,
      );
    }
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new TargetRefused('malformed_url', 'The webhook’s url is not an absolute URL.');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TargetRefused('scheme', 'The webhook’s URL must be https.');
    }
    if (url.username !== '' || url.password !== '') {
      throw new TargetRefused(
        'credentials_in_url',
        'The webhook’s URL may not hold a user name or password.',
      );
    }
    const host = hostOf(url);
    if (!this.hostAllowed(host) && (host === 'localhost' || host.endsWith('.localhost'))) {
      throw new TargetRefused(
        'blocked_address',
        `The webhook's host is not allowed: ${host} is this machine.`,
      );
    }
    if (net.isIP(host) !== 0) {
      const problem = this.addressProblem(host, host);
      if (problem)
        throw new TargetRefused('blocked_address', `The webhook's host is not allowed: ${problem}.`);
    }
    if (url.protocol === 'http:' && !this.options.allowHttp) {
      throw new TargetRefused(
        'scheme',
        'The webhook’s URL must be https (this server does not deliver over http).',
      );
    }
    url.hash = '';
    return url;
  }

  /**
   * A `lookup` for http.request: resolves the host, refuses the connection when any address is not allowed,
   * and gives the socket the address it checked, so that it connects to nothing else.
   */
  pinnedLookup(): net.LookupFunction {
    return (hostname, options, callback) => {
      const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
      const found =
        net.isIP(host) !== 0
          ? Promise.resolve([{ address: host, family: net.isIP(host) as 4 | 6 }])
          : withTimeout(this.resolve(host), RESOLVE_TIMEOUT_MS);
      found.then(
        (addresses) => {
          const problem = addresses.length === 0 ? 'no address' : undefined;
          const blocked = addresses.map((a) => this.addressProblem(a.address, host)).find(Boolean);
          if (problem || blocked) {
            const error = Object.assign(new Error(`refused: ${host} resolves to ${blocked ?? problem}`), {
              code: 'WEBHOOK_BLOCKED_ADDRESS',
            });
            return callback(error, '', 4);
          }
          const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
          const usable = addresses.filter((a) => wanted === undefined || a.family === wanted);
          const chosen = usable.length > 0 ? usable : addresses;
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (e: null, list: ResolvedAddress[]) => void)(null, chosen);
          } else callback(null, chosen[0]!.address, chosen[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 4),
      );
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
