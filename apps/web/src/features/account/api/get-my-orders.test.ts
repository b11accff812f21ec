import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import { createStore } from '../../../stores/store';
import { customer, ok, paidOrder, stubRoutes } from '../../../test/customer-fixtures';
import { myOrdersApi } from './get-my-orders';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the customer's orders", () => {
  it('are refused locally for a visitor: nothing is asked', async () => {
    const api = stubRoutes({});
    const store = createStore();
    const result = await store.dispatch(myOrdersApi.endpoints.getMyOrders.initiate(null));
    expect(result.error).toMatchObject({ status: 401, message: NOT_AUTHENTICATED });
    expect(api.calls).toHaveLength(0);
  });

  it("show only the customer's own, whatever the server sends", async () => {
    const someoneElses = { ...paidOrder, _id: 'order-other', user: 'user-other' };
    stubRoutes({ 'GET /orders/orderDetails': ok([paidOrder, someoneElses]) });
    const store = createStore();
    const result = await store.dispatch(myOrdersApi.endpoints.getMyOrders.initiate(customer._id));
    expect(result.data?.map((order) => order._id)).toEqual([paidOrder._id]);
  });

  it('are asked again when a write changes an order', async () => {
    const api = stubRoutes({ 'GET /orders/orderDetails': ok([paidOrder]) });
    const store = createStore();
    const subscription = store.dispatch(myOrdersApi.endpoints.getMyOrders.initiate(customer._id));
    await subscription;
    store.dispatch(myOrdersApi.util.invalidateTags([{ type: 'Order', id: paidOrder._id }]));
    await vi.waitFor(() => expect(api.callsTo('GET /orders/orderDetails')).toHaveLength(2));
    subscription.unsubscribe();
  });
});
