/**
 * The gateway asked, not only heard (decision 033). A payment is reported twice, by the
 * shopper's browser (verify) and by Razorpay's webhook; when both are lost (a closed browser, a
 * webhook that never came) the order would expire unpaid while the money was taken. The sweeper
 * asks the gateway about the orders that may be in that state and settles what it finds exactly
 * as the webhook would:
 * - unpaid orders past half their payment window, again every few minutes until they are paid or
 *   expire (so one whose money came is paid before the sweeper would expire it);
 * - orders that ended unpaid (expired, failed or cancelled) in the last day, every hour, since a
 *   UPI payment can be captured after the window closed.
 */
import { sql } from 'drizzle-orm';
import { rawRows } from '../../../db/raw';
import type { OrderContext } from './context';
import { settleCapture } from './state-changes';

/** Orders asked about in one sweep, so a backlog never makes one sweep long. */
const BATCH = 20;
/** An unpaid order within its window is asked again after this long. */
const PENDING_ASK_AGAIN = sql`interval '5 minutes'`;
/** An order that ended unpaid is asked about for this long after its window closed... */
const LATE_CAPTURE_WINDOW = sql`interval '24 hours'`;
/** ...every this long. */
const ENDED_ASK_AGAIN = sql`interval '60 minutes'`;

export interface Reconciled {
  /** orders the gateway was asked about */
  asked: number;
  /** captures found that no one had reported, settled as the webhook settles them */
  settled: number;
}

/**
 * Takes the orders due a question (marked as asked in the same statement, so processes sweeping
 * at once share them out), asks the gateway about each, and settles each captured payment. A
 * gateway that does not answer is asked again at the order's next turn; it never stops a sweep.
 */
export async function reconcileWithGateway(ctx: OrderContext): Promise<Reconciled> {
  const halfWindowMinutes = ctx.settings.pendingOrderMinutes / 2;
  const due = await rawRows(
    ctx.db,
    sql`update orders set gateway_checked_at = now()
        where id in (
          select id from orders
          where gateway_order_id is not null
            and ((payment_status = 'pending' and status = 'Pending'
                  and expires_at <= now() + make_interval(secs => ${halfWindowMinutes * 60})
                  and (gateway_checked_at is null
                       or gateway_checked_at < now() - ${PENDING_ASK_AGAIN}))
              or (payment_status = 'failed'
                  and expires_at > now() - ${LATE_CAPTURE_WINDOW}
                  and (gateway_checked_at is null
                       or gateway_checked_at < now() - ${ENDED_ASK_AGAIN})))
          order by expires_at
          limit ${BATCH}
          for update skip locked)
        returning id, gateway_order_id as "gatewayOrderId"`,
  );
  let settled = 0;
  for (const row of due) {
    const gatewayOrderId = String(row.gatewayOrderId);
    let payments: Awaited<ReturnType<OrderContext['gateway']['paymentsOfOrder']>>;
    try {
      payments = await ctx.gateway.paymentsOfOrder(gatewayOrderId);
    } catch (error) {
      ctx.log.warn({ err: error, orderId: row.id }, 'reconciliation: the gateway did not answer');
      continue;
    }
    for (const payment of payments) {
      if (payment.status !== 'captured' || payment.orderId !== gatewayOrderId) continue;
      const result = await settleCapture(ctx, {
        gatewayOrderId,
        paymentId: payment.id,
        amountPaise: payment.amount,
      });
      if (result && result.outcome !== 'already_paid' && result.outcome !== 'amount_mismatch') {
        settled += 1;
        ctx.log.warn(
          { orderId: result.orderId, paymentId: payment.id, outcome: result.outcome },
          'reconciliation: a capture nobody reported was settled',
        );
      }
    }
  }
  return { asked: due.length, settled };
}
