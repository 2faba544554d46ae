// Request smuggling attempts (scenarios/smuggling.ts) against the app listening in this process;
// real-servers.test.ts runs them against `touchline serve`.
import { test } from 'node:test';
import { listeningApp } from '../../support/http/listening-app.js';
import { smuggling } from '../../support/http/scenarios/smuggling.js';

test('request smuggling attempts', async (t) => {
  await smuggling(t, await listeningApp(t));
});
