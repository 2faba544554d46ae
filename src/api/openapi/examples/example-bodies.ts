/** Example bodies by route path (under the API prefix, parameters as `{name}`), then by status. */
export type ExampleBodies = Record<string, Record<string, unknown>>;
