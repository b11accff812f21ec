import { CANCEL_MESSAGES } from '@makhana/domain/cancellation';
import type { Order } from '@makhana/domain/orders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import {
  fail,
  madeRefund,
  ok,
  paidOrder,
  signIn,
  spyToasts,
  stubRoutes,
} from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { CANCELLED_NOTE, OrderStatusPage } from './order-status-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A paid order, paid `hours` ago. */
const paidHoursAgo = (hours: number): Order => ({
  ...paidOrder,
  createdAt: hoursAgo(hours),
  paidAt: hoursAgo(hours),
});

function renderOrderPage() {
  const store = createStore();
  signIn(store);
  return renderRoutes([{ path: '/order-status/:id', Component: OrderStatusPage }], {
    initialEntries: ['/order-status/order-1'],
    store,
  });
}

describe('cancelling from the order page', () => {
  it('asks why, cancels, and shows the order as the server answers it', async () => {
    const fresh = paidHoursAgo(2);
    const cancelled: Order = {
      ...fresh,
      status: 'Cancelled',
      paymentStatus: 'refunded',
      refundedAmount: fresh.totalAmount,
      refunds: [madeRefund(fresh, { initiatedAt: new Date().toISOString() })],
    };
    let current = fresh;
    const api = stubRoutes({
      'GET /orders/order-id-details/order-1': () => ok(current),
      'POST /orders/cancel/order-1': () => {
        current = cancelled;
        return ok(cancelled, CANCEL_MESSAGES.cancelled);
      },
    });
    const toasts = spyToasts();
    const user = userEvent.setup();
    renderOrderPage();

    const section = await screen.findByRole('region', { name: 'Changed your mind?' });
    expect(section.textContent).toContain('You can cancel this order until');
    await user.click(within(section).getByRole('button', { name: /Cancel order/ }));
    const dialog = screen.getByRole('dialog', { name: `Cancel order #${fresh.orderNumber}?` });
    expect(dialog.textContent).toContain('There is no cancellation charge.');

    // No reason chosen: the schema's message, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CANCEL_MESSAGES.reason);
    expect(api.callsTo('POST /orders/cancel/order-1')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Changed my mind' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(CANCEL_MESSAGES.cancelled));
    expect(api.callsTo('POST /orders/cancel/order-1')[0]?.body).toEqual({
      reason: 'Changed my mind',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page asks for the order again and shows it cancelled, with no button left.
    expect(
      await screen.findByText(/This order was cancelled; your payment is refunded/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
    expect(screen.getByText(CANCELLED_NOTE)).toBeTruthy();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    stubRoutes({
      'GET /orders/order-id-details/order-1': ok(paidHoursAgo(23)),
      'POST /orders/cancel/order-1': fail(409, CANCEL_MESSAGES.windowPassed),
    });
    const user = userEvent.setup();
    renderOrderPage();
    await user.click(await screen.findByRole('button', { name: /Cancel order/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Ordered by mistake' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText(CANCEL_MESSAGES.windowPassed)).toBeTruthy();
  });

  it('says why not, and how to return instead, after 24 hours or once shipped', async () => {
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok(paidHoursAgo(25)) });
    const { unmount } = renderOrderPage();
    expect((await screen.findByTestId('cancel-refusal')).textContent).toContain(
      CANCEL_MESSAGES.windowPassed,
    );
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
    unmount();

    stubRoutes({
      'GET /orders/order-id-details/order-1': ok({ ...paidHoursAgo(2), status: 'Shipped' }),
    });
    renderOrderPage();
    expect((await screen.findByTestId('cancel-refusal')).textContent).toContain(
      CANCEL_MESSAGES.shipped,
    );
    expect(screen.getByRole('link', { name: 'Returns policy' }).getAttribute('href')).toBe(
      '/return-cancellation',
    );
  });
});
