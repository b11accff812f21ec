/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks). */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
