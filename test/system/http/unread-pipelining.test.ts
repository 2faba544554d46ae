// Clients that pipeline and never read (scenarios/unread-pipelining.ts) against the app listening in
// this process, whose heap is this process's; real-servers.test.ts runs them against `touchline serve`.
import { test } from 'node:test';
import { listeningApp } from '../../support/http/listening-app.js';
import { floodWhileAnotherClientReads } from '../../support/http/scenarios/unread-pipelining.js';

test('clients that pipeline and never read do not take the service down', async (t) => {
  await floodWhileAnotherClientReads(t, await listeningApp(t));
});
