import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSimulatedPaymentWindow } from '../components/simulated-payment-window';
import { paymentOrderFor, signedPayment } from '../test/customer-fixtures';
import {
  loadRazorpay,
  openPaymentWindow,
  RAZORPAY_SCRIPT_URL,
  RAZORPAY_UNAVAILABLE,
  type RazorpayConstructor,
} from './payment-window';

type Options = ConstructorParameters<RazorpayConstructor>[0];

/** A stand-in for Razorpay's Checkout: records what it was opened with and its listeners. */
function fakeRazorpay() {
  const made: { options: Options; opened: boolean; failed?: (r: unknown) => void }[] = [];
  const Fake = class {
    entry: (typeof made)[number];
    constructor(options: Options) {
      this.entry = { options, opened: false };
      made.push(this.entry);
    }
    open() {
      this.entry.opened = true;
    }
    on(event: string, listener: (r: unknown) => void) {
      if (event === 'payment.failed') this.entry.failed = listener;
    }
  };
  return { Fake: Fake as unknown as RazorpayConstructor, made };
}

const scripts = () =>
  [...document.querySelectorAll('script')].filter((s) => s.src === RAZORPAY_SCRIPT_URL);

beforeEach(() => {
  for (const script of scripts()) script.remove();
});
afterEach(() => {
  closeSimulatedPaymentWindow();
  delete window.Razorpay;
});

describe('openPaymentWindow with Razorpay', () => {
  it('loads checkout.js once, opens Razorpay with the order, and settles on the handler', async () => {
    const { Fake, made } = fakeRazorpay();
    const opening = openPaymentWindow(paymentOrderFor('razorpay'));
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.async).toBe(true);
    // A second payment while the script loads shares the same tag.
    void loadRazorpay();
    expect(scripts()).toHaveLength(1);

    window.Razorpay = Fake;
    scripts()[0]?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(made).toHaveLength(1));
    const [rzp] = made;
    expect(rzp?.opened).toBe(true);
    expect(rzp?.options).toMatchObject({
      key: 'rzp_test_local',
      amount: 54900,
      currency: 'INR',
      order_id: 'order_SIM123',
      name: 'Mithila Makhana Co.',
      description: 'Order MM-2025-0042',
      prefill: { name: 'Asha Jha', email: 'asha@example.com', contact: '9876543210' },
      theme: { color: '#1f3d2b' },
    });
    rzp?.options.handler(signedPayment);
    // A dismissal after paying changes nothing.
    rzp?.options.modal.ondismiss();
    await expect(opening).resolves.toEqual({ status: 'paid', payment: signedPayment });
  });

  it('settles as dismissed, and reports a failed attempt without settling', async () => {
    const { Fake, made } = fakeRazorpay();
    window.Razorpay = Fake;
    const onFailure = vi.fn();
    const opening = openPaymentWindow(paymentOrderFor('razorpay'), { onFailure });
    await vi.waitFor(() => expect(made).toHaveLength(1));
    expect(scripts()).toHaveLength(0);
    made[0]?.failed?.({ error: { description: 'Your card was declined' } });
    made[0]?.failed?.({});
    expect(onFailure.mock.calls).toEqual([['Your card was declined'], ['Payment failed']]);
    made[0]?.options.modal.ondismiss();
    await expect(opening).resolves.toEqual({ status: 'dismissed' });
  });

  it('rejects with a clear message when the script cannot load, and tries again next time', async () => {
    const opening = openPaymentWindow(paymentOrderFor('razorpay'));
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(opening).rejects.toThrow(RAZORPAY_UNAVAILABLE);
    expect(scripts()).toHaveLength(0);

    void loadRazorpay().catch(() => {});
    expect(scripts()).toHaveLength(1);
  });
});

describe('openPaymentWindow with the simulated gateway', () => {
  it('opens our own sheet, not Razorpay', async () => {
    const { Fake, made } = fakeRazorpay();
    window.Razorpay = Fake;
    void openPaymentWindow(paymentOrderFor('simulated'));
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="payment-window"]')).not.toBeNull(),
    );
    expect(made).toHaveLength(0);
    expect(scripts()).toHaveLength(0);
  });
});
