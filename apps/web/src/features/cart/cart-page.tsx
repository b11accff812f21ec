import { type CartItem, cartTotal } from '@makhana/domain/cart';
import {
  CART_QUANTITY_MAX,
  CART_QUANTITY_MIN,
  DELAY_MS,
  FREE_SHIPPING_ABOVE_RUPEES,
  PRICES_INCLUDE_TAXES,
} from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import { SITE } from '@makhana/domain/site';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { CartIcon, TrashIcon } from '../../components/icons';
import { scrollToTop, wait } from '../../lib/scroll';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { selectCartItems, selectCartSummary } from '../../stores/cart-selectors';
import { removeItem, updateQuantity } from '../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';

export function CartPage() {
  usePageMeta({ title: `Cart | ${SITE.brand}`, canonicalPath: '/cart' });
  const items = useAppSelector(selectCartItems);
  const summary = useAppSelector(selectCartSummary);
  const restored = useAppSelector((state) => state.cart.restored);
  const navigate = useNavigate();

  useEffect(() => {
    scrollToTop();
  }, []);

  const continueShopping = async () => {
    scrollToTop();
    await wait(DELAY_MS.continueShopping);
    navigate('/products');
  };

  // The server cannot know this browser's cart: its page keeps the empty cart's box, unfilled,
  // until the cart is read, so neither "empty" nor a list shows before it is true.
  if (!restored || items.length === 0) {
    return (
      <div className="container-page py-16 sm:py-24" aria-busy={!restored}>
        {!restored && (
          <span role="status" className="sr-only">
            Loading your cart…
          </span>
        )}
        <div
          className={`card mx-auto max-w-lg px-6 py-12 text-center ${restored ? '' : 'invisible'}`}
          aria-hidden={!restored}
        >
          <CartIcon width="56" height="56" strokeWidth={1.4} className="mx-auto text-forest-500" />
          <h1 className="mt-4 font-display text-3xl font-semibold text-forest-800">
            Your cart is empty
          </h1>
          <p className="mt-2 text-muted">
            Our roasted makhana is one tap away: light, crunchy and 100% organic.
          </p>
          <Link to="/products" className="btn-primary mt-8">
            Browse Products
          </Link>
        </div>
      </div>
    );
  }

  const freeShippingGap = FREE_SHIPPING_ABOVE_RUPEES + 1 - summary.subtotal;

  return (
    <div className="container-page py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="eyebrow">Your basket</p>
          <h1 className="mt-1 font-display text-3xl font-semibold text-forest-800 sm:text-4xl">
            Shopping Cart
          </h1>
        </div>
        <p className="text-sm text-muted">
          {summary.itemCount} {summary.itemCount === 1 ? 'item' : 'items'}
        </p>
      </div>

      <div className="grid gap-8 lg:grid-cols-[1fr_380px] lg:items-start">
        <section aria-label="Items in your cart">
          <ul className="card divide-y divide-cream-200">
            {items.map((item) => (
              <CartLine key={`${item.id}-${item.weight}-${item.sku}`} item={item} />
            ))}
          </ul>
          <button type="button" className="btn-outline mt-6" onClick={continueShopping}>
            <span aria-hidden="true">←</span> Continue Shopping
          </button>
        </section>

        <section aria-labelledby="summary-heading" className="card p-6 lg:sticky lg:top-24">
          <h2 id="summary-heading" className="font-display text-2xl font-semibold text-forest-800">
            Order summary
          </h2>
          <dl className="mt-5 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted">Subtotal</dt>
              <dd className="font-medium" data-testid="cart-subtotal">
                {formatRupees(summary.subtotal)}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">Shipping</dt>
              <dd
                className={summary.shipping === 0 ? 'font-semibold text-forest-600' : 'font-medium'}
                data-testid="cart-shipping"
              >
                {summary.shipping === 0 ? 'Free' : formatRupees(summary.shipping)}
              </dd>
            </div>
            <div className="flex justify-between border-t border-cream-200 pt-3 text-base">
              <dt className="font-semibold">Total</dt>
              <dd className="font-semibold" data-testid="cart-total">
                {formatRupees(summary.total)}
              </dd>
            </div>
          </dl>
          {freeShippingGap > 0 && (
            <p
              className="mt-4 rounded-xl bg-saffron-100 px-3 py-2 text-sm text-forest-900"
              data-testid="free-shipping-hint"
            >
              Add {formatRupees(freeShippingGap)} more for free shipping.
            </p>
          )}
          <p className="mt-3 text-xs text-muted">{PRICES_INCLUDE_TAXES}</p>
          <Link to="/checkout" className="btn-accent mt-6 h-12 w-full text-base">
            Proceed to Checkout
          </Link>
        </section>
      </div>
    </div>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const key = { id: item.id, weight: item.weight, sku: item.sku };
  const label = `${item.name} ${item.weight}g`;

  const setQuantity = (quantity: number) => dispatch(updateQuantity({ ...key, quantity }));
  const remove = () => {
    dispatch(removeItem(key));
    toast.success('Item remove successfull');
  };

  return (
    <li className="flex gap-4 p-4 sm:p-5" data-testid="cart-line">
      <Link to={`/product/${item.id}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {item.image ? (
          <img
            src={item.image}
            alt=""
            width={96}
            height={96}
            className="h-20 w-20 rounded-xl bg-cream-100 object-cover sm:h-24 sm:w-24"
          />
        ) : (
          <span className="block h-20 w-20 rounded-xl bg-cream-100 sm:h-24 sm:w-24" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-display text-lg font-semibold leading-snug text-forest-800">
              <Link to={`/product/${item.id}`} className="hover:underline">
                {item.name}
              </Link>
            </h3>
            <p className="text-sm text-muted">
              {item.weight}g · {formatRupees(item.price)} each
            </p>
          </div>
          <button
            type="button"
            onClick={remove}
            aria-label={`Remove ${label} from cart`}
            className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-cream-100 hover:text-maroon-700"
          >
            <TrashIcon width="18" height="18" />
          </button>
        </div>
        <div className="flex items-center justify-between gap-3">
          <fieldset className="m-0 inline-flex h-10 min-w-0 items-center rounded-full border border-cream-200 bg-white p-0">
            <legend className="sr-only">Quantity of {label}</legend>
            <button
              type="button"
              aria-label={`Decrease quantity of ${label}`}
              disabled={item.quantity <= CART_QUANTITY_MIN}
              onClick={() => setQuantity(item.quantity - 1)}
              className="grid h-10 w-10 place-items-center rounded-full text-lg hover:bg-cream-100 disabled:opacity-35"
            >
              −
            </button>
            <output
              aria-live="polite"
              className="w-8 text-center font-semibold"
              data-testid="line-quantity"
            >
              {item.quantity}
            </output>
            <button
              type="button"
              aria-label={`Increase quantity of ${label}`}
              disabled={item.quantity >= CART_QUANTITY_MAX}
              onClick={() => setQuantity(item.quantity + 1)}
              className="grid h-10 w-10 place-items-center rounded-full text-lg hover:bg-cream-100 disabled:opacity-35"
            >
              +
            </button>
          </fieldset>
          <p className="font-semibold text-ink" data-testid="line-total">
            {formatRupees(cartTotal([item]))}
          </p>
        </div>
      </div>
    </li>
  );
}
