import { jsonSchemaDocument } from '../../text/json-schema-document.js';
import { feedDocument, RECORD_LISTS } from './feed-schema.js';

/** Where the schema is published in the repository, relative to its root. */
export const PUBLISHED_SCHEMA_PATH = 'docs/feed/feed.schema.json';

/**
 * The JSON Schema (draft 2020-12) of a whole feed document, as published at docs/feed/feed.schema.json:
 * the same TypeBox definitions the adapter checks records with, as plain JSON (TypeBox's own symbol keys
 * dropped). A document valid against it has no record rejected for its shape; the rules a schema cannot
 * say (keys that name records, real dates, time zones) are in docs/feed.md.
 */
export function feedJsonSchema(): Record<string, unknown> {
  return jsonSchemaDocument(
    feedDocument((list) => RECORD_LISTS[list]),
    'Touchline operator feed',
    'Competitions, seasons, teams and fixtures an operator ingests with `touchline ingest feed`. ' +
      'Generated from src/ingest/feed/feed-schema.ts; the rules are in docs/feed.md.',
  );
}
