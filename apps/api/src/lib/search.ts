/**
 * The `?q=` of a paged list as an ILIKE pattern: the words anywhere in the text, with the caller's
 * `%`, `_` and `\` taken as text rather than wildcards. Null when there is nothing to search for.
 */
export function containing(q: string | undefined): string | null {
  return q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/** Where page `page` of `limit` items starts. */
export function offsetOf(query: { page: number; limit: number }): number {
  return (query.page - 1) * query.limit;
}
