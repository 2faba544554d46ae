import { OPENAPI_EXAMPLES_SCHEMA } from './api/openapi/examples/captured.js';
import { ADJUSTMENTS_SCHEMA } from './standings/adjustments.js';
import { SCORE_CORRECTIONS_SCHEMA } from './ingest/openfootball/score-corrections.js';
import { COMPETITION_RULES_SCHEMA } from './standings/competition-rules.js';
import { COMPETITION_ZONES_SCHEMA } from './standings/competition-zones.js';
import { RATING_RULES_SCHEMA } from './ratings/rating-rules.js';
import { jsonSchemaDocument } from './text/json-schema-document.js';
import type { PublishedDataSchema } from './text/data-file.js';

/**
 * The JSON Schemas of the files in data/, published beside them (scripts/write-json-schemas.ts writes
 * them; test/unit/data-files.test.ts holds every file to its schema and each schema to its definition).
 */
export const DATA_SCHEMAS: readonly PublishedDataSchema[] = [
  COMPETITION_RULES_SCHEMA,
  COMPETITION_ZONES_SCHEMA,
  ADJUSTMENTS_SCHEMA,
  OPENAPI_EXAMPLES_SCHEMA,
  SCORE_CORRECTIONS_SCHEMA,
  RATING_RULES_SCHEMA,
];

/** A data file's schema as a JSON Schema (draft 2020-12) document. */
export function dataJsonSchema(published: PublishedDataSchema): Record<string, unknown> {
  return jsonSchemaDocument(published.schema, published.title, published.description);
}
