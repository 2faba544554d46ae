import { MatchUpdate } from './match-update.js';

/** Where the published schema is kept, relative to the repository. */
export const MATCH_UPDATE_SCHEMA_FILE = 'docs/feed/match-update.schema.json';

/**
 * The live match update format as a JSON Schema (draft 2020-12) document: the TypeBox schema the updates
 * are checked against, as plain JSON. Written to MATCH_UPDATE_SCHEMA_FILE by
 * `npx tsx scripts/write-match-update-schema.ts` (formatted as Prettier formats JSON);
 * test/unit/live/match-update-format.test.ts checks that the file holds what this gives.
 */
export function matchUpdateJsonSchema(): Record<string, unknown> {
  // JSON.stringify drops TypeBox's symbol keys and undefined descriptions: what is left is JSON Schema.
  const schema = JSON.parse(JSON.stringify(MatchUpdate)) as Record<string, unknown>;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Touchline live match update',
    description:
      'One live update of one match, as `touchline live apply` reads it (one per line) and the admin ' +
      'listener accepts it (docs/live-updates.md).',
    ...schema,
  };
}
