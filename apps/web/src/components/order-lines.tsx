import { formatRupees } from '@makhana/domain/money';
import type { Order } from '@makhana/domain/orders';

/** One line of a cart or an order, as the checkout summary, order page and My Orders show it. */
export interface OrderLine {
  key: string;
  name: string;
  image: string;
  weight: number;
  quantity: number;
  /** the price of one pack, in rupees */
  price: number;
}

export function orderLinesOf(order: Pick<Order, 'items'>): OrderLine[] {
  return order.items.map((item) => ({
    key: `${item.product}-${item.variantWeight}`,
    name: item.name,
    image: item.image,
    weight: item.variantWeight,
    quantity: item.quantity,
    price: item.priceAtPurchase,
  }));
}

export function linesSubtotal(lines: OrderLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

interface OrderLinesProps {
  lines: OrderLine[];
  /** The checkout sidebar: smaller type, the quantity on the picture, names cut to one line. */
  compact?: boolean;
  testId: string;
  className?: string;
}

export function OrderLines({ lines, compact = false, testId, className = '' }: OrderLinesProps) {
  return (
    <ul className={`divide-y divide-cream-200 ${className}`}>
      {lines.map((line) => (
        <li key={line.key} className="flex items-center gap-3 py-3" data-testid={testId}>
          <span className="relative h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-cream-100">
            {line.image && (
              <img
                src={line.image}
                alt=""
                width={64}
                height={64}
                loading={compact ? 'lazy' : undefined}
                className="h-full w-full object-cover"
                // A product image since removed leaves the tile, never a broken-image icon.
                onError={(event) => {
                  event.currentTarget.hidden = true;
                }}
              />
            )}
            {compact && (
              <span className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-forest-700 px-1 text-[11px] font-semibold text-cream-50">
                {line.quantity}
              </span>
            )}
          </span>
          <span className="min-w-0 flex-1">
            <span className={`block font-semibold text-ink ${compact ? 'truncate text-sm' : ''}`}>
              {line.name}
            </span>
            <span className={`block text-muted ${compact ? 'text-xs' : 'text-sm'}`}>
              {compact
                ? `${line.weight}g · Qty ${line.quantity} × ${formatRupees(line.price)}`
                : `${line.weight}g · Qty ${line.quantity} · ${formatRupees(line.price)} each`}
            </span>
          </span>
          <span className={`font-semibold text-ink ${compact ? 'text-sm' : ''}`}>
            {formatRupees(line.price * line.quantity)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A discount code on a cart or an order: what it took off the lines, and whether it waived the shipping. */
export interface TotalsDiscount {
  code: string;
  /** the lines' shares, in rupees */
  offLines: number;
  /** the code made the shipping free */
  freeShipping: boolean;
}

/** An order's code as its totals show it; null without one. */
export function orderDiscountOf(order: Pick<Order, 'discount' | 'items'>): TotalsDiscount | null {
  if (!order.discount) return null;
  const offLines =
    Math.round(order.items.reduce((sum, item) => sum + (item.discount ?? 0), 0) * 100) / 100;
  return {
    code: order.discount.code,
    offLines,
    freeShipping: order.discount.amount > offLines,
  };
}

interface OrderTotalsProps {
  subtotal: number;
  shipping: number;
  total: number;
  discount?: TotalsDiscount | null;
  /** names the figures for tests: `checkout-total`, `order-total`, … */
  testIdPrefix: string;
}

/**
 * Subtotal, a discount code's line, shipping (Free at zero) and the total; GST is already in the
 * prices. The rows add up: a code's own line shows what it took off the items, and a code that
 * waived the shipping says so on the shipping's line.
 */
export function OrderTotals({
  subtotal,
  shipping,
  total,
  discount = null,
  testIdPrefix,
}: OrderTotalsProps) {
  return (
    <dl className="mt-1 space-y-2.5 border-t border-cream-200 pt-4 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">Subtotal</dt>
        <dd data-testid={`${testIdPrefix}-subtotal`}>{formatRupees(subtotal)}</dd>
      </div>
      {discount && discount.offLines > 0 && (
        <div className="flex justify-between">
          <dt className="text-muted">Discount ({discount.code})</dt>
          <dd data-testid={`${testIdPrefix}-discount`} className="font-semibold text-forest-600">
            −{formatRupees(discount.offLines)}
          </dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted">Shipping</dt>
        <dd
          data-testid={`${testIdPrefix}-shipping`}
          className={shipping === 0 ? 'font-semibold text-forest-600' : undefined}
        >
          {shipping === 0
            ? discount?.freeShipping
              ? `Free with ${discount.code}`
              : 'Free'
            : formatRupees(shipping)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between border-t border-cream-200 pt-3">
        <dt className="text-base font-semibold">Total</dt>
        <dd
          className="font-display text-2xl font-semibold text-forest-800"
          data-testid={`${testIdPrefix}-total`}
        >
          {formatRupees(total)}
        </dd>
      </div>
    </dl>
  );
}
