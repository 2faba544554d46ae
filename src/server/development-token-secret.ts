import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.js';
import { MIN_TOKEN_SECRET_LENGTH, TOKEN_SECRET_VARIABLE } from '../config/stream-config.js';

/** The file, in the development data folder, that holds the secret stream tokens are signed with. */
export const DEVELOPMENT_SECRET_NAME = 'stream-token-secret';

/**
 * Where the development secret is kept: beside the SQLite database (var/ by default, where the data of a
 * development checkout lives), or var/ in the working directory when the database is PostgreSQL or in
 * memory.
 */
export function developmentSecretFile(databaseUrl: string, cwd: string = process.cwd()): string {
  const file = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : ':memory:';
  const folder = file === ':memory:' ? path.join(cwd, 'var') : path.dirname(file);
  return path.join(folder, DEVELOPMENT_SECRET_NAME);
}

/** Reads the secret kept in `file`, or makes one there (mode 0600) if there is none: the secret. */
function keptSecret(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: of two processes starting at once, one writes it and the other reads what that one wrote.
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds no usable stream-token secret (at least ${MIN_TOKEN_SECRET_LENGTH} characters); ` +
        `delete it to have a new one made, or set ${TOKEN_SECRET_VARIABLE}`,
    );
  }
  return secret;
}

/**
 * In development without TOUCHLINE_STREAM_TOKEN_SECRET, the configuration with the secret kept in the
 * development data folder: made on the first start, read on every later one, so that stream tokens stay
 * valid across restarts and a development start has nothing to warn about. In production, or with the
 * variable set, the configuration as it is: a production instance without the variable still makes a
 * secret at start and warns, since several instances need one secret their operator sets on each.
 */
export function withDevelopmentTokenSecret(
  config: Readonly<Config>,
  cwd: string = process.cwd(),
): { config: Readonly<Config>; file?: string } {
  if (config.env !== 'development' || !config.stream.tokenSecretGenerated) return { config };
  const file = developmentSecretFile(config.databaseUrl, cwd);
  const stream = Object.freeze({
    ...config.stream,
    tokenSecret: keptSecret(file),
    tokenSecretGenerated: false,
  });
  return { config: Object.freeze({ ...config, stream }), file };
}
