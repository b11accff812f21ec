import type { Order } from '@makhana/domain/orders';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { paidOrder, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { ExtraPayments, owedExtraPayments } from './extra-payments';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REFUND_PATH = `POST /orders/refund-extra-payment/${paidOrder._id}`;
const REFUNDED_MESSAGE = 'Extra payment refunded: ₹549 goes back to the customer.';
const owed = {
  paymentId: 'pay_SecondOne00001',
  amount: 549,
  capturedAt: '2025-05-12T09:40:00.000Z',
  refundId: null,
  refundedAt: null,
  refundFailure: null,
};
const paidTwice: Order = { ...paidOrder, extraPayments: [owed] };
const refunded: Order = {
  ...paidOrder,
  extraPayments: [
    { ...owed, refundId: 'rfnd_Second000001', refundedAt: '2025-05-13T06:00:00.000Z' },
  ],
};

function renderPayments(order: Order) {
  const store = createStore();
  signInOwner(store);
  const changed: Order[] = [];
  const view = render(
    <Provider store={store}>
      <ExtraPayments order={order} onOrderChanged={(next) => changed.push(next)} />
    </Provider>,
  );
  return { ...view, changed, user: userEvent.setup() };
}

describe('ExtraPayments', () => {
  it('shows nothing for an order paid once', () => {
    const { container } = renderPayments({ ...paidOrder, extraPayments: [] });
    expect(container.textContent).toBe('');
    expect(owedExtraPayments(paidOrder)).toEqual([]);
  });

  it('refunds a second payment after a confirmation naming its amount, and shows the refund', async () => {
    const api = stubRoutes({
      [REFUND_PATH]: {
        body: { statusCode: 200, data: refunded, message: REFUNDED_MESSAGE, success: true },
      },
    });
    const { user, changed, rerender } = renderPayments(paidTwice);
    const section = within(screen.getByTestId('extra-payments'));
    expect(section.getByRole('heading', { name: 'A second payment' })).toBeTruthy();
    expect(section.getByText('Needs a refund')).toBeTruthy();
    expect(section.getByText('Payment id pay_SecondOne00001')).toBeTruthy();

    await user.click(section.getByRole('button', { name: 'Refund ₹549' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Refund ₹549 to the customer?' })).toBeTruthy();
    expect(dialog.getByText(/The order itself does not change/)).toBeTruthy();
    expect(api.callsTo(REFUND_PATH)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Refund ₹549' }));

    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(REFUNDED_MESSAGE));
    expect(api.callsTo(REFUND_PATH).map((call) => call.body)).toEqual([
      { paymentId: 'pay_SecondOne00001' },
    ]);
    expect(changed).toEqual([refunded]);
    expect(screen.queryByRole('dialog')).toBeNull();

    rerender(
      <Provider store={createStore()}>
        <ExtraPayments order={refunded} onOrderChanged={() => {}} />
      </Provider>,
    );
    expect(screen.getByText('Refund id rfnd_Second000001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(owedExtraPayments(refunded)).toEqual([]);
  });

  it('keeps the gateway’s refusal on the payment and offers the refund again', async () => {
    const refusal = 'The payment service refused the refund: Insufficient balance';
    stubRoutes({
      [REFUND_PATH]: {
        status: 502,
        body: { statusCode: 502, data: null, message: refusal, success: false, errors: [] },
      },
    });
    const { user, changed } = renderPayments(paidTwice);
    await user.click(screen.getByRole('button', { name: 'Refund ₹549' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund ₹549' }),
    );
    expect(await screen.findByText(`The refund did not go through: ${refusal}`)).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith(refusal, { toastId: refusal });
    expect(changed).toEqual([]);
    expect(screen.getByRole('button', { name: 'Try the refund again' })).toBeTruthy();
  });
});
