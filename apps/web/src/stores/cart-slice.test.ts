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

describe('cart state: order and payment calls', () => {
  // The cart keeps only the cart: an order or a payment lives on the server, read where shown.
  it('leaves the cart as it was, whether an order or payment call succeeds or fails', async () => {
    const store = createStore();
    store.dispatch(addItem(pinkSaltLine));
    const before = store.getState().cart;
    stubRoutes({
      'POST /orders/createOrder': ok(pendingOrder),
      'POST /orders/razorpayPayment': ok(paymentOrderFor()),
      'POST /orders/verifyPayment': ok(paidOrder),
    });
    await store.dispatch(createOrder(orderPayload));
    await store.dispatch(createPaymentOrder({ orderId: 'order-1' }));
    await store.dispatch(verifyPayment(signedPayment));
    expect(store.getState().cart).toBe(before);

    stubRoutes({
      'POST /orders/createOrder': fail(500, 'Database is down'),
      'POST /orders/razorpayPayment': fail(404, 'Order not found'),
      'POST /orders/verifyPayment': { status: 500, body: null },
    });
    await store.dispatch(createOrder(orderPayload));
    await store.dispatch(createPaymentOrder({ orderId: 'nope' }));
    await store.dispatch(verifyPayment(signedPayment));
    expect(store.getState().cart).toBe(before);
    expect(Object.keys(store.getState().cart).sort()).toEqual(['items', 'restored', 'total']);
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
