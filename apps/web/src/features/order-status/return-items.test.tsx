import type { Order } from '@makhana/domain/orders';
import { RETURN_MESSAGES } from '@makhana/domain/returns';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import {
  deliveredOrder,
  madeRefund,
  ok,
  signIn,
  spyToasts,
  stubRoutes,
} from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { OrderStatusPage } from './order-status-page';
import { unitsLeftToReturn } from './return-items';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;

/** The delivered order of two packs, delivered `daysAgo` days ago. */
function deliveredDaysAgo(daysAgo: number): Order {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  return {
    ...deliveredOrder,
    _id: 'order-1',
    status: 'Delivered',
    history: [
      {
        event: 'delivered',
        by: 'owner',
        from: 'Shipped',
        to: 'Delivered',
        at,
        trackingNumber: null,
        trackingUrl: null,
        note: null,
      },
    ],
  };
}

function renderOrderPage() {
  const store = createStore();
  signIn(store);
  return renderRoutes([{ path: '/order-status/:id', Component: OrderStatusPage }], {
    initialEntries: ['/order-status/order-1'],
    store,
  });
}

describe('returning items from the order page', () => {
  it('asks which units and why, sends the photos with them, and shows the return', async () => {
    const fresh = deliveredDaysAgo(3);
    let current = fresh;
    const asked: Order = {
      ...fresh,
      returns: [
        {
          id: 'return-1',
          state: 'requested',
          reason: 'Damaged',
          note: 'Torn pouch',
          lines: [{ item: 'line-classic', name: 'Classic Roasted Makhana 250 g', quantity: 1 }],
          photos: 1,
          decisionNote: null,
          requestedAt: new Date().toISOString(),
          decidedAt: null,
          receivedAt: null,
          refundedAt: null,
        },
      ],
    };
    const api = stubRoutes({
      'GET /orders/order-id-details/order-1': () => ok(current),
      'POST /orders/return-request/order-1': () => {
        current = asked;
        return ok(asked, RETURN_MESSAGES.requested);
      },
    });
    const toasts = spyToasts();
    const user = userEvent.setup();
    renderOrderPage();

    const section = await screen.findByRole('region', { name: 'Returns' });
    expect(section.textContent).toContain('You can return items of this order until');
    expect(screen.queryByRole('region', { name: 'Cancel or return' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Return items' }));
    const dialog = within(await screen.findByRole('dialog'));

    await user.click(dialog.getByRole('button', { name: 'Ask to return' }));
    expect(dialog.getByText(RETURN_MESSAGES.noLines)).toBeTruthy();
    expect(dialog.getByText(RETURN_MESSAGES.reason)).toBeTruthy();
    expect(api.callsTo('POST /orders/return-request/order-1')).toHaveLength(0);

    await user.selectOptions(dialog.getByLabelText(/Classic Roasted Makhana/), '1');
    await user.click(dialog.getByRole('radio', { name: 'Damaged' }));
    await user.type(dialog.getByLabelText(/What happened/), 'Torn pouch');
    const photo = new File([new Uint8Array([255, 216, 255])], 'torn.jpg', { type: 'image/jpeg' });
    await user.upload(dialog.getByLabelText(/Photos/), photo);
    await user.click(dialog.getByRole('button', { name: 'Ask to return' }));

    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith(RETURN_MESSAGES.requested));
    const sent = api.fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/orders/return-request/order-1'),
    );
    const form = sent?.[1]?.body as FormData;
    expect(JSON.parse(String(form.get('lines')))).toEqual([{ item: 'line-classic', quantity: 1 }]);
    expect(form.get('reason')).toBe('Damaged');
    expect(form.get('note')).toBe('Torn pouch');
    expect((form.getAll('photos')[0] as File).name).toBe('torn.jpg');

    const shown = await screen.findByTestId('order-return');
    expect(shown.textContent).toContain('Classic Roasted Makhana 250 g × 1');
    expect(shown.textContent).toContain('Damaged · Requested on');
    // The pack asked back is no longer offered: one of two is left.
    expect(unitsLeftToReturn(asked).get('line-classic')).toBe(1);
  });

  it('says why not after the 14 days, with the returns policy', async () => {
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok(deliveredDaysAgo(16)) });
    renderOrderPage();
    const refusal = await screen.findByTestId('return-refusal');
    expect(refusal.textContent).toContain(RETURN_MESSAGES.windowPassed);
    expect(within(refusal).getByRole('link', { name: 'Returns policy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
  });

  it('keeps offering a return while another one waits, and says the order is with the shop', async () => {
    stubRoutes({
      'GET /orders/order-id-details/order-1': ok({
        ...deliveredDaysAgo(2),
        status: 'Return requested',
        trackingUrl: null,
      }),
    });
    renderOrderPage();
    expect(await screen.findByRole('button', { name: 'Return items' })).toBeTruthy();
    expect(document.body.textContent).toContain(
      'Your return is with us: we reply within 48 hours, and this page shows each step.',
    );
    // Where the parcel went, not a promise to ship it.
    expect(document.body.textContent).toMatch(/Delivered on \d{1,2} \w+ \d{4}\./);
    expect(document.body.textContent).not.toContain('Your order will be shipped within');
  });

  it('counts refunded units out of what can be returned', () => {
    const order = deliveredDaysAgo(1);
    const refunded = {
      ...order,
      refunds: [
        madeRefund(order, {
          amount: 449,
          lines: [
            { item: 'line-classic', name: 'Classic', quantity: 1, amount: 449, restocked: false },
          ],
        }),
      ],
    };
    expect(unitsLeftToReturn(refunded).get('line-classic')).toBe(1);
  });
});
