import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import {
  findIdempotentRequest,
  insertIdempotentRequest,
  pruneIdempotentRequests,
} from '../storage/repositories/idempotent-request.repository.js';
import { ApiError, invalidParameter } from './errors/catalogue.js';

/** How long an answer is kept for a retry with the same Idempotency-Key (docs/api.md, "Writes"). */
export const IDEMPOTENCY_HOURS = 24;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** The header as a route declares it, for validation and the OpenAPI document. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      pattern: KEY_SHAPE.source,
      description:
        `Makes a retry of this request answer what the first one did (kept ${IDEMPOTENCY_HOURS} h per API ` +
        'key): 1-255 printable ASCII characters, e.g. a UUID',
    }),
  ),
});

/** What a POST route's work answers: its status and body, stored for a retry when a key is sent. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Runs a POST once per Idempotency-Key (header `idempotency-key`, 1-255 printable characters, per API key):
 * the work and the storing of its answer commit in one transaction, so a retry, after a lost answer or at
 * the same time, is answered what the first one was (with `idempotent-replayed: true`) and changes nothing
 * again. The same key with another request (method, route, parameters or body) is a 409. Without the header,
 * the work runs as it is. Only answers of 2xx are stored: a refusal is not a result to keep.
 */
export async function idempotent(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Transaction<Database>) => Promise<Answer>,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const answer = await db.transaction().execute(work);
    return reply.code(answer.status).send(answer.body);
  }
  if (Array.isArray(header) || !KEY_SHAPE.test(header)) {
    throw invalidParameter('idempotency-key', 'must be 1 to 255 printable ASCII characters');
  }
  const keyId = request.admitted!.key.id;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.body ?? null]))
    .digest('hex');
  const now = new Date();
  const replay = async (): Promise<FastifyReply | undefined> => {
    const stored = await findIdempotentRequest(db, keyId, header);
    if (!stored) return undefined;
    if (stored.fingerprint !== fingerprint) {
      throw new ApiError(
        'conflict',
        'This Idempotency-Key was sent before with another request: use a new key for a new request.',
        { reason: 'idempotency_key_reused' },
      );
    }
    reply.header('idempotent-replayed', 'true');
    return reply.code(stored.status).send(JSON.parse(stored.body));
  };
  const before = await replay();
  if (before) return before;
  let answer: Answer;
  try {
    answer = await db.transaction().execute(async (trx) => {
      const done = await work(trx);
      if (done.status >= 200 && done.status < 300) {
        await insertIdempotentRequest(trx, {
          key_id: keyId,
          idempotency_key: header,
          fingerprint,
          status: done.status,
          body: JSON.stringify(done.body),
          created_at: now.toISOString(),
        });
      }
      return done;
    });
  } catch (error) {
    // The same key sent at the same time: the other request committed first, and its answer is this one's.
    const other = await replay().catch(() => undefined);
    if (other) return other;
    throw error;
  }
  await pruneIdempotentRequests(db, new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000).toISOString());
  return reply.code(answer.status).send(answer.body);
}
