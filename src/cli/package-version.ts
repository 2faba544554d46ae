import fs from 'node:fs';

/** package.json's version: two folders up both from src/cli (run through tsx) and from dist/cli. */
export function packageVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
