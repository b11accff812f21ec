/**
 * Hand-written statements for the hot paths (the paid checkout): one statement where the query
 * builder would take several, and rows mapped back to the schema's own types.
 */
import { type Column, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A row as the driver gives it: keyed by column name or alias. */
export type RawRow = Record<string, unknown>;

/** The rows of a statement; both drivers answer `{ rows }`, each row an object. */
export async function rawRows(db: Executor, query: SQL): Promise<RawRow[]> {
  // `execute` is typed by the driver's raw result, which the shared Database type leaves open.
  const result = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

/** A `json` value of a statement: PostgreSQL's driver parses it, PGlite's gives the text. */
export function parsedJson<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const columnsOf = new WeakMap<PgTable, [string, Column][]>();

/**
 * A row of `table` as the query builder would give it (camelCase keys, timestamps as Date), from
 * an object keyed by column name: a whole row of a statement, or one built by `row_to_json`.
 */
export function tableRow<T extends PgTable>(table: T, raw: RawRow): T['$inferSelect'] {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table) as Record<string, Column>);
    columnsOf.set(table, columns);
  }
  const row: RawRow = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
