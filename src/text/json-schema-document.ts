/**
 * A TypeBox schema published as a JSON Schema (draft 2020-12) document: the definitions a format is checked
 * with, as plain JSON (JSON.stringify drops TypeBox's symbol keys and undefined descriptions), under a
 * title and description. Both published formats (the operator feed, live match updates) are made here,
 * and scripts/write-json-schemas.ts writes them.
 */
export function jsonSchemaDocument(
  schema: unknown,
  title: string,
  description: string,
): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title,
    description,
    ...(JSON.parse(JSON.stringify(schema)) as Record<string, unknown>),
  };
}
