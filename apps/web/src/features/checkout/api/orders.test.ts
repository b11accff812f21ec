import { afterEach, describe, expect, it, vi } from 'vitest';
import { addItem } from '../../../stores/cart-slice';
import { createStore } from '../../../stores/store';
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
} from '../../../test/customer-fixtures';
import { checkoutApi } from './orders';

afterEach(() => {
  vi.unstubAllGlobals();
});

const { createOrder, startPayment, verifyPayment, markOrderFailed } = checkoutApi.endpoints;

const orderPayload = {
  items: [pinkSaltLine],
  shippingCost: 0,
  totalAmount: 549,
  shippingAddress: homeCheckoutFields,
  paymentMethod: 'Prepaid' as const,
  idempotencyKey: '0123456789abcdef0123456789abcdef',
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
    await store.dispatch(createOrder.initiate(orderPayload));
    await store.dispatch(startPayment.initiate({ orderId: 'order-1' }));
    await store.dispatch(verifyPayment.initiate(signedPayment));
    expect(store.getState().cart).toBe(before);

    stubRoutes({
      'POST /orders/createOrder': fail(500, 'Database is down'),
      'POST /orders/razorpayPayment': fail(404, 'Order not found'),
      'POST /orders/verifyPayment': { status: 500, body: null },
    });
    await store.dispatch(createOrder.initiate(orderPayload));
    await store.dispatch(startPayment.initiate({ orderId: 'nope' }));
    await store.dispatch(verifyPayment.initiate(signedPayment));
    expect(store.getState().cart).toBe(before);
    expect(Object.keys(store.getState().cart).sort()).toEqual(['items', 'restored', 'total']);
  });

  it('does not store the result of mark-failed', async () => {
    const store = createStore();
    const api = stubRoutes({ 'POST /orders/mark-failed': ok({ cancelled: true }) });
    const before = store.getState().cart;
    await store.dispatch(markOrderFailed.initiate({ orderId: 'order-1' }));
    expect(api.callsTo('POST /orders/mark-failed')[0]?.body).toEqual({ orderId: 'order-1' });
    expect(store.getState().cart).toEqual(before);
  });
});

describe('the checkout calls', () => {
  it('send the order key as the Idempotency-Key header, not in the body', async () => {
    const api = stubRoutes({ 'POST /orders/createOrder': ok(pendingOrder) });
    await createStore().dispatch(createOrder.initiate(orderPayload));
    const [call] = api.callsTo('POST /orders/createOrder');
    expect(call?.headers['Idempotency-Key']).toBe(orderPayload.idempotencyKey);
    expect(call?.body).not.toHaveProperty('idempotencyKey');
  });

  it('read a wrapped { order } answer as the order', async () => {
    stubRoutes({ 'POST /orders/createOrder': ok({ order: pendingOrder }) });
    const store = createStore();
    const result = await store.dispatch(createOrder.initiate(orderPayload));
    expect(result.data).toEqual(pendingOrder);
  });

  it("keep a refusal's status and the fields it names, for the checkout to react to", async () => {
    stubRoutes({
      'POST /orders/createOrder': {
        status: 400,
        body: {
          statusCode: 400,
          data: null,
          message: 'shippingAddress.pincode: We do not deliver to this pincode yet',
          success: false,
          errors: [
            { field: 'shippingAddress.pincode', message: 'We do not deliver to this pincode yet' },
          ],
        },
      },
    });
    const store = createStore();
    const result = await store.dispatch(createOrder.initiate(orderPayload));
    expect(result.error).toEqual({
      status: 400,
      message: 'shippingAddress.pincode: We do not deliver to this pincode yet',
      fieldErrors: [
        { field: 'shippingAddress.pincode', message: 'We do not deliver to this pincode yet' },
      ],
    });
  });
});
