import { formatRupees } from '@makhana/domain/money';
import { isUnpaidAttempt } from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { CancelOrderButton } from '../../components/cancel-order';
import { Dialog } from '../../components/dialog';
import { ToggleBox } from '../../components/form-field';
import { TruckIcon, WarningIcon } from '../../components/icons';
import { OrderSummary, orderSummaryHeadingClass } from '../../components/order-summary';
import { OrderStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { InvoiceDownload } from '../../components/tax-document-download';
import {
  formatOrderDate,
  formatOrderMoment,
  isDeliveryAttempt,
  latestScan,
  orderItemCount,
} from '../../lib/orders';
import { useMyOrders } from './api/get-my-orders';

/**
 * The customer's orders: the paid ones and those still within their payment window. A payment
 * that failed, was closed or ran out of time is an attempt, listed only when asked for.
 */
export function OrdersSection() {
  const view = useMyOrders();
  const [open, setOpen] = useState<Order | null>(null);
  const [attemptsShown, setAttemptsShown] = useState(false);

  if (view.status === 'loading') {
    return (
      <div className="space-y-3" aria-busy="true">
        <p className="sr-only">Loading your orders…</p>
        {[0, 1].map((row) => (
          <div key={row} className="h-24 animate-pulse rounded-2xl bg-cream-100" />
        ))}
      </div>
    );
  }
  if (view.status === 'error') {
    // A server that could not answer (a 503) leaves the shopper signed in: trying again is all.
    return (
      <div className="rounded-2xl border border-maroon-600/20 bg-maroon-600/5 px-5 py-4">
        <p role="alert" className="text-sm font-medium text-maroon-700">
          {view.message}
        </p>
        <button type="button" className="btn-outline mt-3" onClick={view.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (view.orders.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-cream-200 bg-cream-50 px-6 py-12 text-center">
        <p className="text-base text-ink">You have not placed any orders yet.</p>
        <Link to="/products" className="btn-primary mt-6">
          Shop our makhana
        </Link>
      </div>
    );
  }

  const now = Date.now();
  const attempts = view.orders.filter((order) => isUnpaidAttempt(order, now)).length;
  const orders = view.orders
    .filter((order) => attemptsShown || !isUnpaidAttempt(order, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <>
      {attempts > 0 && (
        <ToggleBox
          label={`Show unpaid attempts (${attempts.toLocaleString('en-IN')})`}
          checked={attemptsShown}
          onChange={setAttemptsShown}
          className="mb-4 justify-end"
        />
      )}
      {orders.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-cream-200 bg-cream-50 px-6 py-8 text-center text-base text-ink">
          You have no paid orders yet.
        </p>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => (
            <li
              key={order._id}
              className="rounded-2xl border border-cream-200 p-4 sm:p-5"
              data-testid="order-row"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="font-semibold text-ink">Order #{order.orderNumber}</p>
                  <p className="mt-0.5 text-sm text-muted">
                    {formatOrderDate(order.createdAt)} · {orderItemCount(order)}{' '}
                    {orderItemCount(order) === 1 ? 'item' : 'items'}
                    {order.discount
                      ? ` · ${order.discount.code}: ${formatRupees(order.discount.amount)} off`
                      : ''}
                  </p>
                </div>
                <p className="font-display text-xl font-semibold text-forest-800">
                  {formatRupees(order.totalAmount)}
                </p>
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                <div>
                  <div className="flex flex-wrap gap-2">
                    <OrderStatusBadge status={order.status} />
                    <PaymentStatusBadge
                      status={order.paymentStatus}
                      refunded={order.refundedAmount}
                    />
                  </div>
                  {order.status === 'Shipped' && <LatestScan order={order} />}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <InvoiceDownload
                    order={order}
                    realm="customer"
                    className="rounded-full px-3 py-2 text-sm font-semibold text-forest-700 underline-offset-4 hover:underline"
                  />
                  <Link
                    to={`/order-status/${encodeURIComponent(order._id)}`}
                    className="rounded-full px-3 py-2 text-sm font-semibold text-forest-700 underline-offset-4 hover:underline"
                    aria-label={`Open the order page of order ${order.orderNumber}`}
                  >
                    Order page
                  </Link>
                  <CancelOrderButton order={order} className="btn-outline px-4 py-2" />
                  <button
                    type="button"
                    className="btn-outline px-4 py-2"
                    onClick={() => setOpen(order)}
                    aria-label={`View details of order ${order.orderNumber}`}
                  >
                    View details
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open && <OrderDialog order={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** Where a parcel on its way was last scanned: "In transit at Patna Hub". */
function LatestScan({ order }: { order: Order }) {
  const scan = latestScan(order);
  if (!scan) return null;
  const attempt = isDeliveryAttempt(scan);
  const Icon = attempt ? WarningIcon : TruckIcon;
  return (
    <p
      className={`mt-2 flex items-start gap-1.5 text-sm ${attempt ? 'text-saffron-600' : 'text-ink'}`}
      data-testid="order-latest-scan"
    >
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${attempt ? '' : 'text-forest-700'}`} />
      <span>
        <span className="font-medium">{scan.status}</span>
        <span className="text-muted">
          {' · '}
          <time dateTime={scan.at}>{formatOrderMoment(scan.at)}</time>
        </span>
      </span>
    </p>
  );
}

function OrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  return (
    <Dialog
      title={`Order #${order.orderNumber}`}
      description={`Placed on ${formatOrderDate(order.createdAt)}`}
      onClose={onClose}
    >
      <OrderSummary
        order={order}
        lineTestId="order-item"
        totalsTestIdPrefix="order"
        aside={
          <>
            <h3 className={orderSummaryHeadingClass}>Payment</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <div>
                <dt className="inline text-muted">Method: </dt>
                <dd className="inline">{order.paymentMethod}</dd>
              </div>
              <div>
                <dt className="inline text-muted">Transaction ID: </dt>
                <dd className="inline break-all">{order.transactionId || 'Not available yet'}</dd>
              </div>
            </dl>
            <h3 className={`mt-4 ${orderSummaryHeadingClass}`}>Tracking</h3>
            {order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-block text-sm font-semibold text-forest-700 underline underline-offset-4"
              >
                Track shipment{order.trackingNumber ? ` ${order.trackingNumber}` : ''}
              </a>
            ) : (
              <p className="mt-2 text-sm text-muted">
                {order.trackingNumber
                  ? `Tracking number ${order.trackingNumber}.`
                  : 'Tracking details will appear here once your order ships.'}
              </p>
            )}
          </>
        }
      />
      <Link
        to={`/order-status/${encodeURIComponent(order._id)}`}
        className="btn-outline mt-6 w-full sm:w-auto"
      >
        Open the order page
      </Link>
    </Dialog>
  );
}
