/**
 * Tracking moves an order by itself (decision 039): the sweeper asks the courier about every
 * booked parcel not yet at its journey's end, a batch of waybills per question, each parcel at
 * most once per `trackingIntervalSeconds`. New scans are kept for the customer's timeline; a
 * delivery moves the order to Delivered and a return to origin to "Returned to origin", through
 * the order's one write path. An error or an unknown waybill keeps the last known state and backs
 * off; the courier's rate limit pauses every question until it lifts.
 */
import { isFinalScan, type ScanKind } from '@makhana/domain/shipping';
import { sql } from 'drizzle-orm';
import {
  type Courier,
  CourierRateLimitedError,
  type CourierScan,
} from '../../../adapters/courier/courier';
import { rawRows } from '../../../db/raw';
import type { OrderContext } from '../orders/context';
import { lockOrder, transition } from '../orders/state-changes';

export interface TrackingResult {
  /** parcels the courier was asked about */
  asked: number;
  /** orders moved to Delivered or Returned to origin */
  moved: number;
  /** parcels the courier did not answer about: an error, or a waybill it does not know */
  failed: number;
}

const UNKNOWN_WAYBILL = 'The courier does not know this waybill';
/** The longest back-off after errors: the tracking interval itself, at least this. */
const FIRST_BACKOFF_SECONDS = 60;

/** When each courier's rate limit lifts, in this process. */
const pausedUntil = new WeakMap<Courier, number>();

/** The back-off after `failures` questions in a row went unanswered, in seconds. */
export function backoffSeconds(failures: number, intervalSeconds: number): number {
  return Math.min(intervalSeconds, FIRST_BACKOFF_SECONDS * 2 ** Math.min(failures - 1, 10));
}

interface Due {
  orderId: string;
  waybill: string;
  failures: number;
  lastScan: ScanKind | null;
}

/**
 * Takes up to `limit` parcels whose time has come, and pushes their next question a whole
 * interval on: another process passes them by, and a process that dies asks again then.
 */
async function takeDue(ctx: OrderContext, courier: Courier, limit: number): Promise<Due[]> {
  const rows = await rawRows(
    ctx.db,
    sql`update shipments s
          set next_track_at = now() + make_interval(secs => ${ctx.settings.trackingIntervalSeconds})
        where s.order_id in (
          select order_id from shipments
          where next_track_at <= now() and courier = ${courier.kind} and waybill is not null
          order by next_track_at limit ${limit} for update skip locked)
        returning s.order_id as "orderId", s.waybill, s.track_failures as "failures",
          s.last_scan as "lastScan"`,
  );
  return rows.map((row) => ({
    orderId: String(row.orderId),
    waybill: String(row.waybill),
    failures: Number(row.failures),
    lastScan: (row.lastScan as ScanKind | null) ?? null,
  }));
}

/** Parcels the courier did not answer about: their last state kept, the next question later. */
async function backOff(ctx: OrderContext, due: Due[], error: string, atLeastSeconds = 0) {
  if (due.length === 0) return;
  const interval = ctx.settings.trackingIntervalSeconds;
  const rows = due.map((d) => ({
    order_id: d.orderId,
    wait: Math.max(atLeastSeconds, backoffSeconds(d.failures + 1, interval)),
  }));
  await ctx.db.execute(
    sql`update shipments s set track_failures = s.track_failures + 1, track_error = ${error},
          next_track_at = now() + make_interval(secs => v.wait)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(order_id text, wait int)
        where s.order_id = v.order_id`,
  );
}

/** The courier's reason for the latest failed delivery, unless a delivery followed it. */
function undeliveredReason(scans: CourierScan[]): string | null {
  let reason: string | null = null;
  for (const scan of scans) {
    if (scan.kind === 'undelivered') reason = scan.reason ?? scan.courierStatus;
    if (scan.kind === 'delivered') reason = null;
  }
  return reason;
}

/** Keeps the scans the courier reported and where each parcel stands now. */
async function record(ctx: OrderContext, answered: { due: Due; scans: CourierScan[] }[]) {
  const scans = answered.flatMap(({ due, scans }) =>
    scans.map((scan) => ({
      order_id: due.orderId,
      at: scan.at.toISOString(),
      kind: scan.kind,
      location: scan.location,
      reason: scan.reason,
      courier_status: scan.courierStatus,
    })),
  );
  if (scans.length > 0) {
    await ctx.db.execute(
      sql`insert into shipment_scans (id, order_id, at, kind, location, reason, courier_status)
          select gen_random_uuid()::text, v.order_id, v.at, v.kind, v.location, v.reason,
            v.courier_status
          from jsonb_to_recordset(${JSON.stringify(scans)}::jsonb) as v(order_id text,
            at timestamptz, kind text, location text, reason text, courier_status text)
          on conflict (order_id, at, kind, location) do nothing`,
    );
  }
  const states = answered.map(({ due, scans }) => {
    const last = scans.at(-1)?.kind ?? due.lastScan;
    return {
      order_id: due.orderId,
      last_scan: last,
      undelivered: undeliveredReason(scans),
      final: last !== null && isFinalScan(last),
    };
  });
  await ctx.db.execute(
    sql`update shipments s set last_scan = v.last_scan, undelivered = v.undelivered,
          tracked_at = now(), track_failures = 0, track_error = null,
          next_track_at = case when v.final then null else s.next_track_at end
        from jsonb_to_recordset(${JSON.stringify(states)}::jsonb) as v(order_id text,
          last_scan text, undelivered text, final boolean)
        where s.order_id = v.order_id`,
  );
}

/**
 * Moves a shipped order whose parcel reached its journey's end; any other is left alone. A return
 * to origin notes the courier's last reason for not delivering in the order's history.
 */
async function moveOrder(
  ctx: OrderContext,
  orderId: string,
  scans: CourierScan[],
): Promise<boolean> {
  const kind = scans.at(-1)?.kind;
  if (kind !== 'delivered' && kind !== 'returned_to_origin') return false;
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    // Marked by hand already, or changed since: the courier's word changes nothing then.
    if (order?.status !== 'Shipped') return false;
    const event = kind === 'delivered' ? 'delivered' : 'returned_to_origin';
    const note = kind === 'returned_to_origin' ? undeliveredReason(scans) : null;
    const { moved } = await transition(
      tx,
      order,
      { type: event },
      { actor: { by: 'courier' }, note },
    );
    return moved;
  });
}

/**
 * One tracking sweep: batches of due parcels for at most `budgetMs`. Never throws for the
 * courier's faults: they are kept on the parcels, which are asked about again later.
 */
export async function trackShipments(
  ctx: OrderContext,
  options: { budgetMs?: number } = {},
): Promise<TrackingResult> {
  const result: TrackingResult = { asked: 0, moved: 0, failed: 0 };
  const courier = ctx.courier;
  if (!courier || Date.now() < (pausedUntil.get(courier) ?? 0)) return result;
  const until = Date.now() + (options.budgetMs ?? 20_000);
  while (Date.now() < until) {
    const due = await takeDue(ctx, courier, courier.trackBatch);
    if (due.length === 0) break;
    result.asked += due.length;
    let found: Map<string, CourierScan[]>;
    try {
      found = await courier.track(due.map((d) => d.waybill));
    } catch (error) {
      result.failed += due.length;
      const limited = error instanceof CourierRateLimitedError ? error.retryAfterSeconds : 0;
      if (limited > 0) pausedUntil.set(courier, Date.now() + limited * 1000);
      await backOff(ctx, due, error instanceof Error ? error.message : String(error), limited);
      ctx.log.warn({ err: error, parcels: due.length }, 'courier tracking failed; backing off');
      // A courier that fails one question would most likely fail the next: wait for the next sweep.
      break;
    }
    const unknown = due.filter((d) => !found.has(d.waybill));
    result.failed += unknown.length;
    await backOff(ctx, unknown, UNKNOWN_WAYBILL);
    const answered = due
      .filter((d) => found.has(d.waybill))
      .map((d) => ({ due: d, scans: found.get(d.waybill) ?? [] }));
    // The orders move before the parcels are recorded as at their journey's end: a sweep that
    // stops in between asks again, and a second move of the same order changes nothing.
    for (const { due: parcel, scans } of answered) {
      if (await moveOrder(ctx, parcel.orderId, scans)) result.moved++;
    }
    if (answered.length > 0) await record(ctx, answered);
    if (due.length < courier.trackBatch) break;
  }
  return result;
}
