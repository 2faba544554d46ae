import { Option } from 'commander';

/**
 * `--json`, which every command takes (test/system/cli/every-command-json.test.ts holds every command of
 * the program to it): one JSON document on stdout, or one JSON object per line for a command that writes
 * as it goes (`live apply`, `replay`, `serve`'s log). The formats are in docs/cli.md.
 */
export const jsonOption = (description = 'print JSON (fields in docs/cli.md)') =>
  new Option('--json', description);
