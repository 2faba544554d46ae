// Writes docs/feed/match-update.schema.json from the TypeBox schema live updates are checked against
// (src/live/match-update.ts), formatted as the repository's Prettier settings format JSON. Run it after
// changing the format: `npx tsx scripts/write-match-update-schema.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { MATCH_UPDATE_SCHEMA_FILE, matchUpdateJsonSchema } from '../src/live/match-update-json-schema.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = path.join(root, MATCH_UPDATE_SCHEMA_FILE);
const options = (await prettier.resolveConfig(file)) ?? {};
const text = await prettier.format(JSON.stringify(matchUpdateJsonSchema()), { ...options, filepath: file });
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, text);
console.log(`wrote ${MATCH_UPDATE_SCHEMA_FILE}`);
