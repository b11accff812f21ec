import { POLICY } from '@makhana/domain/constants';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@makhana/domain/money';
import { canRefund, wasDelivered } from '@makhana/domain/order-state';
import type { Order, OrderRefund } from '@makhana/domain/orders';
import {
  allocateRefund,
  leftOfOrder,
  partsTotal,
  type RefundOrderInput,
  type RefundPart,
  RefundRefused,
  refundAsked,
  refundOrderSchema,
  SHIPPING_PART,
} from '@makhana/domain/refunds';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  choicePillClass,
  FieldError,
  FormAlert,
  inputClass,
  ToggleBox,
} from '../../components/form-field';
import { OrderRefunds } from '../../components/order-refunds';
import { orderSummaryHeadingClass } from '../../components/order-summary';
import { toast } from '../../lib/toast';
import { useRefundOrderMutation, useResendRefundMutation } from './api/orders';
import { failureMessage } from './failure-message';

interface RefundOrderActionProps {
  order: Order;
  /** receives the server's copy of the refunded order */
  onOrderChanged: (order: Order) => void;
}

type Scope = 'everything' | 'lines' | 'amount';

const SCOPES: { value: Scope; label: string }[] = [
  { value: 'everything', label: 'Everything left' },
  { value: 'lines', label: 'Chosen units' },
  { value: 'amount', label: 'An amount' },
];

/** 0 to `most` units, the choices of a line's select. */
const unitChoices = (most: number) => Array.from({ length: most + 1 }, (_, count) => count);

/** The order's money as the refund rule reads it, in paise. */
function refundableOf(order: Order) {
  return {
    lines: order.items.map((item) => ({
      id: item._id,
      quantity: item.quantity,
      unitPricePaise: rupeesToPaise(item.priceAtPurchase),
      discountPaise: rupeesToPaise(item.discount ?? 0),
    })),
    shippingPaise: rupeesToPaise(order.shippingCost),
  };
}

/** What the refunds the gateway did not refuse gave back (or hold), line by line, as the server counts them. */
function partsMade(order: Order): RefundPart[] {
  return (order.refunds ?? [])
    .filter((refund) => refund.status !== 'refused')
    .flatMap((refund) =>
      refund.lines.map((line) => ({
        item: line.item,
        quantity: line.quantity,
        amountPaise: rupeesToPaise(line.amount),
        restock: line.restocked,
      })),
    );
}

/**
 * The request that asks again for a refund the gateway did not confirm: the same units of the
 * same lines (the shipping follows them), or the same amount, so the server finds it and asks
 * the gateway under the same key.
 */
function askedAgain(refund: OrderRefund): RefundOrderInput {
  const goods = refund.lines.filter((line) => line.item !== SHIPPING_PART);
  if (refund.lines.some((line) => line.quantity === 0) || goods.length === 0) {
    return { reason: refund.reason, amount: refund.amount };
  }
  return {
    reason: refund.reason,
    lines: goods.map((line) => ({
      item: line.item,
      quantity: line.quantity,
      restock: line.restocked,
    })),
  };
}

/** The owner's choice as the request the server takes, before its schema checks it. */
function requestOf(
  scope: Scope,
  reason: string,
  units: Record<string, number>,
  restock: Record<string, boolean>,
  amount: string,
) {
  if (scope === 'lines') {
    return {
      reason,
      lines: Object.entries(units)
        .filter(([, quantity]) => quantity > 0)
        .map(([item, quantity]) => ({ item, quantity, restock: restock[item] ?? false })),
    };
  }
  if (scope === 'amount')
    return { reason, amount: amount.trim() === '' ? Number.NaN : Number(amount) };
  return { reason };
}

/**
 * The owner's refunds of a paid order: the ones made, and a form for another while any of the
 * payment is left. Everything left, chosen units of chosen lines (each line's units may go back
 * on the shelf), or an amount; a reason; then a confirmation naming the sum. The preview uses the
 * server's own rule; the server decides. A refusal or an outage shows its reason, and a refund the
 * gateway did not confirm can be asked for again (a retry cannot refund twice).
 */
export function RefundOrderAction({ order, onOrderChanged }: RefundOrderActionProps) {
  const [refundOrder, { isLoading: busy }] = useRefundOrderMutation();
  const [resendRefund, { isLoading: resending }] = useResendRefundMutation();
  const [resendFailures, setResendFailures] = useState<Record<string, string>>({});
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<Scope>('everything');
  const [reason, setReason] = useState('');
  const [units, setUnits] = useState<Record<string, number>>({});
  const shipped = order.status === 'Shipped' || wasDelivered(order.status);
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'reason' | 'lines' | 'amount', string>>>({});
  const [asking, setAsking] = useState<{ request: RefundOrderInput; paise: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();

  const headingId = `refund-${order._id}`;
  const made = partsMade(order);
  const money = refundableOf(order);
  const left = leftOfOrder(money, made);
  const leftPaise = left.reduce((sum, line) => sum + line.leftPaise, 0);
  const unconfirmed = order.refunds?.find((refund) => refund.status === 'pending');
  const lastRefused =
    order.refunds?.at(-1)?.status === 'refused' ? order.refunds.at(-1) : undefined;
  const earlierFailure = failure ?? unconfirmed?.failure ?? lastRefused?.failure ?? null;
  const refundable = canRefund(order) && leftPaise > 0;
  const hasRefunds = (order.refunds?.length ?? 0) > 0;
  if (!refundable && !hasRefunds) return null;

  const nameOf = (item: string) => order.items.find((line) => line._id === item)?.name ?? item;
  // A line's units are still in the shop until the order ships: they go back unless unticked.
  const restocked = (item: string) => restock[item] ?? !shipped;

  const send = async (request: RefundOrderInput) => {
    try {
      const answer = await refundOrder({ orderId: order._id, refund: request }).unwrap();
      setFailure(null);
      setAsking(null);
      setOpen(false);
      onOrderChanged(answer.order);
      toast.success(answer.message);
    } catch (reasonGiven) {
      const message = failureMessage(reasonGiven);
      setFailure(message);
      setAsking(null);
      toast.error(message, { toastId: message });
    }
  };

  const resend = async (refund: OrderRefund) => {
    try {
      const answer = await resendRefund({ orderId: order._id, refundId: refund.id }).unwrap();
      setResendFailures(({ [refund.id]: _gone, ...others }) => others);
      onOrderChanged(answer.order);
      toast.success(answer.message);
    } catch (reasonGiven) {
      const message = failureMessage(reasonGiven);
      setResendFailures((others) => ({ ...others, [refund.id]: message }));
      toast.error(message, { toastId: message });
    }
  };

  /** A refund the bank sent back: why, and the button that sends it again. */
  const sendAgain = (refund: OrderRefund) => {
    if (refund.status !== 'failed') return null;
    const failed = resendFailures[refund.id];
    return (
      <div className="mt-2 space-y-2">
        {failed && <FormAlert message={`It did not go through again: ${failed}`} />}
        <button
          type="button"
          className="btn-primary w-full sm:w-auto"
          disabled={resending}
          onClick={() => void resend(refund)}
        >
          Send {formatRupees(refund.amount)} again
        </button>
      </div>
    );
  };

  const review = () => {
    const restocks = Object.fromEntries(order.items.map((item) => [item._id, restocked(item._id)]));
    const parsed = refundOrderSchema.safeParse(requestOf(scope, reason, units, restocks, amount));
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      const parts = allocateRefund(money, made, refundAsked(parsed.data), nameOf);
      setErrors({});
      setAsking({ request: parsed.data, paise: partsTotal(parts) });
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw error;
      setErrors({ [error.field ?? 'reason']: error.message });
    }
  };

  const sum = asking ? formatRupees(paiseToRupees(asking.paise)) : '';
  const cancels = asking?.paise === leftPaise && !shipped;
  const kept = formatRupees(paiseToRupees(leftPaise - (asking?.paise ?? 0)));

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className={orderSummaryHeadingClass}>
        Refunds
      </h3>
      <OrderRefunds order={order} forOwner actionFor={sendAgain} />
      {refundable && earlierFailure && (
        <FormAlert message={`The refund did not go through: ${earlierFailure}`} />
      )}
      {refundable && unconfirmed && !open && (
        <button
          type="button"
          className="btn-primary w-full sm:w-auto"
          disabled={busy}
          onClick={() => void send(askedAgain(unconfirmed))}
        >
          Try the refund again
        </button>
      )}
      {refundable && !unconfirmed && open && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
          noValidate
          aria-label="Refund this order"
          className="space-y-4"
        >
          <fieldset>
            <legend className="label">What to refund</legend>
            <div className="flex flex-wrap gap-2">
              {SCOPES.map((choice) => (
                <label key={choice.value} className={choicePillClass}>
                  <input
                    type="radio"
                    name={`${ids}-scope`}
                    value={choice.value}
                    checked={scope === choice.value}
                    onChange={() => setScope(choice.value)}
                    className="h-4 w-4 accent-forest-700"
                  />
                  {choice.value === 'everything'
                    ? `${choice.label}: ${formatRupees(paiseToRupees(leftPaise))}`
                    : choice.label}
                </label>
              ))}
            </div>
          </fieldset>

          {scope === 'lines' && (
            <fieldset aria-describedby={errors.lines ? `${ids}-lines-error` : undefined}>
              <legend className="label">Units to refund</legend>
              <ul className="space-y-3">
                {order.items.map((item) => {
                  const line = left.find((entry) => entry.item === item._id);
                  const most = line?.quantityLeft ?? 0;
                  const unitsId = `${ids}-units-${item._id}`;
                  return (
                    <li key={item._id} className="rounded-xl border border-cream-200 p-3">
                      <label htmlFor={unitsId} className="text-sm font-medium text-ink">
                        {item.name} {item.variantWeight} g · {formatRupees(item.priceAtPurchase)}{' '}
                        each
                      </label>
                      <div className="mt-2 flex flex-wrap items-center gap-3">
                        <select
                          id={unitsId}
                          className={`${inputClass} w-24`}
                          value={units[item._id] ?? 0}
                          disabled={most === 0}
                          onChange={(event) =>
                            setUnits({ ...units, [item._id]: Number(event.target.value) })
                          }
                        >
                          {unitChoices(most).map((count) => (
                            <option key={count} value={count}>
                              {count}
                            </option>
                          ))}
                        </select>
                        <span className="text-xs text-muted">
                          {most === 0 ? 'All refunded' : `of ${most} left`}
                        </span>
                        {(units[item._id] ?? 0) > 0 && (
                          <ToggleBox
                            label="Put back on the shelf"
                            checked={restocked(item._id)}
                            onChange={(checked) => setRestock({ ...restock, [item._id]: checked })}
                          />
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
              <FieldError id={`${ids}-lines-error`} message={errors.lines} />
            </fieldset>
          )}

          {scope === 'amount' && (
            <div>
              <label htmlFor={`${ids}-amount`} className="label">
                Amount in rupees
              </label>
              <input
                id={`${ids}-amount`}
                inputMode="decimal"
                className={inputClass}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={`${ids}-amount-hint${errors.amount ? ` ${ids}-amount-error` : ''}`}
              />
              <p id={`${ids}-amount-hint`} className="mt-1 text-xs text-muted">
                At most {formatRupees(paiseToRupees(leftPaise))}. Spread over the lines as a price
                reduction; the units stay with the customer.
              </p>
              <FieldError id={`${ids}-amount-error`} message={errors.amount} />
            </div>
          )}

          <div>
            <label htmlFor={`${ids}-reason`} className="label">
              Reason for the refund
            </label>
            <textarea
              id={`${ids}-reason`}
              rows={3}
              className={`${inputClass} h-auto py-2`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`${ids}-reason-hint${errors.reason ? ` ${ids}-reason-error` : ''}`}
            />
            <p id={`${ids}-reason-hint`} className="mt-1 text-xs text-muted">
              Kept with the order and mailed to the customer.
            </p>
            <FieldError id={`${ids}-reason-error`} message={errors.reason} />
          </div>

          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              Review the refund
            </button>
            <button
              type="button"
              className="btn-outline w-full sm:w-auto"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {refundable && !unconfirmed && !open && (
        <button
          type="button"
          className="btn-outline w-full sm:w-auto"
          onClick={() => setOpen(true)}
        >
          {hasRefunds ? 'Refund more' : 'Refund this order'}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={`Refund ${sum} to the customer?`}
          description={
            cancels
              ? `Order #${order.orderNumber} is cancelled and ${sum} goes back to the customer's original payment method within ${POLICY.refundBusinessDays} business days. This cannot be undone.`
              : `${sum} goes back to the customer's original payment method within ${POLICY.refundBusinessDays} business days; ${kept} of the payment is kept. This cannot be undone.`
          }
          confirmLabel={`Refund ${sum}`}
          busyLabel="Refunding…"
          busy={busy}
          onConfirm={() => void send(asking.request)}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
