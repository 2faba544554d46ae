// The cluster primary's LimitBroker and workers' IpcLimitStores wired through in-process channels, as
// cluster gives them but without processes, for the lease tests.
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import type { Plan } from '../../../src/config/plans.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { IpcLimitStore } from '../../../src/limits/ipc-limit-store.js';
import type { WireRequest } from '../../../src/limits/ipc-wire.js';
import type { LimitBroker } from '../../../src/limits/limit-broker.js';
import type { LimitRequest } from '../../../src/limits/limit-store.js';
import type { UsageLedger } from '../../../src/limits/usage-ledger.js';

/** Counts what the store would persist; nothing is persisted before. */
export function countingLedger() {
  const recorded = { count: 0, windowOnly: 0 };
  const ledger = {
    persisted: async () => 0,
    persistedWindow: async () => [],
    unflushed: () => 0,
    record: (_key: string, _period: Date, count = 1) => {
      recorded.count += count;
    },
    recordWindow: (_key: string, _at: number, count = 1) => {
      recorded.windowOnly += count;
    },
    close: async () => undefined,
  } as unknown as UsageLedger;
  return { ledger, recorded };
}

/** A worker and its IPC channel; `sent` counts the messages to the primary, in all and by kind. */
export function connect(broker: LimitBroker) {
  const worker = new EventEmitter() as EventEmitter & Worker;
  const channel = new EventEmitter() as EventEmitter & NodeJS.Process;
  const sent = { toPrimary: 0, ops: {} as Partial<Record<WireRequest['op'], number>> };
  channel.send = ((message: WireRequest, _h?: unknown, _o?: unknown, done?: () => void) => {
    sent.toPrimary += 1;
    sent.ops[message.op] = (sent.ops[message.op] ?? 0) + 1;
    setImmediate(() => {
      worker.emit('message', structuredClone(message));
      done?.();
    });
    return true;
  }) as NodeJS.Process['send'];
  worker.send = ((message: unknown) => {
    setImmediate(() => channel.emit('message', structuredClone(message)));
    return true;
  }) as Worker['send'];
  worker.isConnected = () => true;
  broker.serve(worker);
  return { store: new IpcLimitStore(channel), worker, sent };
}

export const plan = (perMinute: number, perPeriod = 1_000_000): Plan => ({
  name: 'p',
  requestsPerMinute: perMinute,
  requestsPerPeriod: perPeriod,
  description: '',
});

export const request = (p: Plan, keyId = 'key_a'): LimitRequest => {
  const now = Date.now();
  return { keyId, plan: p, period: billingPeriod(new Date(now), null), now };
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
