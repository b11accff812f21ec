import type { DashboardFigures } from '@makhana/domain/contracts/owner';
import { paiseToRupees } from '@makhana/domain/money';
import { OPEN_RETURN_STATES } from '@makhana/domain/returns';
import { and, count, inArray, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rawRows } from '../../../db/raw';
import { orders, products, returnRequests, users } from '../../../db/schema';
import { countLowStockProducts } from '../../catalogue';
import { supportFigures } from '../../support';
import { isSaleOrder, isToShipOrder, keptPaise } from '../orders/rules';
import { countFailing } from '../outbox/outbox';
import { INDIA_TIME_ZONE, indiaDayStart, indiaMonthStart, lastIndiaDays } from './india-calendar';

export const CHART_DAYS = 30;

/**
 * What sales kept, summed. Sums come back as bigint (a text or a bigint, by driver): paise beyond
 * int4 are real here.
 */
const paiseSum = (filter?: SQL) =>
  filter
    ? sql<string>`coalesce(sum(${keptPaise}) filter (where ${filter}), 0)`
    : sql<string>`coalesce(sum(${keptPaise}), 0)`;

const paidBetween = (from: Date, to: Date) =>
  sql`${orders.paidAt} >= ${from.toISOString()}::timestamptz and ${orders.paidAt} < ${to.toISOString()}::timestamptz`;

/** This month's revenue against last month's, in percent to one decimal; null without last month's. */
export function growthPercent(thisMonthPaise: number, lastMonthPaise: number): number | null {
  if (lastMonthPaise <= 0) return null;
  return Math.round(((thisMonthPaise - lastMonthPaise) / lastMonthPaise) * 1000) / 10;
}

/** This month's revenue over its sales, to the paisa; null without a sale this month. */
export function averageOrderPaise(revenuePaise: number, orders: number): number | null {
  return orders > 0 ? Math.round(revenuePaise / orders) : null;
}

/** The owner's cards and chart as of `now`. */
export async function dashboardFigures(db: Database, now: Date): Promise<DashboardFigures> {
  const thisMonth = indiaMonthStart(now);
  const lastMonth = indiaMonthStart(now, -1);
  const nextMonth = indiaMonthStart(now, 1);
  const days = lastIndiaDays(now, CHART_DAYS);
  const firstDay = indiaDayStart(now, 1 - CHART_DAYS);
  const tomorrow = indiaDayStart(now, 1);
  const day = sql<string>`to_char(${orders.paidAt} at time zone ${sql.raw(`'${INDIA_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

  const [
    [sales],
    [toShip],
    [customers],
    [shelf],
    byDay,
    failing,
    support,
    lowStock,
    owed,
    returns,
  ] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(*)::int`,
        revenue: paiseSum(),
        thisMonth: paiseSum(paidBetween(thisMonth, nextMonth)),
        monthOrders: sql<number>`(count(*) filter (where ${paidBetween(thisMonth, nextMonth)}))::int`,
        lastMonth: paiseSum(paidBetween(lastMonth, thisMonth)),
      })
      .from(orders)
      .where(isSaleOrder),
    db
      .select({
        n: sql<number>`count(*)::int`,
        oldest: min(orders.paidAt),
      })
      .from(orders)
      .where(isToShipOrder),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(products).where(isNull(products.deletedAt)),
    db
      .select({ day, orders: sql<number>`count(*)::int`, revenue: paiseSum() })
      .from(orders)
      .where(and(isSaleOrder, paidBetween(firstDay, tomorrow)))
      .groupBy(day),
    countFailing(db),
    supportFigures(db),
    countLowStockProducts(db),
    owedBack(db),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(returnRequests)
      .where(inArray(returnRequests.state, [...OPEN_RETURN_STATES])),
  ]);

  const sold = new Map(byDay.map((row) => [row.day, row]));
  const monthPaise = Number(sales?.thisMonth ?? 0);
  const monthOrders = sales?.monthOrders ?? 0;
  const averagePaise = averageOrderPaise(monthPaise, monthOrders);
  const oldest = toShip?.oldest?.toISOString() ?? null;
  return {
    totalOrders: sales?.orders ?? 0,
    totalUsers: customers?.n ?? 0,
    totalProducts: shelf?.n ?? 0,
    revenue: paiseToRupees(Number(sales?.revenue ?? 0)),
    growth: growthPercent(monthPaise, Number(sales?.lastMonth ?? 0)),
    toShip: toShip?.n ?? 0,
    oldestToShipPaidAt: oldest,
    openSupport: support.open,
    supportReplyOverdue: support.replyOverdue,
    supportResolutionOverdue: support.resolutionOverdue,
    lowStockProducts: lowStock,
    monthOrders,
    monthRevenue: paiseToRupees(monthPaise),
    averageOrderValue: averagePaise === null ? null : paiseToRupees(averagePaise),
    salesByDay: days.map((date) => {
      const row = sold.get(date);
      return {
        date,
        orders: row?.orders ?? 0,
        revenue: paiseToRupees(Number(row?.revenue ?? 0)),
      };
    }),
    toRefund: owed.count,
    toRefundAmount: paiseToRupees(owed.paise),
    refundsSentBack: owed.sentBack,
    openReturns: returns[0]?.n ?? 0,
    failingFollowUps: failing,
  };
}

/**
 * The payments the shop owes back, and their sum: paid orders that cannot ship (each its whole
 * total), second payments not refunded yet, and refunds the bank sent back (`sentBack` counts
 * those); each read from a partial list, not every order.
 */
async function owedBack(db: Database): Promise<{ count: number; paise: number; sentBack: number }> {
  const [row] = await rawRows(
    db,
    sql`select count(*)::int as count, coalesce(sum(paise), 0)::bigint as paise,
          (count(*) filter (where sent_back))::int as sent_back from (
          select total_amount_paise as paise, false as sent_back from orders
            where needs_refund and payment_status = 'completed'
          union all
          select amount_paise, false from extra_payments where refunded_at is null
          union all
          select amount_paise, true from refunds where state = 'failed') owed`,
  );
  return {
    count: Number(row?.count ?? 0),
    paise: Number(row?.paise ?? 0),
    sentBack: Number(row?.sent_back ?? 0),
  };
}
