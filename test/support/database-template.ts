// Databases built once and copied: a template is built the first time a test asks for it (under a lock, so
// concurrent test files wait for one build instead of each making its own) and kept, named by a key the
// caller derives from everything the build reads (the migrations, the source code, the data). A later run
// with the same key copies the kept template; a changed key builds a new one and removes the old.
// SQLite: the template is a file under .cache/test-databases and a copy is a file copy. PostgreSQL: the
// template is a database `touchline_tpl_<kind>_<checkout>_<key>` and a copy is `CREATE DATABASE … TEMPLATE` it;
// <checkout> names the working copy, so that two checkouts sharing one server keep their own templates.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The repository's root: test/support -> .. -> .. */
export const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SQLITE_TEMPLATES = path.join(REPOSITORY, '.cache', 'test-databases');
/** Six hex digits of the repository's path: a second checkout on the same server never drops this one's. */
const CHECKOUT = crypto.createHash('sha256').update(REPOSITORY).digest('hex').slice(0, 6);
/** How often a test waiting for another process's build looks again; short, as a build takes seconds. */
const POLL_MS = 25;
/** A build that has not finished in this long is taken to be stuck, and the wait fails with that. */
const BUILD_DEADLINE_MS = 10 * 60_000;

/** A short hash of the files under `roots` (their paths relative to the repository, and contents). */
export function hashOfFiles(roots: readonly string[]): string {
  const hash = crypto.createHash('sha256');
  const visit = (at: string) => {
    const stat = fs.statSync(at, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(at).sort()) visit(path.join(at, name));
      return;
    }
    hash.update(`${path.relative(REPOSITORY, at)}\0${stat.size}\0`);
    hash.update(fs.readFileSync(at));
  };
  for (const root of roots) visit(root);
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The path of the SQLite template `kind` for `key`, built by `build(file)` unless it is there already. The
 * lock is a folder made atomically, holding the builder's pid: a lock whose process is gone is taken over.
 */
export async function sqliteTemplate(
  kind: string,
  key: string,
  build: (file: string) => Promise<void>,
  folder = SQLITE_TEMPLATES,
): Promise<string> {
  const file = path.join(folder, `${kind}-${key}.db`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + BUILD_DEADLINE_MS;
  fs.mkdirSync(folder, { recursive: true });
  while (!fs.existsSync(file)) {
    try {
      fs.mkdirSync(lock);
    } catch {
      const owner = Number(fs.readFileSync(path.join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }));
      if (owner > 0 && !processAlive(owner)) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`the template ${file} was not built within the deadline`);
      await sleep(POLL_MS);
      continue;
    }
    try {
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      if (fs.existsSync(file)) break;
      const building = `${file}.building-${process.pid}`;
      fs.rmSync(building, { force: true });
      await build(building);
      for (const suffix of ['-wal', '-shm']) {
        if ((fs.statSync(`${building}${suffix}`, { throwIfNoEntry: false })?.size ?? 0) > 0) {
          throw new Error(`the template ${building} was left with a ${suffix} file: close its storage`);
        }
        fs.rmSync(`${building}${suffix}`, { force: true });
      }
      fs.renameSync(building, file);
      // Older templates of the same kind are of code or data that changed since.
      for (const name of fs.readdirSync(folder)) {
        if (name.startsWith(`${kind}-`) && name.endsWith('.db') && name !== path.basename(file)) {
          fs.rmSync(path.join(folder, name), { force: true });
        }
      }
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return file;
}

/** Copies the SQLite template to `target` (a file in a folder of the test's own). */
export function copySqliteTemplate(template: string, target: string): void {
  fs.copyFileSync(template, target);
}

/** `run` with a client of its own on the database at `url`, ended afterwards. */
export async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The name of the PostgreSQL template database `kind` for `key`, built unless it is there already:
 * `create(name)` makes the empty database, `build(name)` fills it (and closes every connection it opened).
 * The lock is a session advisory lock on the admin database, released if the builder dies.
 */
export async function postgresTemplate(
  adminUrl: string,
  kind: string,
  key: string,
  create: (client: pg.Client, name: string) => Promise<void>,
  build: (name: string) => Promise<void>,
): Promise<string> {
  const name = `touchline_tpl_${kind}_${CHECKOUT}_${key}`;
  const exists = async (client: pg.Client) =>
    (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  return withPgClient(adminUrl, async (client) => {
    if (await exists(client)) return name;
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`touchline template ${kind} ${CHECKOUT}`]);
    try {
      if (await exists(client)) return name;
      const building = `${name}_b${process.pid}`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await create(client, building);
      try {
        await build(building);
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        throw error;
      }
      const older = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
        [`touchline\\_tpl\\_${kind}\\_${CHECKOUT}\\_%`, name],
      );
      for (const { datname } of older.rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [
        `touchline template ${kind} ${CHECKOUT}`,
      ]);
    }
  });
}
