import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Storage } from '../storage/connection.js';
import type { Database } from '../storage/schema.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { DatasetGeneration } from '../cache/dataset-generation.js';
import { then, type Maybe } from '../storage/maybe.js';
import { JSON_TYPE, REQUEST_ID_PLACEHOLDER } from './cached-body.js';
import type { StandingsBook } from './standings/season-standings.js';

/** What the route plugins receive as options. */
export interface RouteDeps {
  db: Kysely<Database>;
  storage: Storage;
  cache: ResponseCache;
  generation: DatasetGeneration;
  /** Season tables, published or computed once per version of their season. */
  standings: StandingsBook;
  version: string;
}

interface PageMeta {
  page: number;
  limit: number;
  request_id: string;
  has_more: boolean;
}

function metaOf(page: { page: number; limit: number }, requestId: string, hasMore: boolean): PageMeta {
  return { page: page.page, limit: page.limit, request_id: requestId, has_more: hasMore };
}

/** Pagination meta; the request ID is filled in per request by the response cache. */
export function pageMeta(
  request: FastifyRequest,
  page: { page: number; limit: number },
  hasMore: boolean,
): PageMeta {
  return metaOf(page, request.routeOptions.config.cache ? REQUEST_ID_PLACEHOLDER : request.id, hasMore);
}

/**
 * A page's body around items that are JSON text already, for a cached route (the request ID is the
 * placeholder the response cache replaces): the serializer's output for the same page, byte for byte.
 * `more` adds the route's own meta after pagination's, in the order its schema lists them.
 */
export function cachedJsonPageText(
  items: readonly string[],
  page: { page: number; limit: number },
  hasMore: boolean,
  more: object = {},
): string {
  const meta = JSON.stringify({ ...metaOf(page, REQUEST_ID_PLACEHOLDER, hasMore), ...more });
  return `{"data":[${items.join(',')}],"meta":${meta}}`;
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

/**
 * A cached route's answer, written once for both engines: the 200 body as text, with the request ID
 * placeholder, from the validated parameters and query; an ApiError thrown for any other answer. Its
 * reads return at once on SQLite and later on PostgreSQL (storage/maybe.ts), so it is text there at once
 * and a promise here. The route's Fastify handler is answerHandler of it.
 */
export type Answer = (
  params: Readonly<Record<string, string | undefined>>,
  query: Readonly<Record<string, unknown>>,
  tools: AnswerTools,
) => Maybe<string>;

/** What an Answer may use of the request's route beyond its input. */
export interface AnswerTools {
  /**
   * `value` as Fastify's serializer for `schema` writes it (compiled once per schema): the text another
   * route answers with that schema, so that a part of this answer is that answer, byte for byte.
   */
  serialize(schema: TSchema, value: unknown): string;
}

/**
 * The Fastify handler of a route whose answer is an Answer: its text, returned (at once or as a promise)
 * for Fastify to send as it is. Typed as returning nothing, since the route's typed reply is the
 * object the text serializes, not the text.
 */
export function answerHandler(answer: Answer): (request: FastifyRequest, reply: FastifyReply) => void {
  const handler = (request: FastifyRequest, reply: FastifyReply): Maybe<string> => {
    const tools: AnswerTools = {
      serialize: (schema, value) => reply.compileSerializationSchema(schema as never)(value as never),
    };
    return then(answer(request.params as never, request.query as never, tools), (text) => {
      reply.type(JSON_TYPE);
      return text;
    });
  };
  return handler as (request: FastifyRequest, reply: FastifyReply) => void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No API key needed. */
    public?: boolean;
    /** Counted against the per-minute window only, never against the quota (see Charge in admission). */
    windowOnly?: boolean;
    /** Answer from the response cache. */
    cache?: boolean;
    /**
     * The cached answer also describes ingestion runs that change no data (unchanged, failed): it is
     * cached per DatasetGeneration.withRuns instead of per generation.
     */
    cacheFollowsRuns?: boolean;
    /**
     * The path parameters naming the records a cached answer is about: its version is theirs
     * (DatasetGeneration.versionOf), so that it stays cached while other records change. Absent, the
     * answer is about many records (a list, a search) and follows every change. Each must be a parameter
     * of the route's path (checked when the route is added).
     */
    cacheScope?: readonly string[];
  }
}
