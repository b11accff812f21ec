/**
 * The transactional outbox (decision 028): a consequence of a move (a mail today; an invoice or a
 * courier booking next) is a row written in the move's own transaction, so it exists exactly
 * when the move does, and is carried out after the commit by its handler, at least once.
 *
 * The process that commits a row delivers it at once: the row is written already taken by it
 * (`available_at` a lease ahead), so no sweep takes it meanwhile. A failed delivery waits a
 * back-off that doubles with each attempt; a process that dies mid-delivery leaves its lease to
 * run out. Then any process's sweep takes the row again (`FOR UPDATE SKIP LOCKED`, so two never
 * take the same one). A row is deleted after its handler returns: a process that dies between
 * the two delivers it again, which is why every handler is safe to run twice.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { outbox } from '../../../db/schema';

export type OutboxRow = Pick<
  typeof outbox.$inferSelect,
  'id' | 'topic' | 'handler' | 'orderId' | 'historyId' | 'payload' | 'attempts'
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
  handler: string;
  orderId: string | null;
  historyId?: string | null;
  payload?: Record<string, string>;
}

/**
 * Writes `rows`, taken by this process for delivery after the commit, as the body of a
 * data-modifying CTE (named `name`) of the statement that makes the move.
 */
export function enqueueWith(name: string, rows: OutboxRow[]): SQL | null {
  if (rows.length === 0) return null;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}, ${row.topic}, ${row.handler}, ${row.orderId}, ${row.historyId},
          ${JSON.stringify(row.payload)}::jsonb, 1, now() + ${LEASE})`,
    ),
    sql`, `,
  );
  return sql`${sql.identifier(name)} as (
    insert into outbox (id, topic, handler, order_id, history_id, payload, attempts, available_at)
    values ${values})`;
}

/** New rows with their ids, ready for `enqueueWith` or `enqueue`. */
export function outboxRows(rows: NewOutboxRow[]): OutboxRow[] {
  return rows.map((row) => ({
    id: randomUUID(),
    topic: row.topic,
    handler: row.handler,
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

/** One delivery's result: `ok`, or why it failed. */
export type Delivery = { id: string; ok: true } | { id: string; ok: false; error: string };

/**
 * Records a batch of deliveries: the rows carried out leave the table in one statement, each
 * failure keeps its error and waits its back-off.
 */
export async function recordDeliveries(db: Database, results: Delivery[]): Promise<void> {
  const delivered = results.filter((r) => r.ok).map((r) => r.id);
  if (delivered.length > 0) await db.delete(outbox).where(inArray(outbox.id, delivered));
  for (const failure of results) {
    if (failure.ok) continue;
    await db
      .update(outbox)
      .set({
        lastError: failure.error.slice(0, 500),
        availableAt: sql`now() + ${backoffAfter(sql`${outbox.attempts}`)}`,
      })
      .where(eq(outbox.id, failure.id));
  }
}

const rowColumns = {
  id: outbox.id,
  topic: outbox.topic,
  handler: outbox.handler,
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
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(isNotNull(outbox.lastError));
  return Number(row?.n ?? 0);
}
