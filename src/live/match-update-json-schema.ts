import { jsonSchemaDocument } from '../text/json-schema-document.js';
import { MatchUpdate } from './match-update.js';

/** Where the published schema is kept, relative to the repository. */
export const MATCH_UPDATE_SCHEMA_FILE = 'docs/feed/match-update.schema.json';

/**
 * The live match update format as a JSON Schema (draft 2020-12) document: the TypeBox schema the updates
 * are checked against, as plain JSON. Written to MATCH_UPDATE_SCHEMA_FILE by
 * `npx tsx scripts/write-json-schemas.ts` (formatted as Prettier formats JSON);
 * test/unit/live/match-update-format.test.ts checks that the file holds what this gives.
 */
export function matchUpdateJsonSchema(): Record<string, unknown> {
  return jsonSchemaDocument(
    MatchUpdate,
    'Touchline live match update',
    'One live update of one match, as `touchline live apply` reads it (one per line) and the admin ' +
      'listener accepts it (docs/live-updates.md).',
  );
}
