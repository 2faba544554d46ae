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

/** Driver messages with no code: a pool that timed out or a connection that ended under a query. */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|driver has already been destroyed|database connection is not open/i;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Whether an error means the database could not serve, rather than a bug: those answer 503. */
export function isStorageUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (SQLSTATE.test(code)) return UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2));
  if (UNAVAILABLE_SQLITE.test(code) || UNAVAILABLE_NETWORK.has(code)) return true;
  return UNAVAILABLE_MESSAGE.test(typeof e.message === 'string' ? e.message : '');
}
