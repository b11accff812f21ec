import type { Order } from '@makhana/domain/orders';
import { MESSAGES } from '@makhana/domain/validation';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import {
  deliveredOrder,
  fail,
  madeRefund,
  paidOrder,
  spyToasts,
  stubRoutes,
} from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { IdentityProof } from './identity-proof';
import { RefundOrderAction } from './refund-order-action';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REFUND_PATH = `POST /orders/refund/${paidOrder._id}`;
const REFUNDED_MESSAGE = 'Order refunded: ₹549 goes back to the customer.';
const refunded: Order = {
  ...paidOrder,
  status: 'Cancelled',
  paymentStatus: 'refunded',
  refundedAmount: 549,
  refunds: [
    madeRefund(paidOrder, {
      by: 'owner',
      reason: 'Out of stock at the warehouse',
      refundId: 'rfnd_Sim00000000001',
    }),
  ],
};

function renderAction(order: Order = paidOrder) {
  const store = createStore();
  signInOwner(store);
  const changed: Order[] = [];
  const view = render(
    <Provider store={store}>
      <RefundOrderAction order={order} onOrderChanged={(next) => changed.push(next)} />
    </Provider>,
  );
  return { ...view, changed, user: userEvent.setup() };
}

async function askToRefund(user: ReturnType<typeof userEvent.setup>, reason: string) {
  await user.click(screen.getByRole('button', { name: 'Refund this order' }));
  await user.type(screen.getByLabelText(/Reason for the refund/), reason);
  await user.click(screen.getByRole('button', { name: 'Review the refund' }));
}

describe('RefundOrderAction', () => {
  it('asks for a reason with the domain message, then a confirmation naming the amount, and refunds', async () => {
    const api = stubRoutes({
      [REFUND_PATH]: {
        body: { statusCode: 200, data: refunded, message: REFUNDED_MESSAGE, success: true },
      },
    });
    const { user, changed } = renderAction();
    await user.click(screen.getByRole('button', { name: 'Refund this order' }));
    expect(screen.getByRole('radio', { name: 'Everything left: ₹549' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    expect(await screen.findByText(MESSAGES.refundReason)).toBeTruthy();
    expect(api.callsTo(REFUND_PATH)).toHaveLength(0);

    await user.type(
      screen.getByLabelText(/Reason for the refund/),
      'Out of stock at the warehouse',
    );
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/is cancelled/)).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'Refund ₹549 to the customer?' })).toBeTruthy();
    expect(dialog.getByText(/within 7-10 business days/)).toBeTruthy();
    expect(api.callsTo(REFUND_PATH)).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Refund ₹549' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(REFUNDED_MESSAGE));
    expect(api.callsTo(REFUND_PATH).map((call) => call.body)).toEqual([
      { reason: 'Out of stock at the warehouse' },
    ]);
    expect(changed).toEqual([refunded]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a fresh proof when the server wants one, then refunds; Cancel leaves it undone', async () => {
    let proven = false;
    const needsProof = {
      status: 403,
      body: {
        statusCode: 403,
        data: { needsProof: 'password' },
        message: 'Confirm it is you: enter your password.',
        success: false,
        errors: [],
      },
    };
    const api = stubRoutes({
      [REFUND_PATH]: () =>
        proven
          ? { body: { statusCode: 200, data: refunded, message: REFUNDED_MESSAGE, success: true } }
          : needsProof,
      'POST /admins/confirm-identity': (body) => {
        if ((body as { password?: string }).password !== 'makhana-owner-dev') {
          return {
            status: 400,
            body: {
              statusCode: 400,
              data: null,
              message: 'That password is not right.',
              success: false,
              errors: [{ field: 'password', message: 'That password is not right.' }],
            },
          };
        }
        proven = true;
        return { body: { statusCode: 200, data: null, message: 'Thank you', success: true } };
      },
    });
    const store = createStore();
    signInOwner(store);
    const changed: Order[] = [];
    render(
      <Provider store={store}>
        <RefundOrderAction order={paidOrder} onOrderChanged={(next) => changed.push(next)} />
        <IdentityProof />
      </Provider>,
    );
    const user = userEvent.setup();

    // Given up: the refund is not made, and says why.
    await askToRefund(user, 'Out of stock at the warehouse');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund ₹549' }),
    );
    const proof = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.click(proof.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(
        'The refund did not go through: Confirm it is you: enter your password.',
      ),
    ).toBeTruthy();
    expect(changed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund ₹549' }),
    );
    const again = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    const password = again.getByLabelText('Your password');
    await vi.waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, 'not-it');
    await user.click(again.getByRole('button', { name: 'Confirm' }));
    expect(await again.findByText('That password is not right.')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'makhana-owner-dev');
    await user.click(again.getByRole('button', { name: 'Confirm' }));

    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(REFUNDED_MESSAGE));
    expect(changed).toEqual([refunded]);
    expect(api.callsTo(REFUND_PATH)).toHaveLength(3);
  });

  it('shows why a refund failed and leaves the form for another try', async () => {
    let answers = 0;
    const api = stubRoutes({
      [REFUND_PATH]: () => {
        answers += 1;
        return answers === 1
          ? fail(502, 'The payment service refused the refund: Insufficient balance')
          : { body: { statusCode: 200, data: refunded, message: REFUNDED_MESSAGE, success: true } };
      },
    });
    const { user, changed } = renderAction();
    await askToRefund(user, 'Damaged in the warehouse');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund ₹549' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Insufficient balance');
    expect(toasts.error).toHaveBeenCalledWith(
      'The payment service refused the refund: Insufficient balance',
      expect.anything(),
    );
    expect(changed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund ₹549' }),
    );
    await vi.waitFor(() => expect(changed).toEqual([refunded]));
    expect(api.callsTo(REFUND_PATH)).toHaveLength(2);
  });

  it('refunds chosen units of a delivered order, asking which go back on the shelf', async () => {
    const order: Order = {
      ...deliveredOrder,
      status: 'Delivered',
      totalAmount: 948,
      shippingCost: 50,
    };
    const api = stubRoutes({
      [`POST /orders/refund/${order._id}`]: {
        body: { statusCode: 200, data: order, message: 'Refunded ₹449', success: true },
      },
    });
    const { user } = renderAction(order);
    await user.click(screen.getByRole('button', { name: 'Refund this order' }));
    await user.click(screen.getByRole('radio', { name: 'Chosen units' }));
    await user.selectOptions(screen.getByLabelText(/Classic Roasted Makhana 250 g/), '1');
    const shelf = screen.getByRole('checkbox', { name: 'Put back on the shelf' });
    // A delivered order's units are with the customer: none go back unless the owner says so.
    expect(shelf).toHaveProperty('checked', false);
    await user.click(shelf);
    await user.type(screen.getByLabelText(/Reason for the refund/), 'One pouch torn');
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Refund ₹449 to the customer?' })).toBeTruthy();
    expect(dialog.getByText(/₹499 of the payment is kept/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Refund ₹449' }));
    await vi.waitFor(() => expect(api.callsTo(`POST /orders/refund/${order._id}`)).toHaveLength(1));
    expect(api.callsTo(`POST /orders/refund/${order._id}`)[0]?.body).toEqual({
      reason: 'One pouch torn',
      lines: [{ item: 'line-classic', quantity: 1, restock: true }],
    });
  });

  it('refuses an amount beyond what is left before asking the server', async () => {
    const api = stubRoutes({});
    const { user } = renderAction();
    await user.click(screen.getByRole('button', { name: 'Refund this order' }));
    await user.click(screen.getByRole('radio', { name: 'An amount' }));
    await user.type(screen.getByLabelText('Amount in rupees'), '600');
    await user.type(screen.getByLabelText(/Reason for the refund/), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    expect(
      await screen.findByText('That is more than is left to refund: at most ₹549.'),
    ).toBeTruthy();
    expect(api.callsTo(REFUND_PATH)).toHaveLength(0);
  });

  it('asks again for a refund the payment service did not confirm, the same one', async () => {
    const pending = madeRefund(deliveredOrder, {
      by: 'owner',
      reason: 'Torn',
      amount: 449,
      status: 'pending',
      refundId: null,
      initiatedAt: null,
      processedAt: null,
      failure: 'The payment service did not answer',
      lines: [
        { item: 'line-classic', name: 'Classic', quantity: 1, amount: 449, restocked: false },
      ],
    });
    const order: Order = { ...deliveredOrder, status: 'Delivered', refunds: [pending] };
    const api = stubRoutes({
      [`POST /orders/refund/${order._id}`]: {
        body: { statusCode: 200, data: order, message: 'Refunded ₹449', success: true },
      },
    });
    const { user } = renderAction(order);
    expect(screen.getByRole('alert').textContent).toContain('did not answer');
    expect(screen.getByTestId('order-refund').textContent).toContain(
      'waiting for the payment service',
    );
    expect(screen.queryByRole('button', { name: 'Refund more' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try the refund again' }));
    await vi.waitFor(() => expect(api.callsTo(`POST /orders/refund/${order._id}`)).toHaveLength(1));
    expect(api.callsTo(`POST /orders/refund/${order._id}`)[0]?.body).toEqual({
      reason: 'Torn',
      lines: [{ item: 'line-classic', quantity: 1, restock: false }],
    });
  });

  it('sends again a refund the bank sent back, saying why if it does not go through', async () => {
    const sentBack: Order = {
      ...refunded,
      refunds: [
        {
          ...refunded.refunds![0]!,
          status: 'failed',
          processedAt: null,
          failure: 'The bank sent the refund back to the shop; it must be sent again.',
        },
      ],
    };
    const resent: Order = {
      ...refunded,
      refunds: [
        { ...refunded.refunds![0]!, status: 'initiated', processedAt: null, refundId: 'rfnd_2' },
      ],
    };
    const path = `POST /orders/refund-again/${paidOrder._id}`;
    let answers = 0;
    const api = stubRoutes({
      [path]: () => {
        answers += 1;
        return answers === 1
          ? fail(503, 'The payment service did not answer')
          : {
              body: {
                statusCode: 200,
                data: resent,
                message: 'Refund sent again: ₹549 goes back to the customer.',
                success: true,
              },
            };
      },
    });
    const { user, changed } = renderAction(sentBack);
    expect(screen.getByTestId('order-refund').textContent).toContain(
      '₹549 · The bank sent it back: send it again',
    );
    // Everything was refunded once: only the refund itself can go again, no new one.
    expect(screen.queryByRole('button', { name: 'Refund more' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send ₹549 again' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'It did not go through again: The payment service did not answer',
    );
    expect(changed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send ₹549 again' }));
    await vi.waitFor(() => expect(changed).toEqual([resent]));
    expect(api.callsTo(path).map((call) => call.body)).toEqual([
      { refundId: refunded.refunds![0]!.id },
      { refundId: refunded.refunds![0]!.id },
    ]);
    expect(toasts.success).toHaveBeenCalledWith(
      'Refund sent again: ₹549 goes back to the customer.',
    );
  });

  it('shows a refunded order as refunded, with its date, reason and refund id, and no form', () => {
    renderAction(refunded);
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    const shown = screen.getByTestId('order-refund').textContent;
    expect(shown).toContain('₹549 · Refunded on 13 May 2025 (rfnd_Sim00000000001)');
    expect(shown).toContain('Reason: Out of stock at the warehouse');
  });

  it('offers nothing for an order that cannot be refunded', () => {
    for (const order of [
      { ...paidOrder, paymentStatus: 'pending' as const, status: 'Pending' as const },
      { ...paidOrder, paymentStatus: 'failed' as const, status: 'Cancelled' as const },
    ]) {
      const { container, unmount } = renderAction(order);
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
