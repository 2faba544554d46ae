// Builds the real-data template on the engine TOUCHLINE_TEST_ENGINE selects, unless it is there already:
// scripts/run-tests.mjs runs this once per engine before the data suite, so that its files copy the one
// build instead of waiting on each other's lock.
import { prepareTemplate } from '../test-database.js';
import { REAL_DATA } from './real-data.js';
import { SHARED_AVAILABLE } from '../shared-data.js';

const started = performance.now();
if (SHARED_AVAILABLE) {
  await prepareTemplate(REAL_DATA);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `ℹ run-tests: the real data is ready on ${process.env.TOUCHLINE_TEST_ENGINE ?? 'sqlite'} (${seconds} s)`,
  );
}
