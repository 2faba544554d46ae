import { Type } from '@sinclair/typebox';
import { DataFileError, readDataFile, type PublishedDataSchema } from '../../../text/data-file.js';

/**
 * Real answers of a server holding the World Cups (Fjelstul, worldcup.json) and the Premier League
 * 2024/25 (openfootball, football-data), captured once and trimmed: documentation of what a client
 * gets, not data the tests rely on (test/api/openapi-responses.test.ts holds each to its route's schema).
 * Kept as data in data/openapi-examples/, one file per group of routes, read once when the module loads.
 */
export const EXAMPLE_FILES = [
  'openapi-examples/platform.json',
  'openapi-examples/competitions.json',
  'openapi-examples/matches.json',
  'openapi-examples/match-details.json',
  'openapi-examples/teams.json',
  'openapi-examples/people.json',
  'openapi-examples/live-stream.json',
  'openapi-examples/calendar.json',
  'openapi-examples/webhooks.json',
  'openapi-examples/ratings.json',
] as const;

/** Example bodies by route path (under the API prefix, parameters as `{name}`), then by status. */
const ExamplesFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    examples: Type.Record(
      Type.String({ pattern: '^/' }),
      Type.Record(Type.String({ pattern: '^[1-5][0-9]{2}$' }), Type.Unknown(), {
        additionalProperties: false,
      }),
      {
        additionalProperties: false,
        description:
          'Example bodies by route path (under the API prefix, parameters as {name}), then by status code.',
      },
    ),
  },
  { additionalProperties: false },
);

export const OPENAPI_EXAMPLES_SCHEMA: PublishedDataSchema = {
  file: 'data/openapi-examples/openapi-examples.schema.json',
  schema: ExamplesFileSchema,
  title: 'Touchline OpenAPI examples',
  description:
    'Captured answers shown as the examples of the OpenAPI document, by route path and status; each is ' +
    "held to its route's response schema by test/api/openapi-responses.test.ts. Generated from " +
    'src/api/openapi/examples/captured.ts.',
};

/** Every file's examples, by path then status; a path given by two files is an error, not an override. */
function readExamples(): ReadonlyMap<string, Readonly<Record<string, unknown>>> {
  const byPath = new Map<string, Readonly<Record<string, unknown>>>();
  for (const file of EXAMPLE_FILES) {
    for (const [path, statuses] of Object.entries(readDataFile(file, ExamplesFileSchema).examples)) {
      if (byPath.has(path)) throw new DataFileError(`data/${file}: examples of ${path} are given twice`);
      byPath.set(path, statuses);
    }
  }
  return byPath;
}

const CAPTURED = readExamples();

/** The live-* routes answer what their namesakes do (the beta carries no live data: docs/api.md). */
const LIVE = /\/live-([a-z-]+)$/;

/** The example body of a route's answer with `status` (a path under the API prefix), when captured. */
export function capturedExample(path: string, status: string): unknown {
  return (CAPTURED.get(path) ?? CAPTURED.get(path.replace(LIVE, '/$1')))?.[status];
}

/** Every captured example, as route path and status: to show that each belongs to a declared response. */
export function capturedExamples(): Array<{ path: string; status: string }> {
  return [...CAPTURED].flatMap(([path, statuses]) =>
    Object.keys(statuses).map((status) => ({ path, status })),
  );
}
