import { ORDER_SALES_FILTERS } from '@makhana/domain/contracts/owner';
import { formatRupees } from '@makhana/domain/money';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { OPEN_RETURN_STATES } from '@makhana/domain/returns';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OrderStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { errorMessage } from '../../lib/api-client';
import { formatOrderDate } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useLazyGetOwnerOrderQuery } from './api/orders';
import { owedExtraPayments } from './extra-payments';
import { GstReturnsButton } from './gst-returns';
import { OrderDetail, orderCustomerName } from './order-detail';
import { OrderExport } from './order-export';
import { SelectCell, SelectOrderBox, SelectPageBox, useOrderSelection } from './order-selection';
import {
  OwnerListControls,
  type OwnerListFilter,
  type OwnerListToggle,
} from './owner-list-controls';
import { cellClass, OwnerCard, OwnerCards, type OwnerColumn, OwnerTable } from './owner-table';
import { ShippingTools } from './shipping-tools';
import { useCourierName } from './use-courier';
import { useOwnerList } from './use-owner-list';

type OrderFilter =
  | 'paid'
  | 'status'
  | 'paymentStatus'
  | 'needsRefund'
  | 'returns'
  | 'toShip'
  | 'sales';

/** Sales are paid orders kept (docs/product.md#a-sale); "this month" in India's calendar. */
const SALES_LABELS: Record<(typeof ORDER_SALES_FILTERS)[number], string> = {
  all: 'Sales',
  'this-month': 'Sales this month',
};

const FILTERS: OwnerListFilter<OrderFilter>[] = [
  {
    name: 'paid',
    label: 'Show',
    options: [
      { value: 'true', label: 'Paid orders' },
      { value: 'false', label: 'Unpaid' },
      { value: 'any', label: 'All orders' },
    ],
  },
  {
    name: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'All statuses' },
      ...ORDER_STATUSES.map((status) => ({ value: status, label: status })),
    ],
  },
  {
    name: 'paymentStatus',
    label: 'Payment',
    options: [
      { value: '', label: 'All payments' },
      ...PAYMENT_STATUSES.map((status) => ({ value: status, label: `Payment ${status}` })),
    ],
  },
  {
    name: 'sales',
    label: 'Sales',
    options: [
      { value: '', label: 'All orders' },
      ...ORDER_SALES_FILTERS.map((value) => ({ value, label: SALES_LABELS[value] })),
    ],
  },
];

const TOGGLES: OwnerListToggle<OrderFilter>[] = [
  { name: 'toShip', label: 'To ship', value: 'true' },
  { name: 'needsRefund', label: 'Needs refund', value: 'true' },
  { name: 'returns', label: 'Open returns', value: 'open' },
];

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

function RefundFlag({ order }: { order: Order }) {
  if (!order.needsRefund && owedExtraPayments(order).length === 0) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-maroon-600/10 px-2.5 py-0.5 text-xs font-semibold text-maroon-700">
      Needs refund
    </span>
  );
}

/** An order with a return waiting for the owner (to decide, receive or refund). */
function ReturnFlag({ order }: { order: Order }) {
  const open = order.returns?.some((request) =>
    (OPEN_RETURN_STATES as readonly string[]).includes(request.state),
  );
  if (!open) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-saffron-100 px-2.5 py-0.5 text-xs font-semibold text-saffron-600">
      Return open
    </span>
  );
}

/** A parcel out with the courier whose latest delivery attempt failed: the customer may need a call. */
function DeliveryFailedFlag({ order }: { order: Order }) {
  if (order.status !== 'Shipped' || !order.shipment?.undelivered) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-maroon-600/10 px-2.5 py-0.5 text-xs font-semibold text-maroon-700">
      Delivery failed
    </span>
  );
}

function OrderFlags({ order }: { order: Order }) {
  return (
    <>
      <RefundFlag order={order} />
      <ReturnFlag order={order} />
      <DeliveryFailedFlag order={order} />
    </>
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

/**
 * An order the address names (`?tab=orders&order=<id>`) opens in its pop-up over the list: the
 * owner's new-order mail links there.
 */
const LINKED_ORDER = 'order';

/** The orders, newest first, a page at a time from the server; each opens its pop-up. */
export function OrdersTab() {
  const list = useOwnerList<Order, OrderFilter>({
    path: '/orders/orderDetails',
    tag: 'Order',
    filters: ['paid', 'status', 'paymentStatus', 'needsRefund', 'returns', 'toShip', 'sales'],
    // A failed or abandoned payment is an attempt, not an order to pack: shown when asked for.
    defaults: { paid: 'true' },
  });
  const [open, setOpen] = useState<Order | null>(null);
  const [address, setAddress] = useSearchParams();
  const linkedOrder = address.get(LINKED_ORDER);
  const [loadOrder] = useLazyGetOwnerOrderQuery();
  // Orders are ticked only to hand them to the courier: a manual shop has no boxes.
  const courierName = useCourierName();
  const selection = useOrderSelection(
    list.items,
    JSON.stringify([list.page, address.get('q'), list.filters]),
  );

  const forgetLinkedOrder = () =>
    setAddress(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINKED_ORDER);
        return next;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per order the address names
  useEffect(() => {
    if (!linkedOrder) return;
    let current = true;
    loadOrder(linkedOrder)
      .unwrap()
      .then(
        (order) => current && setOpen(order),
        (error: unknown) => {
          if (!current) return;
          const text = errorMessage(error);
          toast.error(text, { toastId: text });
          forgetLinkedOrder();
        },
      );
    return () => {
      current = false;
    };
  }, [linkedOrder]);

  const close = () => {
    setOpen(null);
    if (linkedOrder) forgetLinkedOrder();
  };

  return (
    <section aria-labelledby="owner-orders-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="owner-orders-title" className="font-display text-2xl font-semibold text-forest-800">
          Orders
        </h2>
        <div className="flex flex-wrap gap-2">
          <GstReturnsButton />
          <OrderExport />
        </div>
      </div>
      <OwnerListControls
        list={list}
        searchLabel="Search by order number, name, e-mail or phone"
        searchPlaceholder="e.g. MM-250514-0003 or Asha"
        filters={FILTERS}
        toggles={TOGGLES}
        noun="orders"
        empty="No orders yet."
        noMatch="No orders match the search or filters."
      >
        {courierName && (
          <ShippingTools
            courierName={courierName}
            selected={selection.orders}
            onClear={selection.clear}
          />
        )}
        <OwnerCards label="Orders">
          {list.items.map((order) => (
            <OwnerCard key={order._id} testId="owner-order-card">
              <div className="flex items-start gap-3">
                {courierName && <SelectOrderBox order={order} selection={selection} />}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-ink">#{order.orderNumber}</p>
                  <p className="mt-0.5 text-sm text-muted">
                    {formatOrderDate(order.createdAt)} · {orderCustomerName(order)}
                  </p>
                </div>
                <p className="shrink-0 font-display text-lg font-semibold text-forest-800">
                  {formatRupees(order.totalAmount)}
                </p>
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-wrap gap-2">
                  <OrderStatusBadge status={order.status} />
                  <PaymentStatusBadge
                    status={order.paymentStatus}
                    refunded={order.refundedAmount}
                  />
                  <OrderFlags order={order} />
                </div>
                <ViewButton order={order} onOpen={setOpen} />
              </div>
            </OwnerCard>
          ))}
        </OwnerCards>
        <OwnerTable
          label="Orders"
          columns={ORDER_COLUMNS}
          empty={null}
          leadingHead={
            courierName ? <SelectPageBox items={list.items} selection={selection} /> : null
          }
        >
          {list.items.map((order) => (
            <tr key={order._id} data-testid="owner-order-row">
              {courierName && (
                <SelectCell>
                  <SelectOrderBox order={order} selection={selection} />
                </SelectCell>
              )}
              <th scope="row" className={`${cellClass} whitespace-nowrap font-semibold text-ink`}>
                #{order.orderNumber}
              </th>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatOrderDate(order.createdAt)}
              </td>
              <td className={cellClass}>{orderCustomerName(order)}</td>
              <td
                className={`${cellClass} whitespace-nowrap text-right font-semibold tabular-nums`}
              >
                {formatRupees(order.totalAmount)}
              </td>
              <td className={cellClass}>
                <PaymentStatusBadge status={order.paymentStatus} refunded={order.refundedAmount} />
              </td>
              <td className={cellClass}>
                <div className="flex flex-wrap gap-1.5">
                  <OrderStatusBadge status={order.status} />
                  <OrderFlags order={order} />
                </div>
              </td>
              <td className={`${cellClass} text-right`}>
                <ViewButton order={order} onOpen={setOpen} />
              </td>
            </tr>
          ))}
        </OwnerTable>
      </OwnerListControls>
      {open && <OrderDetail order={open} onClose={close} onOrderChanged={setOpen} />}
    </section>
  );
}
