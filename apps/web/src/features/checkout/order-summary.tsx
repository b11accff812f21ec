import type { CartItem, CartSummary } from '@makhana/domain/cart';
import { GST_PERCENT_INCLUDED } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import type { ReactNode } from 'react';

interface OrderSummaryProps {
  items: CartItem[];
  summary: CartSummary;
  children?: ReactNode;
}

/** What will be ordered: each line, subtotal, shipping and the total (GST is in the prices). */
export function OrderSummary({ items, summary, children }: OrderSummaryProps) {
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
      <ul className="mt-4 divide-y divide-cream-200">
        {items.map((item) => (
          <li
            key={`${item.id}-${item.weight}-${item.sku}`}
            className="flex items-center gap-3 py-3"
            data-testid="summary-line"
          >
            <span className="relative h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-cream-100">
              {item.image && (
                <img
                  src={item.image}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-full w-full object-cover"
                  onError={(event) => {
                    event.currentTarget.hidden = true;
                  }}
                />
              )}
              <span className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-forest-700 px-1 text-[11px] font-semibold text-cream-50">
                {item.quantity}
              </span>
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-ink">{item.name}</span>
              <span className="block text-xs text-muted">
                {item.weight}g · Qty {item.quantity} × {formatRupees(item.price)}
              </span>
            </span>
            <span className="text-sm font-semibold text-ink">
              {formatRupees(item.price * item.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-1 space-y-2.5 border-t border-cream-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatRupees(summary.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Shipping</dt>
          <dd
            data-testid="checkout-shipping"
            className={summary.shipping === 0 ? 'font-semibold text-forest-600' : undefined}
          >
            {summary.shipping === 0 ? 'Free' : formatRupees(summary.shipping)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between border-t border-cream-200 pt-3">
          <dt className="text-base font-semibold">Total</dt>
          <dd
            className="font-display text-2xl font-semibold text-forest-800"
            data-testid="checkout-total"
          >
            {formatRupees(summary.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-muted">
        GST included <span aria-hidden="true">·</span> {GST_PERCENT_INCLUDED}% in the prices
      </p>
      {children}
    </section>
  );
}
