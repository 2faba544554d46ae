// What the API tests' app (build-app.ts) delivers webhooks through: names of example.com resolve to its
// public address without a DNS server (the tests have no network), and an attempt reaches no receiver, as a
// server without one would: a connection refused. Tests of delivery itself run a receiver on 127.0.0.1
// (webhook-receiver.ts) with the real sender.
import type { Attempt, Delivery } from '../../src/webhooks/send-webhook.js';
import { TargetPolicy } from '../../src/webhooks/target-policy.js';

export const exampleResolver = async (host: string) => {
  if (host === 'example.com' || host.endsWith('.example.com'))
    return [{ address: '93.184.215.14', family: 4 as const }];
  throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

export const offlineWebhooks = {
  policy: new TargetPolicy({ allowHttp: false, allowHosts: [], resolve: exampleResolver }),
  send: async (_delivery: Delivery): Promise<Attempt> => ({
    ok: false,
    status: null,
    latencyMs: 0,
    error: 'connection refused',
    excerpt: null,
  }),
};
