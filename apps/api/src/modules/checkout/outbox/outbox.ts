/**
 * The transactional outbox (decision 028): the consequences of a move (mails today; an invoice or
 * a courier booking next) are a row written in the move's own transaction, so they exist exactly
 * when the move does, and are carried out after the commit by their handlers, at least once. The
 * row names the handlers still to run: one that fails stays in it, the others leave.
 *
 * The process that commits a row delivers it at once: the row is written already taken by it
 * (`available_at` a lease ahead), so no sweep takes it meanwhile. A failed delivery waits a
 * back-off that doubles with each attempt; a process that dies mid-delivery leaves its lease to
 * run out. Then any process's sweep takes the row again (`FOR UPDATE SKIP LOCKED`, so two never
 * take the same one). A row is deleted once its handlers have returned: a process that dies
 * between the two runs them again, which is why every handler is safe to run twice.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { outbox } from '../../../db/schema';

export type OutboxRow = Pick<
  typeof outbox.$inferSelect,
  'id' | 'topic' | 'handlers' | 'orderId' | 'historyId' | 'payload' | 'attempts'
>;

/** How long a process that took a row has to deliver it before another may. */
const LEASE = sql`interval '5 minutes'`;
/** Rows older than this are no longer tried: the owner sees them among the failing ones. */
const GIVE_UP_AFTER = sql`interval '3 days'`;
/** The wait after a failed attempt: 5 minutes, doubling with each attempt, at most 6 hours. */
const backoffAfter = (attempts: SQL | number) =>
  sql`make_interval(mins => least(5 * power(2, greatest(${attempts} - 1, 0)), 360)::int)`;

export interface NewOutboxRow {
  topic: string;
  handlers: string[];
  orderId: string | null;
  historyId?: string | null;
  payload?: Record<string, string>;
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * Writes `rows`, taken by this process for delivery after the commit, as the body of a
 * data-modifying CTE (named `name`) of the statement that makes the move.
 */
export function enqueueWith(name: string, rows: OutboxRow[]): SQL | null {
  if (rows.length === 0) return null;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}, ${row.topic}, ${textArray(row.handlers)}, ${row.orderId}, ${row.historyId},
          ${JSON.stringify(row.payload)}::jsonb, 1, now() + ${LEASE})`,
    ),
    sql`, `,
  );
  return sql`${sql.identifier(name)} as (
    insert into outbox (id, topic, handlers, order_id, history_id, payload, attempts, available_at)
    values ${values})`;
}

/** New rows with their ids, ready for `enqueueWith` or `enqueue`. */
export function outboxRows(rows: NewOutboxRow[]): OutboxRow[] {
  return rows.map((row) => ({
    id: randomUUID(),
    topic: row.topic,
    handlers: row.handlers,
    orderId: row.orderId,
    historyId: row.historyId ?? null,
    payload: row.payload ?? {},
    attempts: 1,
  }));
}

/** Writes rows inside the caller's transaction, taken by this process like `enqueueWith`'s. */
export async function enqueue(tx: Executor, rows: OutboxRow[]): Promise<void> {
  const statement = enqueueWith('queued', rows);
  if (statement) await tx.execute(sql`with ${statement} select 1`);
}

/** One row's delivery: `ok` when every handler worked, else the handlers left and why. */
export type Delivery =
  | { id: string; ok: true }
  | { id: string; ok: false; error: string; handlersLeft: string[] };

/**
 * Records a batch of deliveries: the rows carried out leave the table in one statement, each
 * failure keeps only the handlers that failed, with the error, and waits its back-off.
 */
export async function recordDeliveries(db: Database, results: Delivery[]): Promise<void> {
  const delivered = results.filter((r) => r.ok).map((r) => r.id);
  if (delivered.length > 0) await db.delete(outbox).where(inArray(outbox.id, delivered));
  for (const failure of results) {
    if (failure.ok) continue;
    await db
      .update(outbox)
      .set({
        handlers: failure.handlersLeft,
        lastError: failure.error.slice(0, 500),
        availableAt: sql`now() + ${backoffAfter(sql`${outbox.attempts}`)}`,
      })
      .where(eq(outbox.id, failure.id));
  }
}

const rowColumns = {
  id: outbox.id,
  topic: outbox.topic,
  handlers: outbox.handlers,
  orderId: outbox.orderId,
  historyId: outbox.historyId,
  payload: outbox.payload,
  attempts: outbox.attempts,
};

/**
 * Takes up to `limit` rows due for an attempt (past their lease or back-off, not given up): each
 * gets this attempt's count and a fresh lease, skipping rows another process is taking.
 */
export async function takeDue(db: Database, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(lte(outbox.availableAt, sql`now()`), gt(outbox.createdAt, sql`now() - ${GIVE_UP_AFTER}`)),
    )
    .orderBy(asc(outbox.availableAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, availableAt: sql`now() + ${LEASE}` })
    .where(inArray(outbox.id, due))
    .returning(rowColumns);
}

/** Consequences not carried out whose latest attempt failed: what the owner's dashboard shows. */
export async function countFailing(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(cardinality(${outbox.handlers})), 0)::int` })
    .from(outbox)
    .where(isNotNull(outbox.lastError));
  return Number(row?.n ?? 0);
}
