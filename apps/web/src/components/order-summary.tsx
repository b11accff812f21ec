import type { Order } from '@makhana/domain/orders';
import type { ReactNode } from 'react';
import { shippingAddressLines } from '../lib/orders';
import {
  linesSubtotal,
  OrderLines,
  OrderTotals,
  orderDiscountOf,
  orderLinesOf,
} from './order-lines';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badges';

/** The small capitals heading of each part of an order pop-up. */
export const orderSummaryHeadingClass = 'text-sm font-semibold uppercase tracking-wider text-muted';

interface OrderSummaryProps {
  order: Order;
  /** test ids of the lines and the totals, which each screen's tests name */
  lineTestId: string;
  totalsTestIdPrefix: string;
  /** the shopper's e-mail under the address: the owner's view shows it */
  showEmail?: boolean;
  /** what the screen shows beside the address: payment and tracking, in its own words */
  aside: ReactNode;
}

/** An order's statuses, lines, totals and shipping address: the body of every order pop-up. */
export function OrderSummary({
  order,
  lineTestId,
  totalsTestIdPrefix,
  showEmail = false,
  aside,
}: OrderSummaryProps) {
  const lines = orderLinesOf(order);
  const address = shippingAddressLines(order.shippingAddress);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} refunded={order.refundedAmount} />
      </div>
      <h3 className={`mt-5 ${orderSummaryHeadingClass}`}>Items</h3>
      <OrderLines lines={lines} testId={lineTestId} className="mt-2" />
      <OrderTotals
        subtotal={linesSubtotal(lines)}
        shipping={order.shippingCost}
        total={order.totalAmount}
        discount={orderDiscountOf(order)}
        testIdPrefix={totalsTestIdPrefix}
      />
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <section>
          <h3 className={orderSummaryHeadingClass}>Shipping address</h3>
          <address className="mt-2 text-sm not-italic leading-relaxed text-ink">
            {address.length > 0
              ? address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))
              : '—'}
            {showEmail && order.shippingAddress.email && (
              <span className="block break-all">{order.shippingAddress.email}</span>
            )}
          </address>
        </section>
        <section>{aside}</section>
      </div>
    </>
  );
}
