import { formatRupees, paiseToRupees } from '@makhana/domain/money';
import { useEffect, useId, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { failSimulatedPayment } from '../api/fail-simulated-payment';
import { paySimulatedPayment } from '../api/pay-simulated-payment';
import { errorMessage } from '../lib/api-client';
import { PAYMENT_FAILED, type PaymentOrder, type PaymentSuccess } from '../lib/payment-window';
import { useModalFocus } from './dialog';
import {
  AlertIcon,
  BankIcon,
  CardIcon,
  CloseIcon,
  type IconComponent,
  LockIcon,
  UpiIcon,
} from './icons';

/**
 * The local gateway's checkout sheet (docs/product.md#checkout): what Razorpay's window does,
 * against /payments/simulated/*, so the whole journey runs on one machine with no money moving.
 */

const METHODS = [
  { id: 'upi', label: 'UPI', hint: 'Google Pay, PhonePe, Paytm, BHIM', Glyph: UpiIcon },
  { id: 'card', label: 'Card', hint: 'Visa, Mastercard, RuPay', Glyph: CardIcon },
  { id: 'netbanking', label: 'Net banking', hint: 'All major Indian banks', Glyph: BankIcon },
] as const;

type MethodId = (typeof METHODS)[number]['id'];

type Step =
  | { kind: 'choose' }
  | { kind: 'paying' }
  | { kind: 'failing' }
  | { kind: 'failed'; detail: string | null };

export interface SimulatedPaymentHandlers {
  onPaid: (payment: PaymentSuccess) => void;
  onDismiss: () => void;
  onFailure?: (message: string) => void;
}

interface SimulatedPaymentWindowProps extends SimulatedPaymentHandlers {
  order: PaymentOrder;
}

export function SimulatedPaymentWindow({
  order,
  onPaid,
  onDismiss,
  onFailure,
}: SimulatedPaymentWindowProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const amountId = useId();
  const [method, setMethod] = useState<MethodId>('upi');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const busy = step.kind === 'paying' || step.kind === 'failing';
  const busyRef = useRef(false);
  busyRef.current = busy;

  // A payment in flight cannot be walked away from: its answer decides what happens next.
  const dismiss = () => {
    if (!busyRef.current) onDismiss();
  };
  useModalFocus(panel, dismiss);

  // The button that was pressed goes away when the step changes; focus follows to the next one.
  const stepKind = step.kind;
  useEffect(() => {
    if (stepKind === 'choose' || stepKind === 'failed') {
      panel.current?.querySelector<HTMLElement>('[data-step-focus]')?.focus();
    }
  }, [stepKind]);

  const amount = formatRupees(paiseToRupees(order.amount));
  const methodLabel = METHODS.find((entry) => entry.id === method)?.label ?? 'UPI';

  const fail = (detail: string | null) => {
    setStep({ kind: 'failed', detail });
    onFailure?.(detail ?? PAYMENT_FAILED);
  };

  const pay = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setStep({ kind: 'paying' });
    try {
      const payment = await paySimulatedPayment({ razorpay_order_id: order.id });
      onPaid(payment);
    } catch (error) {
      busyRef.current = false;
      const detail = errorMessage(error, PAYMENT_FAILED);
      fail(detail === PAYMENT_FAILED ? null : detail);
    }
  };

  const simulateFailure = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setStep({ kind: 'failing' });
    try {
      await failSimulatedPayment({ razorpay_order_id: order.id });
    } catch {
      // The attempt failed either way; only its record on the server is missing.
    }
    busyRef.current = false;
    fail(null);
  };

  return (
    <div className="fixed inset-0 z-[85] flex items-end justify-center sm:items-center sm:p-6">
      <div aria-hidden="true" className="absolute inset-0 bg-forest-900/60 backdrop-blur-[3px]" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={amountId}
        tabIndex={-1}
        data-testid="payment-window"
        className="relative flex max-h-[94dvh] w-full flex-col overflow-hidden rounded-t-3xl bg-white shadow-2xl focus:outline-none sm:max-w-[420px] sm:rounded-3xl"
      >
        <div className="relative overflow-hidden bg-forest-800 px-5 pb-6 pt-5 text-cream-50 sm:px-6">
          <div
            aria-hidden="true"
            className="absolute inset-0 opacity-25 [background:radial-gradient(circle_at_85%_10%,#f0a43a_0,transparent_40%)]"
          />
          <div className="relative flex items-center gap-3">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-cream-50 shadow-sm">
              <img src="/images/logo-mark.svg" alt="" width={30} height={30} className="h-7 w-7" />
            </span>
            <div className="min-w-0 flex-1">
              <h2
                id={titleId}
                className="truncate font-display text-lg font-semibold leading-tight"
              >
                {order.name}
              </h2>
              <p className="mt-0.5 text-xs text-cream-200">Order {order.orderNumber}</p>
            </div>
            <button
              type="button"
              onClick={dismiss}
              disabled={busy}
              aria-label="Close payment window"
              className="-mr-1 grid h-10 w-10 shrink-0 place-items-center rounded-full text-cream-100 transition-colors hover:bg-white/10 disabled:opacity-40"
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <div className="relative mt-5" id={amountId}>
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-cream-200">
              Amount payable
            </p>
            <p className="mt-1 font-display text-4xl font-semibold" data-testid="payment-amount">
              {amount}
            </p>
          </div>
        </div>

        <p className="flex items-center justify-center gap-2 bg-saffron-100 px-4 py-2 text-center text-xs font-semibold text-saffron-600">
          <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-saffron-500" />
          Test payment — no money is charged
        </p>

        <div className="overflow-y-auto px-5 py-5 sm:px-6">
          {step.kind === 'failed' ? (
            <FailedPanel detail={step.detail} onRetry={() => setStep({ kind: 'choose' })} />
          ) : (
            <>
              {(order.prefill.name || order.prefill.contact) && (
                <p className="mb-4 text-sm text-muted">
                  Paying as{' '}
                  <span className="font-medium text-ink">
                    {[order.prefill.name, order.prefill.contact].filter(Boolean).join(' · ')}
                  </span>
                </p>
              )}
              <fieldset disabled={busy}>
                <legend className="mb-2 text-sm font-semibold text-ink">Pay with</legend>
                <div className="space-y-2">
                  {METHODS.map((entry) => (
                    <MethodOption
                      key={entry.id}
                      id={entry.id}
                      label={entry.label}
                      hint={entry.hint}
                      Glyph={entry.Glyph}
                      checked={method === entry.id}
                      onChoose={() => setMethod(entry.id)}
                    />
                  ))}
                </div>
              </fieldset>
              <button
                type="button"
                onClick={pay}
                disabled={busy}
                data-autofocus
                data-step-focus
                className="btn-primary mt-5 h-12 w-full text-base"
              >
                {step.kind === 'paying' ? (
                  <>
                    <Spinner /> Processing payment…
                  </>
                ) : (
                  `Pay ${amount} with ${methodLabel}`
                )}
              </button>
              <button
                type="button"
                onClick={simulateFailure}
                disabled={busy}
                className="mt-3 w-full rounded-full py-2 text-sm font-medium text-maroon-700 underline-offset-4 hover:underline disabled:opacity-50"
              >
                {step.kind === 'failing' ? 'Failing the payment…' : 'Simulate a failed payment'}
              </button>
            </>
          )}
        </div>

        <p className="flex items-center justify-center gap-1.5 border-t border-cream-200 bg-cream-50 px-4 py-3 text-xs text-muted">
          <LockIcon className="h-3.5 w-3.5" />
          Secured by the test gateway · Razorpay-compatible
        </p>
      </div>
    </div>
  );
}

function MethodOption({
  id,
  label,
  hint,
  Glyph,
  checked,
  onChoose,
}: {
  id: MethodId;
  label: string;
  hint: string;
  Glyph: IconComponent;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-2xl border border-cream-200 px-4 py-3 transition-colors hover:border-forest-500 has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-saffron-500">
      <input
        type="radio"
        name="simulated-payment-method"
        value={id}
        checked={checked}
        onChange={onChoose}
        className="sr-only"
      />
      <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-cream-100 text-forest-700">
        <Glyph />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-ink">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
      <span
        aria-hidden="true"
        className={`grid h-5 w-5 shrink-0 place-items-center rounded-full border-2 ${
          checked ? 'border-forest-700' : 'border-cream-200'
        }`}
      >
        {checked && <span className="h-2.5 w-2.5 rounded-full bg-forest-700" />}
      </span>
    </label>
  );
}

function FailedPanel({ detail, onRetry }: { detail: string | null; onRetry: () => void }) {
  return (
    <div role="alert" className="text-center">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-maroon-600/10 text-maroon-700">
        <AlertIcon className="h-7 w-7" />
      </span>
      <p className="mt-3 font-display text-2xl font-semibold text-maroon-700">{PAYMENT_FAILED}</p>
      <p className="mt-1 text-sm text-muted">
        {detail ?? 'Your bank declined the payment. No money has been taken.'}
      </p>
      <button
        type="button"
        onClick={onRetry}
        data-step-focus
        className="btn-primary mt-5 h-12 w-full text-base"
      >
        Retry
      </button>
      <p className="mt-3 text-xs text-muted">Or close this window to cancel the order.</p>
    </div>
  );
}

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="h-4 w-4 rounded-full border-2 border-cream-50/40 border-t-cream-50 motion-safe:animate-spin"
    />
  );
}

let closeOpenWindow: (() => void) | null = null;

/**
 * Shows the sheet in a root of its own above the page, as Razorpay's script does with its iframe;
 * it goes away once the shopper has paid or closed it. Returns a closer for tidy-ups.
 */
export function mountSimulatedPaymentWindow(
  order: PaymentOrder,
  handlers: SimulatedPaymentHandlers,
): () => void {
  closeOpenWindow?.();
  const host = document.createElement('div');
  host.setAttribute('data-payment-window-host', '');
  document.body.appendChild(host);
  const root = createRoot(host);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    if (closeOpenWindow === close) closeOpenWindow = null;
    // Unmounting from inside the sheet's own event handler must wait for React to finish it.
    queueMicrotask(() => {
      root.unmount();
      host.remove();
    });
  };
  closeOpenWindow = close;
  root.render(
    <SimulatedPaymentWindow
      order={order}
      onPaid={(payment) => {
        close();
        handlers.onPaid(payment);
      }}
      onDismiss={() => {
        close();
        handlers.onDismiss();
      }}
      onFailure={handlers.onFailure}
    />,
  );
  return close;
}

/** Closes a sheet left open (a test that ends mid-payment, a page that goes away). */
export function closeSimulatedPaymentWindow(): void {
  closeOpenWindow?.();
}
