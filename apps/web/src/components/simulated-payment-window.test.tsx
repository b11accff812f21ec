import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, paymentOrderFor, signedPayment, stubRoutes } from '../test/customer-fixtures';
import {
  closeSimulatedPaymentWindow,
  mountSimulatedPaymentWindow,
  SimulatedPaymentWindow,
} from './simulated-payment-window';

afterEach(() => {
  closeSimulatedPaymentWindow();
  vi.unstubAllGlobals();
});

function renderSheet(routes: Parameters<typeof stubRoutes>[0] = {}) {
  const api = stubRoutes({
    'POST /payments/simulated/pay': ok(signedPayment),
    'POST /payments/simulated/fail': ok(null),
    ...routes,
  });
  const handlers = { onPaid: vi.fn(), onDismiss: vi.fn(), onFailure: vi.fn() };
  render(
    <>
      <button type="button">Place Order</button>
      <SimulatedPaymentWindow order={paymentOrderFor()} {...handlers} />
    </>,
  );
  return { api, handlers, sheet: screen.getByRole('dialog', { name: 'Mithila Makhana Co.' }) };
}

describe('SimulatedPaymentWindow', () => {
  it('looks like a payment sheet: merchant, amount in rupees, order number and the test ribbon', () => {
    const { sheet } = renderSheet();
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(within(sheet).getByTestId('payment-amount').textContent).toBe('₹549');
    expect(sheet.textContent).toContain('Order MM-2025-0042');
    expect(sheet.textContent).toContain('Test payment — no money is charged');
    expect(sheet.querySelector('img[src="/images/logo-mark.svg"]')).not.toBeNull();
    expect(
      within(sheet)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['upi', 'card', 'netbanking']);
    expect(within(sheet).getByRole('radio', { name: /UPI/ })).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(
      within(sheet).getByRole('button', { name: 'Pay ₹549 with UPI' }),
    );
  });

  it('names the chosen method on the pay button and hands the signed payment over', async () => {
    const { api, handlers, sheet } = renderSheet();
    const user = userEvent.setup();
    await user.click(within(sheet).getByRole('radio', { name: /Net banking/ }));
    await user.click(within(sheet).getByRole('button', { name: 'Pay ₹549 with Net banking' }));
    await waitFor(() => expect(handlers.onPaid).toHaveBeenCalledWith(signedPayment));
    expect(api.callsTo('POST /payments/simulated/pay')[0]?.body).toEqual({
      razorpay_order_id: 'order_SIM123',
    });
    expect(handlers.onDismiss).not.toHaveBeenCalled();
  });

  it('shows Payment failed with Retry after a simulated failure', async () => {
    const { api, handlers, sheet } = renderSheet();
    const user = userEvent.setup();
    await user.click(within(sheet).getByRole('button', { name: 'Simulate a failed payment' }));
    const alert = await within(sheet).findByRole('alert');
    expect(alert.textContent).toContain('Payment failed');
    expect(api.callsTo('POST /payments/simulated/fail')).toHaveLength(1);
    expect(handlers.onFailure).toHaveBeenCalledWith('Payment failed');
    const retry = within(sheet).getByRole('button', { name: 'Retry' });
    expect(document.activeElement).toBe(retry);
    await user.click(retry);
    expect(within(sheet).getByRole('button', { name: 'Pay ₹549 with UPI' })).toBeTruthy();
    expect(handlers.onPaid).not.toHaveBeenCalled();
    expect(handlers.onDismiss).not.toHaveBeenCalled();
  });

  it("shows the gateway's message when the payment itself is refused", async () => {
    const { handlers, sheet } = renderSheet({
      'POST /payments/simulated/pay': fail(409, 'This payment order is no longer open'),
    });
    const user = userEvent.setup();
    await user.click(within(sheet).getByRole('button', { name: 'Pay ₹549 with UPI' }));
    const alert = await within(sheet).findByRole('alert');
    expect(alert.textContent).toContain('Payment failed');
    expect(alert.textContent).toContain('This payment order is no longer open');
    expect(handlers.onFailure).toHaveBeenCalledWith('This payment order is no longer open');
  });

  it('is dismissed by its close button and by Escape, and keeps focus inside', async () => {
    const { handlers, sheet } = renderSheet();
    const user = userEvent.setup();
    for (let i = 0; i < 8; i += 1) await user.tab();
    expect(sheet.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(handlers.onDismiss).toHaveBeenCalledTimes(1);
    await user.click(within(sheet).getByRole('button', { name: 'Close payment window' }));
    expect(handlers.onDismiss).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed while a payment is in flight', async () => {
    let answer: () => void = () => {};
    const { handlers, sheet } = renderSheet();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                new Response(
                  JSON.stringify({
                    statusCode: 200,
                    data: signedPayment,
                    message: 'ok',
                    success: true,
                  }),
                ),
              );
          }),
      ),
    );
    const user = userEvent.setup();
    await user.click(within(sheet).getByRole('button', { name: 'Pay ₹549 with UPI' }));
    expect(within(sheet).getByRole('button', { name: /Processing payment/ })).toHaveProperty(
      'disabled',
      true,
    );
    await user.keyboard('{Escape}');
    expect(handlers.onDismiss).not.toHaveBeenCalled();
    await act(async () => answer());
    await waitFor(() => expect(handlers.onPaid).toHaveBeenCalledTimes(1));
  });
});

describe('mountSimulatedPaymentWindow', () => {
  it('shows the sheet above the page and removes it once paid', async () => {
    stubRoutes({ 'POST /payments/simulated/pay': ok(signedPayment) });
    const onPaid = vi.fn();
    act(() => {
      mountSimulatedPaymentWindow(paymentOrderFor(), { onPaid, onDismiss: vi.fn() });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹549 with UPI' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(signedPayment));
    await waitFor(() => expect(document.querySelector('[data-payment-window-host]')).toBeNull());
  });
});
