import { GST_PERCENT_INCLUDED } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import { SITE } from '@makhana/domain/site';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/seo';
import { type Address, loadAddresses } from '../../stores/auth-slice';
import { selectCartItems, selectCartSummary } from '../../stores/cart-selectors';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';

/**
 * Checkout for a signed-in customer. This first version shows what will be ordered and the saved
 * addresses; the shipping form, pincode check and payment come with the payment step.
 */
export function CheckoutPage() {
  usePageMeta({ title: `Checkout | ${SITE.brand}`, canonicalPath: '/checkout' });
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const summary = useAppSelector(selectCartSummary);
  const entries = useAppSelector((state) => state.auth.address);
  const addresses = entries.filter((entry): entry is Address => entry !== null);

  useEffect(() => {
    dispatch(loadAddresses());
  }, [dispatch]);

  return (
    <div className="container-page py-8 sm:py-12">
      <p className="eyebrow">Secure checkout</p>
      <h1 className="mt-1 font-display text-3xl font-semibold text-forest-800 sm:text-4xl">
        Checkout
      </h1>
      <p className="mt-2 text-sm text-muted">Payment opens in the next step.</p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px] lg:items-start">
        <section aria-labelledby="checkout-addresses" className="card p-5 sm:p-6">
          <h2
            id="checkout-addresses"
            className="font-display text-2xl font-semibold text-forest-800"
          >
            Saved addresses
          </h2>
          {addresses.length === 0 ? (
            <p className="mt-4 text-sm text-muted">
              No saved addresses yet.{' '}
              <Link
                to="/dashboard"
                state={{ section: 'addresses' }}
                className="font-semibold text-forest-700 underline underline-offset-4"
              >
                Add one in your account
              </Link>
              .
            </p>
          ) : (
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {addresses.map((address) => (
                <li
                  key={address._id}
                  className="rounded-2xl border border-cream-200 p-4"
                  data-testid="checkout-address"
                >
                  <span className="inline-flex rounded-full bg-forest-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-forest-700">
                    {address.label}
                  </span>
                  <p className="mt-2 font-semibold text-ink">{address.name}</p>
                  <address className="mt-1 text-sm not-italic leading-relaxed text-muted">
                    {[address.street, address.locality].filter(Boolean).join(', ')}
                    <br />
                    {address.city}, {address.state} - {address.pincode}
                    <br />
                    Phone: {address.phoneNumber}
                  </address>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="checkout-summary" className="card p-5 sm:p-6 lg:sticky lg:top-24">
          <h2 id="checkout-summary" className="font-display text-2xl font-semibold text-forest-800">
            Order summary
          </h2>
          {items.length === 0 ? (
            <p className="mt-4 text-sm text-muted">
              Your cart is empty.{' '}
              <Link
                to="/products"
                className="font-semibold text-forest-700 underline underline-offset-4"
              >
                Browse Products
              </Link>
            </p>
          ) : (
            <>
              <ul className="mt-4 divide-y divide-cream-200 text-sm">
                {items.map((item) => (
                  <li key={`${item.id}-${item.weight}-${item.sku}`} className="flex gap-3 py-3">
                    <span className="min-w-0 flex-1">
                      {item.name}{' '}
                      <span className="text-muted">
                        {item.weight}g × {item.quantity}
                      </span>
                    </span>
                    <span className="font-medium">{formatRupees(item.price * item.quantity)}</span>
                  </li>
                ))}
              </ul>
              <dl className="mt-2 space-y-2 border-t border-cream-200 pt-4 text-sm">
                <div className="flex justify-between">
                  <dt className="text-muted">Subtotal</dt>
                  <dd>{formatRupees(summary.subtotal)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-muted">Shipping</dt>
                  <dd>{summary.shipping === 0 ? 'Free' : formatRupees(summary.shipping)}</dd>
                </div>
                <div className="flex justify-between text-base font-semibold">
                  <dt>Total</dt>
                  <dd data-testid="checkout-total">{formatRupees(summary.total)}</dd>
                </div>
              </dl>
              <p className="mt-3 text-xs text-muted">Prices include {GST_PERCENT_INCLUDED}% GST.</p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
