const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows are keyed by UUIDs; anything else cannot name one, so it is "not found" without a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
