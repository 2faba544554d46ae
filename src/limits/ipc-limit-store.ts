import type { Worker } from 'node:cluster';
import type { Plan } from '../config/plans.js';
import type { LimitDecision, LimitRequest, LimitStore } from './limit-store.js';

const REQUEST = 'touchline:limits';
const REPLY = 'touchline:limits:reply';
const TIMEOUT_MS = 2000;

interface WireRequest {
  type: typeof REQUEST;
  id: number;
  op: 'consume' | 'usage';
  keyId: string;
  plan?: Plan;
  periodStart: string;
  periodEnd?: string;
  now?: number;
}

interface WireReply {
  type: typeof REPLY;
  id: number;
  decision?: LimitDecision;
  usage?: number;
  error?: string;
}

/**
 * A worker's view of counters held by the cluster primary, so that without Redis every worker of one
 * server still shares one exact count per key. Each decision is one IPC round trip to the primary.
 */
export class IpcLimitStore implements LimitStore {
  private seq = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (r: WireReply) => void; reject: (e: Error) => void }
  >();
  private readonly onMessage = (message: unknown) => {
    const reply = message as WireReply;
    if (reply?.type !== REPLY) return;
    this.waiting.get(reply.id)?.resolve(reply);
    this.waiting.delete(reply.id);
  };

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on('message', this.onMessage);
  }

  private ask(request: Omit<WireRequest, 'type' | 'id'>): Promise<WireReply> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the cluster primary did not answer the limit check'));
      }, TIMEOUT_MS);
      this.waiting.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          if (reply.error) reject(new Error(reply.error));
          else resolve(reply);
        },
        reject,
      });
      this.channel.send?.({ type: REQUEST, id, ...request });
    });
  }

  async consume(request: LimitRequest): Promise<LimitDecision> {
    const reply = await this.ask({
      op: 'consume',
      keyId: request.keyId,
      plan: request.plan,
      periodStart: request.period.start.toISOString(),
      periodEnd: request.period.end.toISOString(),
      now: request.now,
    });
    return reply.decision!;
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    return (await this.ask({ op: 'usage', keyId, periodStart: periodStart.toISOString() })).usage!;
  }

  async close(): Promise<void> {
    this.channel.off('message', this.onMessage);
  }
}

/** In the primary: answers the limit checks of `worker` from `store`. */
export function serveLimitsTo(worker: Worker, store: LimitStore): void {
  worker.on('message', (message: unknown) => {
    const req = message as WireRequest;
    if (req?.type !== REQUEST) return;
    // The worker has given up on a check this old: counting it now would count a refused request.
    if (req.now !== undefined && Date.now() - req.now > TIMEOUT_MS) return;
    const answer =
      req.op === 'consume'
        ? store
            .consume({
              keyId: req.keyId,
              plan: req.plan!,
              period: { start: new Date(req.periodStart), end: new Date(req.periodEnd!) },
              now: req.now!,
            })
            .then((decision): WireReply => ({ type: REPLY, id: req.id, decision }))
        : store
            .usage(req.keyId, new Date(req.periodStart))
            .then((usage): WireReply => ({ type: REPLY, id: req.id, usage }));
    answer
      .catch((error: Error): WireReply => ({ type: REPLY, id: req.id, error: error.message }))
      .then((reply) => {
        if (worker.isConnected()) worker.send(reply);
      });
  });
}
