import type { Discount } from '@makhana/domain/contracts/owner';
import { DISCOUNT_MESSAGES } from '@makhana/domain/discounts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { ok, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { okPage } from '../../test/shop-fixtures';
import { DiscountsTab } from './discounts-tab';

beforeEach(() => {
  spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FIRST10: Discount = {
  _id: 'discount-1',
  code: 'FIRST10',
  kind: 'percent',
  value: 10,
  minSubtotal: 0,
  startsAt: '2026-11-01T03:30:00.000Z',
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: 1,
  firstOrderOnly: true,
  productIds: [],
  active: true,
  uses: 3,
  revenue: 1234,
  createdAt: '2026-11-01T03:30:00.000Z',
};

function renderTab() {
  const store = createStore();
  signInOwner(store);
  render(
    <Provider store={store}>
      <DiscountsTab />
    </Provider>,
  );
  return userEvent.setup();
}

describe('DiscountsTab', () => {
  it('lists each code with its limits, uses and the revenue it brought, and switches it off', async () => {
    const api = stubRoutes({
      'GET /admins/discounts': ok([FIRST10]),
      'POST /admins/discounts/discount-1': ok({ ...FIRST10, active: false }, 'Discount saved'),
    });
    const user = renderTab();
    const card = await screen.findByTestId('discount');
    expect(card.textContent).toContain('FIRST10');
    expect(card.textContent).toContain('10% off · 1 per customer, first order only');
    expect(card.textContent).toContain('From 1 Nov 2026, 9:00 am, no end');
    expect(within(card).getByTestId('discount-figures').textContent).toBe(
      'Used 3 times · brought ₹1,234',
    );
    await user.click(within(card).getByRole('button', { name: 'Switch off' }));
    await vi.waitFor(() =>
      expect(api.callsTo('POST /admins/discounts/discount-1')).toHaveLength(1),
    );
    expect(api.callsTo('POST /admins/discounts/discount-1')[0]?.body).toMatchObject({
      code: 'FIRST10',
      kind: 'percent',
      value: 10,
      active: false,
    });
  });

  it('makes a code, with the shared messages at each field before anything is sent', async () => {
    const api = stubRoutes({
      'GET /admins/discounts': ok([]),
      'GET /products/owner-list?limit=100': okPage([], { page: 1, limit: 100, total: 0 }),
      'POST /admins/discounts': ok({ ...FIRST10, code: 'DIWALI25', value: 25 }, 'Discount saved'),
    });
    const user = renderTab();
    expect(await screen.findByText(/No codes yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New code' }));
    await user.type(screen.getByLabelText('Code'), 'DIWALI 25');
    await user.type(screen.getByLabelText('Percentage (%)'), '250');
    await user.click(screen.getByRole('button', { name: 'Save the code' }));
    expect(await screen.findByText(DISCOUNT_MESSAGES.code)).toBeTruthy();
    expect(screen.getByText(DISCOUNT_MESSAGES.percent)).toBeTruthy();
    expect(api.callsTo('POST /admins/discounts')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'diwali25');
    await user.clear(screen.getByLabelText('Percentage (%)'));
    await user.type(screen.getByLabelText('Percentage (%)'), '25');
    await user.click(screen.getByRole('button', { name: 'Save the code' }));
    await vi.waitFor(() => expect(api.callsTo('POST /admins/discounts')).toHaveLength(1));
    expect(api.callsTo('POST /admins/discounts')[0]?.body).toEqual({
      code: 'diwali25',
      kind: 'percent',
      value: 25,
      minSubtotal: 0,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 1,
      firstOrderOnly: false,
      productIds: [],
      active: true,
    });
  });
});
