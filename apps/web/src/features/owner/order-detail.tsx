import type { SupportMessage } from '@makhana/domain/contracts/owner';
import type { OrderActor, OrderMove } from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/dialog';
import { OrderSummary, orderSummaryHeadingClass } from '../../components/order-summary';
import { TicketStatusBadge } from '../../components/status-badges';
import { CreditNotes, InvoiceDownload } from '../../components/tax-document-download';
import { apiPage, errorMessage } from '../../lib/api-client';
import { formatOrderDate, formatOrderMoment } from '../../lib/orders';
import { ExtraPayments } from './extra-payments';
import { OrderReturns } from './order-returns';
import { ShipmentSection } from './order-shipment';
import { type OnOrderChanged, OrderStatusActions } from './order-status-actions';

/** The name the owner's lists show: the order's own address, as the customer's account may be gone. */
export function orderCustomerName(order: Order): string {
  if (order.user === null) return 'Deleted customer';
  const { firstName, lastName } = order.shippingAddress;
  return [firstName, lastName].filter(Boolean).join(' ') || '—';
}

/** What each move of the history says happened, and who did it. */
const MOVE_LABELS: Record<OrderMove, string> = {
  paid: 'Paid',
  paid_sold_out: 'Paid after the stock was gone: refund due',
  failed: 'Payment failed',
  expired: 'Expired unpaid',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned_to_origin: 'Brought back undelivered',
  refunded: 'Refunded in full',
  refunded_part: 'Part of the payment refunded',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  return_received: 'Returned parcel received',
  returned: 'Returned and refunded',
};
const ACTOR_LABELS: Record<OrderActor, string> = {
  customer: 'the customer',
  owner: 'you',
  gateway: 'the payment gateway',
  courier: 'the courier',
  system: 'the shop, automatically',
};

/** Every move of the order, oldest first: what happened, who did it, when, with its tracking or reason. */
function OrderHistory({ order }: { order: Order }) {
  const moves = order.history ?? [];
  return (
    <section className="mt-6" aria-labelledby={`history-${order._id}`}>
      <h3 id={`history-${order._id}`} className={orderSummaryHeadingClass}>
        History
      </h3>
      {moves.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No status changes yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l-2 border-cream-200 pl-4 text-sm">
          {moves.map((move) => (
            <li key={`${move.at}-${move.event}`} data-testid="order-history-move">
              <p className="font-medium text-ink">
                {MOVE_LABELS[move.event]}{' '}
                <span className="font-normal text-muted">by {ACTOR_LABELS[move.by]}</span>
              </p>
              <p className="text-muted">
                {move.from} → {move.to}
              </p>
              <p className="text-muted">
                <time dateTime={move.at}>{formatOrderMoment(move.at)}</time>
              </p>
              {move.trackingNumber && (
                <p className="text-muted">
                  {move.trackingUrl ? (
                    <a
                      href={move.trackingUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-forest-700 underline underline-offset-4"
                    >
                      Tracking {move.trackingNumber}
                    </a>
                  ) : (
                    <>Tracking {move.trackingNumber}</>
                  )}
                </p>
              )}
              {move.note && <p className="text-ink">Note: {move.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The tickets whose complaint names this order, each opening in the Support tab. */
function OrderTickets({ order }: { order: Order }) {
  const [tickets, setTickets] = useState<SupportMessage[] | { error: string } | null>(null);
  useEffect(() => {
    let current = true;
    apiPage<SupportMessage>(`/supports/inbox?order=${encodeURIComponent(order._id)}&limit=20`, {
      realm: 'owner',
    }).then(
      (answer) => current && setTickets(answer.data),
      (error: unknown) => current && setTickets({ error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [order._id]);
  if (tickets === null || (Array.isArray(tickets) && tickets.length === 0)) return null;
  return (
    <section className="mt-6" aria-labelledby={`tickets-${order._id}`}>
      <h3 id={`tickets-${order._id}`} className={orderSummaryHeadingClass}>
        Complaints about this order
      </h3>
      {'error' in tickets ? (
        <p role="alert" className="mt-2 text-sm text-maroon-700">
          The complaints could not be loaded: {tickets.error}
        </p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {tickets.map((ticket) => (
            <li key={ticket._id} className="flex flex-wrap items-center gap-2">
              <Link
                to={`?tab=support&q=${encodeURIComponent(ticket.ticketNumber)}`}
                className="font-semibold text-forest-700 underline underline-offset-4"
              >
                {ticket.ticketNumber}
              </Link>
              <span className="text-muted">
                {ticket.issueType ?? 'Complaint'} · {formatOrderMoment(ticket.createdAt)}
              </span>
              <TicketStatusBadge status={ticket.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * An order's pop-up for the owner: lines, address, payment id, tracking, its parcel with the
 * courier, the history of moves and the move the order allows. A change hands the server's copy
 * to `onOrderChanged`.
 */
export function OrderDetail({
  order,
  onClose,
  onOrderChanged,
}: {
  order: Order;
  onClose: () => void;
  onOrderChanged: OnOrderChanged;
}) {
  return (
    <Dialog
      title={`Order #${order.orderNumber}`}
      description={`Placed ${formatOrderDate(order.createdAt)} by ${orderCustomerName(order)}`}
      onClose={onClose}
    >
      <OrderSummary
        order={order}
        lineTestId="owner-order-line"
        totalsTestIdPrefix="owner-order"
        showEmail
        aside={
          <>
            <h3 className={orderSummaryHeadingClass}>Tracking</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <div>
                <dt className="inline text-muted">Tracking number: </dt>
                <dd className="inline font-medium">{order.trackingNumber ?? 'Not shipped yet'}</dd>
              </div>
              {order.trackingUrl && (
                <div>
                  <dt className="sr-only">Tracking link</dt>
                  <dd>
                    <a
                      href={order.trackingUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-forest-700 underline underline-offset-4"
                    >
                      Track the parcel
                    </a>
                  </dd>
                </div>
              )}
              <div>
                <dt className="inline text-muted">Payment id: </dt>
                <dd className="inline break-all font-medium">{order.transactionId ?? '—'}</dd>
              </div>
              {order.invoice && (
                <div>
                  <dt className="inline text-muted">Tax invoice: </dt>
                  <dd className="inline font-medium">
                    {order.invoice.number}{' '}
                    <InvoiceDownload
                      order={order}
                      realm="owner"
                      className="ml-1 font-semibold text-forest-700 underline underline-offset-4"
                    />
                  </dd>
                </div>
              )}
              {order.creditNotes?.length ? (
                <div>
                  <dt className="sr-only">Credit notes</dt>
                  <dd>
                    <CreditNotes order={order} realm="owner" />
                  </dd>
                </div>
              ) : null}
              {order.needsRefund && (
                <div>
                  <dt className="sr-only">Refund</dt>
                  <dd className="font-semibold text-maroon-700">
                    Paid, cannot ship: needs a refund
                  </dd>
                </div>
              )}
            </dl>
            {order.extraPayments?.length ? (
              <div className="mt-5">
                <ExtraPayments order={order} onOrderChanged={onOrderChanged} />
              </div>
            ) : null}
            <div className="mt-5">
              <OrderStatusActions
                key={order.status}
                order={order}
                onOrderChanged={onOrderChanged}
              />
            </div>
          </>
        }
      />
      <ShipmentSection order={order} />
      <OrderReturns order={order} onOrderChanged={onOrderChanged} />
      <OrderHistory order={order} />
      <OrderTickets order={order} />
    </Dialog>
  );
}
