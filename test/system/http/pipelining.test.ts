// Pipelined requests on one connection (scenarios/pipelining.ts) against the app listening in this
// process; real-servers.test.ts runs them against `touchline serve`.
import { test } from 'node:test';
import { listeningApp } from '../../support/http/listening-app.js';
import { pipelining } from '../../support/http/scenarios/pipelining.js';

test('pipelined requests on one connection', async (t) => {
  await pipelining(t, await listeningApp(t));
});
