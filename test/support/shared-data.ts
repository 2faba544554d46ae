// Where the real datasets are (../shared/data beside the repository), and how a test needing them skips.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';

// test/support -> repository root -> .. -> shared/data; TOUCHLINE_SHARED_DATA names another place.
export const SHARED = path.resolve(
  process.env.TOUCHLINE_SHARED_DATA || path.join(import.meta.dirname, '../../../shared/data'),
);

/** Each source's location in the shared folder. football.json's sibling `clubs` is the club directory. */
export const DATA = {
  footballJson: path.join(SHARED, 'openfootball/football.json'),
  clubs: path.join(SHARED, 'openfootball/clubs'),
  worldcupJson: path.join(SHARED, 'openfootball/worldcup.json'),
  fjelstul: path.join(SHARED, 'fjelstul-worldcup'),
  footballData: path.join(SHARED, 'football-data-csv'),
  internationalResults: path.join(SHARED, 'international_results'),
} as const;

const MISSING = Object.values(DATA).filter((p) => !fs.existsSync(p));

/** Whether every source of the shared folder is there. */
export const SHARED_AVAILABLE = MISSING.length === 0;

/**
 * True when the shared data is there. Otherwise the test is skipped with a visible notice, except under
 * CI=true, where the data must be present and the test fails.
 */
export function needsSharedData(t: TestContext): boolean {
  if (SHARED_AVAILABLE) return true;
  const what = fs.existsSync(SHARED) ? `missing: ${MISSING.join(', ')}` : 'the folder is absent';
  const message = `needs the shared datasets in ${SHARED} (${what})`;
  if (process.env.CI === 'true') assert.fail(message);
  t.skip(`SKIPPED: ${message}`);
  return false;
}
