/** Whether a database error (PostgreSQL or PGlite, possibly wrapped by drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : null;
  }
  return false;
}

/**
 * PostgreSQL's codes for a server that went away or will not take the connection: the connection
 * exceptions (class 08), an operator's or a crash's shutdown (57P01-57P03) and too many
 * connections (53300).
 */
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node's codes for a socket that could not be opened or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
/** What `pg` says, without a code, of a connection it lost or could not open in time. */
const DRIVER_WORDS = [
  'connection terminated',
  'not queryable',
  'client was closed',
  'timeout exceeded when trying to connect',
  'connection ended unexpectedly',
];

/**
 * Whether an error (possibly wrapped by drizzle) says the database could not be reached, rather
 * than that the statement was wrong: the request may succeed if tried again in a moment.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const code = 'code' in current ? String(current.code) : '';
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
    const message = 'message' in current ? String(current.message).toLowerCase() : '';
    if (DRIVER_WORDS.some((words) => message.includes(words))) return true;
    current = 'cause' in current ? current.cause : null;
  }
  return false;
}
