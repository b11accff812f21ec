import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrder } from '../api/create-order';
import { createPaymentOrder } from '../api/create-payment-order';
import { markOrderFailed } from '../api/mark-order-failed';
import { refreshCartPrices } from '../api/refresh-cart-prices';
import { verifyPayment } from '../api/verify-payment';
import {
  fail,
  homeCheckoutFields,
  ok,
  paidOrder,
  paymentOrderFor,
  pendingOrder,
  pinkSaltLine,
  signedPayment,
  stubRoutes,
} from '../test/customer-fixtures';
import { catalogue, classic } from '../test/shop-fixtures';
import { addItem, repriceCart } from './cart-slice';
import { createStore } from './store';

afterEach(() => {
  vi.unstubAllGlobals();
});

const orderPayload = {
  items: [pinkSaltLine],
  shippingCost: 0,
  totalAmount: 549,
  shippingAddress: homeCheckoutFields,
  paymentMethod: 'Prepaid' as const,
};

/** A fetch that waits until the test lets it answer, so the pending state can be read. */
function heldRoutes(answer: ReturnType<typeof ok>) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  stubRoutes({});
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return release;
}

describe('cart state: order and payment calls', () => {
  it('sets loading and clears the error while an order is created, then stores the order', async () => {
    const store = createStore();
    stubRoutes({ 'POST /orders/createOrder': fail(500, 'Database is down') });
    await store.dispatch(createOrder(orderPayload));
    expect(store.getState().cart.error).toBe('Database is down');

    const release = heldRoutes(ok(pendingOrder));
    const call = store.dispatch(createOrder(orderPayload));
    expect(store.getState().cart.loading).toBe(true);
    expect(store.getState().cart.error).toBeNull();
    release();
    await call;
    expect(store.getState().cart.loading).toBe(false);
    expect(store.getState().cart.order).toEqual(pendingOrder);
  });

  it('stores the order field of a wrapped answer', async () => {
    const store = createStore();
    stubRoutes({ 'POST /orders/createOrder': ok({ order: pendingOrder }) });
    await store.dispatch(createOrder(orderPayload));
    expect(store.getState().cart.order).toEqual(pendingOrder);
  });

  it('stores the payment start, then the verified payment, as the payment data', async () => {
    const store = createStore();
    const api = stubRoutes({
      'POST /orders/razorpayPayment': ok(paymentOrderFor()),
      'POST /orders/verifyPayment': ok(paidOrder),
    });

    const release = heldRoutes(ok(paymentOrderFor()));
    const start = store.dispatch(createPaymentOrder({ orderId: 'order-1' }));
    expect(store.getState().cart.loading).toBe(true);
    release();
    await start;
    expect(store.getState().cart.razorpay).toEqual(paymentOrderFor());
    expect(store.getState().cart.loading).toBe(false);

    vi.stubGlobal('fetch', api.fetchMock);
    const verify = store.dispatch(verifyPayment(signedPayment));
    expect(store.getState().cart.loading).toBe(true);
    await verify;
    expect(store.getState().cart.razorpay).toEqual(paidOrder);
    expect(store.getState().cart.loading).toBe(false);
    expect(store.getState().cart.error).toBeNull();
  });

  it('stores the server message on failure, else the generic text', async () => {
    const store = createStore();
    stubRoutes({
      'POST /orders/razorpayPayment': fail(404, 'Order not found'),
      'POST /orders/verifyPayment': { status: 500, body: null },
    });
    await store.dispatch(createPaymentOrder({ orderId: 'nope' }));
    expect(store.getState().cart).toMatchObject({ loading: false, error: 'Order not found' });

    await store.dispatch(verifyPayment(signedPayment));
    expect(store.getState().cart.loading).toBe(false);
    // No envelope: the API client's own fallback for a failed response.
    expect(store.getState().cart.error).toBe('Server error');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('');
      }),
    );
    await store.dispatch(verifyPayment(signedPayment));
    // A transport failure with no message of its own.
    expect(store.getState().cart.error).toBe('Something went wrong');
  });

  it('does not store the result of mark-failed', async () => {
    const store = createStore();
    const api = stubRoutes({ 'POST /orders/mark-failed': ok({ cancelled: true }) });
    const before = store.getState().cart;
    await store.dispatch(markOrderFailed({ orderId: 'order-1' }));
    expect(api.callsTo('POST /orders/mark-failed')[0]?.body).toEqual({ orderId: 'order-1' });
    expect(store.getState().cart).toEqual(before);
  });
});

describe('cart re-pricing from the catalogue', () => {
  it('takes each line price from its variant by sku and drops lines that vanished', () => {
    const cart = {
      items: [
        { ...pinkSaltLine, price: 500, quantity: 2 },
        { ...pinkSaltLine, id: classic._id, sku: 'MM-CLS-250', weight: 250, price: 400 },
        { ...pinkSaltLine, id: classic._id, sku: 'MM-CLS-GONE', weight: 750 },
        { ...pinkSaltLine, id: 'prod-deleted', sku: 'X-1' },
      ],
      total: 0,
    };
    const repriced = repriceCart(cart, catalogue);
    expect(repriced.items.map((line) => [line.sku, line.price, line.quantity])).toEqual([
      ['MM-HPS-250', 549, 2],
      ['MM-CLS-250', 449, 1],
    ]);
    expect(repriced.total).toBe(549 * 2 + 449);
  });

  it('refreshCartPrices reloads the catalogue and re-prices the stored cart', async () => {
    const store = createStore();
    store.dispatch(addItem({ ...pinkSaltLine, price: 1 }));
    const api = stubRoutes({});
    await store.dispatch(refreshCartPrices());
    expect(api.callsTo('GET /products/getProductDetails')).toHaveLength(1);
    expect(store.getState().cart.items).toEqual([pinkSaltLine]);
    expect(store.getState().cart.total).toBe(549);
    expect(store.getState().product.productDetails).toHaveLength(catalogue.length);
    expect(JSON.parse(localStorage.getItem('cart') ?? '{}').items[0].price).toBe(549);
  });
});
