import type { Order, OrderReturn } from '@makhana/domain/orders';
import { RETURN_MESSAGES } from '@makhana/domain/returns';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { deliveredOrder, ok, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { OrderReturns } from './order-returns';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const asked: OrderReturn = {
  id: 'return-1',
  state: 'requested',
  reason: 'Damaged',
  note: 'The pouch was torn',
  lines: [{ item: 'line-classic', name: 'Classic Roasted Makhana 250 g', quantity: 1 }],
  photos: 1,
  decisionNote: null,
  requestedAt: '2025-05-20T06:00:00.000Z',
  decidedAt: null,
  receivedAt: null,
  refundedAt: null,
};

const withReturn = (request: OrderReturn): Order => ({
  ...deliveredOrder,
  status: 'Delivered',
  returns: [request],
});

function renderReturns(order: Order) {
  const store = createStore();
  signInOwner(store);
  const changed: Order[] = [];
  render(
    <Provider store={store}>
      <OrderReturns order={order} onOrderChanged={(next) => changed.push(next)} />
    </Provider>,
  );
  return { changed, user: userEvent.setup() };
}

const PATH = (step: string) => `POST /orders/${step}/${deliveredOrder._id}`;

describe('OrderReturns', () => {
  it('shows what was asked back with its photo, and wants a note to reject', async () => {
    const approved = withReturn({ ...asked, state: 'approved', decidedAt: '2025-05-21T06:00:00Z' });
    const api = stubRoutes({
      [PATH('return-decision')]: ok(approved, RETURN_MESSAGES.approved),
      'GET /orders/return-photo/return-1/0': { body: 'not json' },
    });
    URL.createObjectURL = vi.fn(() => 'blob:photo-0');
    URL.revokeObjectURL = vi.fn();
    const toasts = spyToasts();
    const { user, changed } = renderReturns(withReturn(asked));

    const shown = screen.getByTestId('owner-return');
    expect(shown.textContent).toContain('Classic Roasted Makhana 250 g × 1');
    expect(shown.textContent).toContain('Damaged · Asked for on 20 May 2025: approve or reject it');
    expect(shown.textContent).toContain('“The pouch was torn”');
    expect(await within(shown).findByRole('img')).toHaveProperty('src', 'blob:photo-0');

    await user.click(screen.getByRole('button', { name: 'Reject it' }));
    expect(screen.getByText(RETURN_MESSAGES.rejectNote)).toBeTruthy();
    expect(api.callsTo(PATH('return-decision'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve the return' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(RETURN_MESSAGES.approved));
    expect(api.callsTo(PATH('return-decision'))[0]?.body).toEqual({
      returnId: 'return-1',
      approve: true,
    });
    expect(changed).toEqual([approved]);
  });

  it('marks the parcel received, then refunds it after a confirmation, restocking unless unticked', async () => {
    const api = stubRoutes({
      [PATH('return-received')]: ok(
        withReturn({ ...asked, state: 'received' }),
        RETURN_MESSAGES.received,
      ),
      [PATH('return-refund')]: ok(withReturn({ ...asked, state: 'refunded' }), 'Return refunded'),
    });
    spyToasts();
    const first = renderReturns(withReturn({ ...asked, state: 'approved', photos: 0 }));
    await first.user.click(screen.getByRole('button', { name: 'Mark the parcel received' }));
    await vi.waitFor(() => expect(api.callsTo(PATH('return-received'))).toHaveLength(1));
    expect(api.callsTo(PATH('return-received'))[0]?.body).toEqual({ returnId: 'return-1' });

    document.body.innerHTML = '';
    const second = renderReturns(withReturn({ ...asked, state: 'received', photos: 0 }));
    await second.user.click(
      screen.getByRole('checkbox', { name: 'Put the units back on the shelf' }),
    );
    await second.user.click(screen.getByRole('button', { name: 'Refund the returned items' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/the units stay off the shelf/)).toBeTruthy();
    await second.user.click(confirm.getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(api.callsTo(PATH('return-refund'))).toHaveLength(1));
    expect(api.callsTo(PATH('return-refund'))[0]?.body).toEqual({
      returnId: 'return-1',
      restock: false,
    });
  });
});
