import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import { loginVerification } from '../../../api/verify-login';
import { createStore } from '../../../stores/store';
import { customer, paidOrder, stubRoutes } from '../../../test/customer-fixtures';
import { ownerOrdersApi } from './orders';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the owner's order writes", () => {
  it('refuses a move or a refund locally without an owner session', async () => {
    const api = stubRoutes({});
    const store = createStore();
    // A customer may not move or refund an order.
    store.dispatch(loginVerification.fulfilled({ user: customer }, 'r', { email: '', otp: '' }));
    const { moveOrderStatus, refundOrder } = ownerOrdersApi.endpoints;
    const move = { orderId: paidOrder._id, move: { status: 'Delivered' as const } };
    const moved = await store.dispatch(moveOrderStatus.initiate(move));
    expect(moved.error).toMatchObject({ message: NOT_AUTHENTICATED });
    const refund = { orderId: paidOrder._id, refund: { reason: 'Out of stock' } };
    const refunded = await store.dispatch(refundOrder.initiate(refund));
    expect(refunded.error).toMatchObject({ message: NOT_AUTHENTICATED });
    expect(api.calls).toHaveLength(0);
  });
});
