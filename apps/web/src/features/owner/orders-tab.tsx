import type { User } from '@makhana/domain/account';
import { formatRupees } from '@makhana/domain/money';
import type { Order } from '@makhana/domain/orders';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { OrderSummary, orderSummaryHeadingClass } from '../../components/order-summary';
import { OrderStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { formatOrderDate } from '../../lib/orders';
import { useAppSelector } from '../../stores/hooks';
import { OrderStatusActions } from './order-status-actions';
import { cellClass, OwnerCard, OwnerCards, type OwnerColumn, OwnerTable } from './owner-table';

/** The customer's name from their account, else from the order's address. */
function customerName(order: Order, users: User[]): string {
  const user = users.find((candidate) => candidate._id === order.user);
  const fromAccount = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  const { firstName, lastName } = order.shippingAddress;
  return fromAccount || [firstName, lastName].filter(Boolean).join(' ') || '—';
}

function OrderDetail({ order, onClose }: { order: Order; onClose: () => void }) {
  return (
    <Dialog
      title={`Order #${order.orderNumber}`}
      description={`Placed ${formatOrderDate(order.createdAt)}`}
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
            </dl>
            <div className="mt-5">
              <OrderStatusActions key={order.status} order={order} />
            </div>
          </>
        }
      />
    </Dialog>
  );
}

function ViewButton({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
  return (
    <button
      type="button"
      className="btn-outline px-4 py-1.5"
      aria-label={`View order ${order.orderNumber}`}
      onClick={() => onOpen(order)}
    >
      View
    </button>
  );
}

const ORDER_COLUMNS: OwnerColumn[] = [
  { label: 'Order' },
  { label: 'Date' },
  { label: 'Customer' },
  { label: 'Total', alignEnd: true },
  { label: 'Payment' },
  { label: 'Status' },
  { label: 'Details', hidden: true },
];

/** Every order, newest first, each opening a pop-up with its lines, address and tracking. */
export function OrdersTab() {
  const orders = useAppSelector((state) => state.auth.ownerOrders);
  const users = useAppSelector((state) => state.auth.userDetails);
  // The id, not a copy: a status move replaces the order in the store and the pop-up follows.
  const [openId, setOpenId] = useState<string | null>(null);
  const open = orders.find((order) => order._id === openId) ?? null;
  const setOpen = (order: Order) => setOpenId(order._id);
  const sorted = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <>
      <OwnerCards label="Orders">
        {sorted.length === 0 && <li className="card p-6 text-center text-muted">No orders yet.</li>}
        {sorted.map((order) => (
          <OwnerCard key={order._id} testId="owner-order-card">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-ink">#{order.orderNumber}</p>
                <p className="mt-0.5 text-sm text-muted">
                  {formatOrderDate(order.createdAt)} · {customerName(order, users)}
                </p>
              </div>
              <p className="shrink-0 font-display text-lg font-semibold text-forest-800">
                {formatRupees(order.totalAmount)}
              </p>
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap gap-2">
                <OrderStatusBadge status={order.status} />
                <PaymentStatusBadge status={order.paymentStatus} />
              </div>
              <ViewButton order={order} onOpen={setOpen} />
            </div>
          </OwnerCard>
        ))}
      </OwnerCards>
      <OwnerTable
        label="Orders"
        columns={ORDER_COLUMNS}
        empty={sorted.length === 0 ? 'No orders yet.' : null}
      >
        {sorted.map((order) => (
          <tr key={order._id} data-testid="owner-order-row">
            <th scope="row" className={`${cellClass} whitespace-nowrap font-semibold text-ink`}>
              #{order.orderNumber}
            </th>
            <td className={`${cellClass} whitespace-nowrap`}>{formatOrderDate(order.createdAt)}</td>
            <td className={cellClass}>{customerName(order, users)}</td>
            <td className={`${cellClass} whitespace-nowrap text-right font-semibold tabular-nums`}>
              {formatRupees(order.totalAmount)}
            </td>
            <td className={cellClass}>
              <PaymentStatusBadge status={order.paymentStatus} />
            </td>
            <td className={cellClass}>
              <OrderStatusBadge status={order.status} />
            </td>
            <td className={`${cellClass} text-right`}>
              <ViewButton order={order} onOpen={setOpen} />
            </td>
          </tr>
        ))}
      </OwnerTable>
      {open && <OrderDetail order={open} onClose={() => setOpenId(null)} />}
    </>
  );
}
