/**
 * PostgreSQL SQLSTATE classes whose errors say the database cannot serve now, whatever the statement:
 * a lost or refused connection (08), too few resources (53), an operator's act such as a shutdown, a
 * restart or a database closed to connections (57, and 55 for "not in prerequisite state", 55000 being
 * "database is not accepting connections"), an I/O failure (58), a serialization failure or deadlock (40),
 * and the connection-time refusals of a database dropped or renamed (3D) or credentials changed (28).
 * Classes rather than a list of codes, so that a code not seen before is still answered as an outage.
 */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(['08', '28', '3D', '40', '53', '55', '57', '58']);

/** SQLite result codes of a database file that cannot be used now (extended codes share the prefix). */
const UNAVAILABLE_SQLITE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|NOMEM|READONLY_DBMOVED)/;

/** Socket errors: the database server cannot be reached at all. */
const UNAVAILABLE_NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * Driver messages with no code: a connection that could not be made in time (pg-pool says "Connection
 * terminated due to connection timeout") or that ended under a query.
 */
const UNAVAILABLE_MESSAGE =
  /Query read timeout|Connection terminated|driver has already been destroyed|database connection is not open/i;

/**
 * pg-pool's refusal of a query that waited its whole connection timeout for one of the pool's
 * connections, all in use (only that wait says exactly this): the server is busy, the database may be
 * perfectly well.
 */
const POOL_EXHAUSTED_MESSAGE = /^timeout exceeded when trying to connect$/;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Whether an error is a query that found every connection of the pool in use for as long as it may wait:
 * a busy server (503, not logged as the database being away), not an outage.
 */
export function isPoolExhausted(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return error instanceof Error && typeof message === 'string' && POOL_EXHAUSTED_MESSAGE.test(message);
}

/** Whether an error means the database could not serve, rather than a bug: those answer 503. */
export function isStorageUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (SQLSTATE.test(code)) return UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2));
  if (UNAVAILABLE_SQLITE.test(code) || UNAVAILABLE_NETWORK.has(code)) return true;
  return UNAVAILABLE_MESSAGE.test(typeof e.message === 'string' ? e.message : '');
}
