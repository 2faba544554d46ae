import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Storage } from '../storage/connection.js';
import type { Database } from '../storage/schema.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { DatasetGeneration } from '../cache/dataset-generation.js';
import { REQUEST_ID_PLACEHOLDER } from './plugins/response-cache.js';

/** What the route plugins receive as options. */
export interface RouteDeps {
  db: Kysely<Database>;
  storage: Storage;
  cache: ResponseCache;
  generation: DatasetGeneration;
  version: string;
}

interface PageMeta {
  page: number;
  limit: number;
  request_id: string;
  has_more: boolean;
}

/** Pagination meta; the request ID is filled in per request by the response cache. */
export function pageMeta(
  request: FastifyRequest,
  page: { page: number; limit: number },
  hasMore: boolean,
): PageMeta {
  const requestId = request.routeOptions.config.cache ? REQUEST_ID_PLACEHOLDER : request.id;
  return { page: page.page, limit: page.limit, request_id: requestId, has_more: hasMore };
}

/** Pagination meta with the number of matching items, for collections small enough to count. */
export function countedPageMeta(
  request: FastifyRequest,
  page: { page: number; limit: number },
  hasMore: boolean,
  total: number,
): PageMeta & { total: number } {
  return { ...pageMeta(request, page, hasMore), total };
}
