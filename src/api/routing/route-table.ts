import FindMyWay from 'find-my-way';
import type { FastifyContextConfig, FastifySchema } from 'fastify';

/**
 * The router options Fastify is given. The route table below is built with the same ones, so that a
 * request target finds the same route, with the same decoded parameters and the same parsed query
 * string, in both.
 */
export const ROUTER_OPTIONS = {
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  caseSensitive: true,
  maxParamLength: 100,
  useSemicolonDelimiter: false,
} as const;

/** A route as registered with Fastify: its URL pattern, every method it answers, its config and schema. */
export interface RouteInfo {
  url: string;
  methods: string[];
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
}

export interface FoundRoute {
  route: RouteInfo;
  params: Record<string, string | undefined>;
  /** The query string parsed as Fastify parses it (find-my-way's parser), not validated yet. */
  query: Record<string, unknown>;
}

/**
 * Every route of the app, found as Fastify's router finds it (both are find-my-way with ROUTER_OPTIONS):
 * what the read fast path answers before Fastify routes a request, and which methods a path allows,
 * for a 405's Allow header.
 */
export class RouteTable {
  private readonly router = FindMyWay(ROUTER_OPTIONS);
  private readonly routes = new Map<string, RouteInfo>();
  private readonly methods = new Set<string>();

  /** Adds one method of a route (Fastify's onRoute hook sees HEAD routes on their own). */
  add(method: string, url: string, config: FastifyContextConfig, schema: FastifySchema | undefined): void {
    let route = this.routes.get(url);
    if (!route) {
      route = { url, methods: [], config, schema };
      this.routes.set(url, route);
    }
    if (route.methods.includes(method)) return;
    route.methods.push(method);
    this.methods.add(method);
    this.router.on(method as FindMyWay.HTTPMethod, url, () => undefined, route);
  }

  find(method: string, target: string): FoundRoute | undefined {
    const found = this.router.find(method as FindMyWay.HTTPMethod, target);
    if (!found) return undefined;
    return { route: found.store as RouteInfo, params: found.params, query: found.searchParams };
  }

  /** The methods the route of `target` answers, whatever the request's method; undefined when none. */
  allowedMethods(target: string): readonly string[] | undefined {
    for (const method of this.methods) {
      const found = this.find(method, target);
      if (found) return found.route.methods;
    }
    return undefined;
  }
}
