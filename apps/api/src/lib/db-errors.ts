/** Whether a database error (PostgreSQL or PGlite, possibly wrapped by drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : null;
  }
  return false;
}
