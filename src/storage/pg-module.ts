import { createRequire } from 'node:module';
import type pg from 'pg';

let loaded: typeof pg | undefined;

/**
 * The pg driver, loaded when first asked for: a process on SQLite never needs it, and loading it is a
 * noticeable share of a short command's run (an ingestion that changes nothing).
 */
export function pgModule(): typeof pg {
  loaded ??= createRequire(import.meta.url)('pg') as typeof pg;
  return loaded;
}
