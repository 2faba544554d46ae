/**
 * `--json`: one JSON document on stdout and nothing else there (notes and progress go to stderr).
 * Field names are snake_case like the API's and documented in docs/cli.md: scripts depend on them.
 */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
