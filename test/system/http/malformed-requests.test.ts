// Malformed and oversized requests (scenarios/malformed-requests.ts) against the app listening in this
// process; real-servers.test.ts runs them against `touchline serve`.
import { test } from 'node:test';
import { listeningApp } from '../../support/http/listening-app.js';
import { malformedRequests } from '../../support/http/scenarios/malformed-requests.js';

test('malformed and oversized requests', async (t) => {
  await malformedRequests(t, await listeningApp(t));
});
