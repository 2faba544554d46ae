// Pipelined requests on one connection (scenarios/pipelining.ts) against the app listening in this
// process; real-servers.test.ts runs them against `touchline serve`.
import { test } from 'node:test';
import { listeningApp } from './listening-app.js';
import { pipelining } from './scenarios/pipelining.js';

test('pipelined requests on one connection', async (t) => {
  await pipelining(t, await listeningApp(t));
});
