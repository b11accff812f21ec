import { POLICY } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import { type OrderMove, wasDelivered } from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { SITE } from '@makhana/domain/site';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { CancelOrderSection } from '../../components/cancel-order';
import { CheckCircleIcon, TruckIcon } from '../../components/icons';
import {
  linesSubtotal,
  OrderLines,
  OrderTotals,
  orderDiscountOf,
  orderLinesOf,
} from '../../components/order-lines';
import { OrderRefunds } from '../../components/order-refunds';
import { OrderStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { CreditNotes, InvoiceDownload } from '../../components/tax-document-download';
import { formatOrderDate, formatOrderMoment, shippingAddressLines } from '../../lib/orders';
import { scrollToTop } from '../../lib/scroll';
import { usePageMeta } from '../../lib/seo';
import { awaitingInvoice, useOrder } from './api/get-order';
import { ReturnSection } from './return-items';
import { ShipmentTracking } from './shipment-tracking';

export const ORDER_NOT_FOUND = 'Order not found.';
export const CANCELLED_NOTE = 'This order was cancelled, so nothing will be shipped.';
export const SHIPPING_NOTE = `Your order will be shipped within ${POLICY.processingBusinessDays} business days; we will e-mail you the tracking link.`;
export const RETURNED_TO_ORIGIN_LEAD =
  'The courier could not deliver this order and brought it back to us. We will refund you, or send it again if you reply to our mail.';

/** /order-status/{id}: the thank-you page after paying, and every order's own page later. */
export function OrderStatusPage() {
  const { id = '' } = useParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each order's page (a new id) opens at its top, before its order loads
  useEffect(() => {
    scrollToTop();
  }, [id]);
  const view = useOrder(id);
  usePageMeta({
    title: `${view.status === 'ready' ? `Order ${view.order.orderNumber}` : 'Your order'} | ${SITE.brand}`,
    canonicalPath: `/order-status/${id}`,
  });

  return (
    <div className="container-page py-8 sm:py-12">
      {view.status === 'loading' && <OrderSkeleton />}
      {view.status === 'missing' && <OrderMissing />}
      {view.status === 'ready' && <OrderDetails order={view.order} />}
    </div>
  );
}

function PageLinks() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Link to="/" className="btn-primary h-12 px-6">
        Continue shopping
      </Link>
      <Link to="/dashboard" state={{ section: 'orders' }} className="btn-outline h-12 px-6">
        View my orders
      </Link>
    </div>
  );
}

function OrderMissing() {
  return (
    <div className="card mx-auto max-w-lg px-6 py-12 text-center">
      <h1 className="font-display text-3xl font-semibold text-forest-800">{ORDER_NOT_FOUND}</h1>
      <p className="mt-2 text-muted">
        Check the link, or find the order under My Orders in your account.
      </p>
      <div className="mt-8 flex justify-center">
        <PageLinks />
      </div>
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto max-w-4xl space-y-4">
      <p className="sr-only">Loading your order…</p>
      <div className="h-40 animate-pulse rounded-3xl bg-cream-100" />
      <div className="grid gap-4 lg:grid-cols-[1fr_320px]">
        <div className="h-64 animate-pulse rounded-2xl bg-cream-100" />
        <div className="h-64 animate-pulse rounded-2xl bg-cream-100" />
      </div>
    </div>
  );
}

/** One line under the thanks that says where the order stands. */
function orderLead(order: Order): string {
  if (order.status === 'Cancelled') {
    return order.paymentStatus === 'completed' || order.paymentStatus === 'refunded'
      ? `This order was cancelled; your payment is refunded within ${POLICY.refundBusinessDays} business days.`
      : 'This order was cancelled because its payment was not completed. No money was taken.';
  }
  if (order.paymentStatus === 'refunded') {
    return `Your payment is refunded in full: it reaches your original payment method within ${POLICY.refundBusinessDays} business days.`;
  }
  if (order.paymentStatus === 'completed') {
    const lead =
      order.status === 'Delivered'
        ? 'Your makhana has been delivered. Enjoy!'
        : order.status === 'Return requested'
          ? 'Your return is with us: we reply within 48 hours, and this page shows each step.'
          : order.status === 'Returned'
            ? 'The items you sent back reached us.'
            : order.status === 'Returned to origin'
              ? RETURNED_TO_ORIGIN_LEAD
              : 'Your payment is confirmed and our team in Mithila is packing your makhana.';
    return order.refundedAmount > 0
      ? `${lead} ${formatRupees(order.refundedAmount)} of your payment is refunded.`
      : lead;
  }
  return 'We are waiting for your payment to be confirmed; this page shows the latest status.';
}

/** Where the parcel is, when there is no tracking link to follow. */
function shippingNote(order: Order): string {
  if (order.status === 'Cancelled') return CANCELLED_NOTE;
  if (wasDelivered(order.status)) {
    const delivered = order.history?.find((move) => move.event === 'delivered');
    return delivered ? `Delivered on ${formatOrderDate(delivered.at)}.` : 'Delivered.';
  }
  if (order.status === 'Returned to origin') return 'The courier brought the parcel back to us.';
  if (order.status === 'Shipped') {
    return order.trackingNumber
      ? `Shipped: tracking number ${order.trackingNumber}.`
      : 'Shipped: your parcel is on its way.';
  }
  return SHIPPING_NOTE;
}

/** What each move of the order's history means to its customer. */
const PROGRESS: Record<OrderMove, string> = {
  paid: 'Payment received',
  paid_sold_out: 'Payment received after the items sold out: a full refund is on its way',
  failed: 'Payment not completed',
  expired: 'Not paid in time: the order was cancelled',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned_to_origin: 'Not delivered: the courier brought it back to us',
  refunded: 'Refunded',
  refunded_part: 'Part of the payment refunded',
  return_requested: 'Return requested',
  return_approved: 'Return approved: please send the parcel',
  return_rejected: 'Return not accepted',
  return_received: 'Returned parcel received',
  returned: 'Returned: the refund is on its way',
};

/** The order's moves, oldest first, each with its time and, for a shipment, its tracking. */
function OrderProgress({ order }: { order: Order }) {
  const moves = order.history ?? [];
  if (moves.length === 0) return null;
  return (
    <section aria-labelledby="order-progress" className="card p-5 sm:p-6">
      <h2 id="order-progress" className="font-display text-xl font-semibold text-forest-800">
        Progress
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-cream-200 pl-4 text-sm">
        {moves.map((move) => (
          <li key={`${move.at}-${move.event}`} data-testid="order-progress-step">
            <p className="font-medium text-ink">{PROGRESS[move.event]}</p>
            <p className="text-muted">
              <time dateTime={move.at}>{formatOrderMoment(move.at)}</time>
              {move.event === 'shipped' && move.trackingNumber
                ? ` · Tracking ${move.trackingNumber}`
                : ''}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const lines = orderLinesOf(order);
  const address = shippingAddressLines(order.shippingAddress);

  return (
    <div className="mx-auto max-w-4xl">
      <section className="relative overflow-hidden rounded-3xl bg-forest-800 px-5 py-8 text-cream-50 sm:px-10 sm:py-10">
        <div
          aria-hidden="true"
          className="absolute inset-0 opacity-25 [background:radial-gradient(circle_at_90%_0%,#f0a43a_0,transparent_45%),radial-gradient(circle_at_0%_100%,#fbf6ea_0,transparent_35%)]"
        />
        <div className="relative">
          <span className="grid h-12 w-12 place-items-center rounded-full bg-cream-50 text-forest-700">
            <CheckCircleIcon className="h-7 w-7" />
          </span>
          <h1 className="mt-4 font-display text-3xl font-semibold sm:text-4xl">
            Thank you for your order!
          </h1>
          <p className="mt-2 max-w-xl text-cream-200">{orderLead(order)}</p>
          <dl className="mt-6 grid grid-cols-2 gap-4 text-sm sm:flex sm:gap-10">
            <div>
              <dt className="text-cream-200">Order number</dt>
              <dd className="mt-0.5 font-semibold" data-testid="order-number">
                {order.orderNumber}
              </dd>
            </div>
            <div>
              <dt className="text-cream-200">Placed on</dt>
              <dd className="mt-0.5 font-semibold">{formatOrderDate(order.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-cream-200">Total</dt>
              <dd className="mt-0.5 font-semibold">{formatRupees(order.totalAmount)}</dd>
            </div>
          </dl>
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_320px] lg:items-start">
        <div className="space-y-6">
          <ShipmentTracking order={order} />
          <section aria-labelledby="order-items" className="card p-5 sm:p-6">
            <h2 id="order-items" className="font-display text-xl font-semibold text-forest-800">
              Items
            </h2>
            <OrderLines lines={lines} testId="order-item" className="mt-3" />
            <OrderTotals
              subtotal={linesSubtotal(lines)}
              shipping={order.shippingCost}
              total={order.totalAmount}
              discount={orderDiscountOf(order)}
              testIdPrefix="order"
            />
            <p className="mt-1 text-right text-xs text-muted">Inclusive of all taxes</p>
          </section>
        </div>

        <div className="space-y-6">
          <OrderProgress order={order} />
          <section aria-labelledby="order-payment" className="card p-5 sm:p-6">
            <h2 id="order-payment" className="font-display text-xl font-semibold text-forest-800">
              Payment
            </h2>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="text-muted">Payment method</dt>
                <dd className="mt-0.5 font-medium">{order.paymentMethod}</dd>
              </div>
              <div>
                <dt className="text-muted">Transaction ID</dt>
                <dd className="mt-0.5 break-all font-mono text-[13px]" data-testid="transaction-id">
                  {order.transactionId || 'Not available yet'}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Status</dt>
                <dd className="mt-1 flex flex-wrap gap-2">
                  <PaymentStatusBadge
                    status={order.paymentStatus}
                    refunded={order.refundedAmount}
                  />
                  <OrderStatusBadge status={order.status} />
                </dd>
              </div>
              {awaitingInvoice(order) && (
                <div>
                  <dt className="text-muted">Tax invoice</dt>
                  <dd className="mt-0.5" aria-live="polite">
                    Being issued: it appears here in a moment.
                  </dd>
                </div>
              )}
              {order.invoice && (
                <div>
                  <dt className="text-muted">Tax invoice</dt>
                  <dd className="mt-1 flex flex-wrap items-center gap-3">
                    <span className="font-medium">{order.invoice.number}</span>
                    <InvoiceDownload order={order} realm="customer" />
                  </dd>
                </div>
              )}
              {order.refunds?.some((refund) => refund.status !== 'refused') ? (
                <div>
                  <dt className="text-muted">Refunds</dt>
                  <dd className="mt-1">
                    <OrderRefunds order={order} />
                  </dd>
                </div>
              ) : null}
              {order.creditNotes?.length ? (
                <div>
                  <dt className="text-muted">Money given back</dt>
                  <dd className="mt-1">
                    <CreditNotes order={order} realm="customer" />
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>

          {wasDelivered(order.status) ? (
            <ReturnSection order={order} />
          ) : (
            // A parcel the courier brought back is the shop's to refund or send again: the lead
            // says so, and there is nothing left to cancel.
            order.status !== 'Returned to origin' && <CancelOrderSection order={order} />
          )}

          <section aria-labelledby="order-shipping-to" className="card p-5 sm:p-6">
            <h2
              id="order-shipping-to"
              className="font-display text-xl font-semibold text-forest-800"
            >
              Shipping to
            </h2>
            <address className="mt-3 text-sm not-italic leading-relaxed text-ink">
              {address.length > 0 ? address.map((line) => <div key={line}>{line}</div>) : '—'}
            </address>
            <div className="mt-4 flex gap-3 rounded-2xl bg-cream-100 p-4 text-sm">
              <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-forest-700" />
              {order.trackingUrl ? (
                <a
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-forest-700 underline underline-offset-4"
                >
                  Track your shipment{order.trackingNumber ? ` ${order.trackingNumber}` : ''}
                </a>
              ) : (
                <p className="text-ink">{shippingNote(order)}</p>
              )}
            </div>
          </section>
        </div>
      </div>

      <div className="mt-8 flex justify-center">
        <PageLinks />
      </div>
    </div>
  );
}
