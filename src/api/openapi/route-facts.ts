import type { RouteOptions } from 'fastify';
import { formatParamUrl } from '@fastify/swagger';

/** What the document says of an operation that its schema does not: how the route is configured. */
export interface RouteFacts {
  /** Needs a key: admitted, counted and refused by admission (every route but the `public` ones). */
  keyed: boolean;
  /** Answers carry an ETag and a matching If-None-Match gets 304 (keyed routes answered from the cache). */
  conditional: boolean;
  /** Counted against the quota as well as the minute window (not a `windowOnly` route). */
  quota: boolean;
  /** A paginated list (its query has `page`): its pages carry a Link header (plugins/page-links.ts). */
  paged: boolean;
}

const keyOf = (method: string, path: string) => `${method.toLowerCase()} ${path}`;

/**
 * The facts of every documented route, noted as @fastify/swagger hands each route to its `transform`
 * and read back when the whole document is completed (`transformObject`, in the same generation).
 */
export class RouteFactBook {
  private readonly facts = new Map<string, RouteFacts>();

  note(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>): void {
    const config = route.config ?? {};
    const keyed = !config.public;
    const query = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    const facts = {
      keyed,
      conditional: keyed && config.cache === true,
      quota: keyed && !config.windowOnly,
      paged: keyed && config.cache === true && query?.properties?.page !== undefined,
    };
    for (const method of [route.method].flat())
      this.facts.set(keyOf(method, formatParamUrl(route.url)), facts);
  }

  /** The facts of `method` on a document path; a route never noted is taken as keyed, as most are. */
  of(method: string, path: string): RouteFacts {
    return (
      this.facts.get(keyOf(method, path)) ?? { keyed: true, conditional: false, quota: true, paged: false }
    );
  }
}
