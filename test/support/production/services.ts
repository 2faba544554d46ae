import crypto from 'node:crypto';
import net from 'node:net';
import type pg from 'pg';
import { withPgClient } from '../database-template.js';

export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const PG_PORT = 5432;
export const REDIS_PORT = 6379;

function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  return withPgClient(PG_ADMIN_URL, run);
}

/** A new, empty PostgreSQL database `touchline_<label>_<random>`; `drop()` removes it, ending its connections. */
export async function createPgDatabase(label: string): Promise<{
  name: string;
  url: (port?: number) => string;
  refuseConnections: (refuse: boolean) => Promise<void>;
  drop: () => Promise<void>;
}> {
  const name = `touchline_${label}_${crypto.randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  let dropped = false;
  return {
    name,
    url: (port = PG_PORT) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    /** Closes the database to connections and ends the open ones (new ones get SQLSTATE 55000), or reopens it. */
    async refuseConnections(refuse) {
      await admin(async (client) => {
        await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${refuse ? 'false' : 'true'}`);
        if (refuse) {
          await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
            name,
          ]);
        }
      });
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Whether the PostgreSQL or Redis the test needs answers on 127.0.0.1:`port`. When it does not, the test
 * is skipped with a message, except under CI=true, where it fails.
 */
export async function requireService(
  t: { skip(message: string): void },
  port: number,
  name: string,
): Promise<boolean> {
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
  if (reachable) return true;
  const message = `${name} is not reachable on 127.0.0.1:${port}`;
  if (process.env.CI === 'true') throw new Error(message);
  t.skip(`${message}: skipped`);
  return false;
}
