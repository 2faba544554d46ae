// Writes the published JSON Schemas from the TypeBox schemas the formats are checked against, formatted as
// the repository's Prettier settings format JSON: docs/feed/feed.schema.json (the operator feed,
// src/ingest/feed/feed-schema.ts) and docs/feed/match-update.schema.json (live match updates,
// src/live/match-update.ts), and the schemas of the data files beside them in data/ (src/data-schemas.ts).
// Run it after changing any of these formats: `npx tsx scripts/write-json-schemas.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { feedJsonSchema, PUBLISHED_SCHEMA_PATH } from '../src/ingest/feed/published-schema.js';
import { MATCH_UPDATE_SCHEMA_FILE, matchUpdateJsonSchema } from '../src/live/match-update-json-schema.js';
import { DATA_SCHEMAS, dataJsonSchema } from '../src/data-schemas.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemas: Array<readonly [string, Record<string, unknown>]> = [
  [PUBLISHED_SCHEMA_PATH, feedJsonSchema()],
  [MATCH_UPDATE_SCHEMA_FILE, matchUpdateJsonSchema()],
  ...DATA_SCHEMAS.map((published) => [published.file, dataJsonSchema(published)] as const),
];
for (const [relative, schema] of schemas) {
  const file = path.join(root, relative);
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = await prettier.format(JSON.stringify(schema), { ...options, filepath: file });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`wrote ${relative}`);
}
