import type { CartItem, CartSummary } from '@makhana/domain/cart';
import { PRICES_INCLUDE_TAXES } from '@makhana/domain/constants';
import type { PricedCart } from '@makhana/domain/contracts/checkout';
import type { ReactNode } from 'react';
import { OrderLines, OrderTotals } from '../../components/order-lines';

interface OrderSummaryProps {
  items: CartItem[];
  summary: CartSummary;
  /** the cart priced with a discount code, when one is applied */
  priced?: PricedCart | null;
  /** the discount code's field, under the totals */
  discountField?: ReactNode;
  children?: ReactNode;
}

/**
 * What will be ordered: each line, subtotal, a code's discount, shipping and the total (GST is
 * in the prices). With a code, the figures are the server's, the ones Place Order will charge.
 */
export function OrderSummary({
  items,
  summary,
  priced = null,
  discountField,
  children,
}: OrderSummaryProps) {
  const offLines = priced
    ? Math.round(priced.lines.reduce((sum, line) => sum + line.discount, 0) * 100) / 100
    : 0;
  return (
    <section
      aria-labelledby="checkout-summary"
      className="card p-5 sm:p-6 lg:sticky lg:top-24"
      data-testid="order-summary"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="checkout-summary" className="font-display text-2xl font-semibold text-forest-800">
          Order summary
        </h2>
        <p className="text-sm text-muted">
          {summary.itemCount} {summary.itemCount === 1 ? 'item' : 'items'}
        </p>
      </div>
      <OrderLines
        lines={items.map((item) => ({
          key: `${item.id}-${item.weight}-${item.sku}`,
          name: item.name,
          image: item.image,
          weight: item.weight,
          quantity: item.quantity,
          price: item.price,
        }))}
        compact
        testId="summary-line"
        className="mt-4"
      />
      <OrderTotals
        subtotal={summary.subtotal}
        shipping={priced?.shippingCost ?? summary.shipping}
        total={priced?.totalAmount ?? summary.total}
        discount={
          priced
            ? {
                code: priced.code,
                offLines,
                freeShipping: summary.shipping > 0 && priced.shippingCost === 0,
              }
            : null
        }
        testIdPrefix="checkout"
      />
      <p className="mt-1 text-right text-xs text-muted">{PRICES_INCLUDE_TAXES}</p>
      {discountField}
      {children}
    </section>
  );
}
