import { zodResolver } from '@hookform/resolvers/zod';
import {
  InvalidOrderTransition,
  nextOrderState,
  OWNER_STATUS_MOVES,
  type OwnerStatusMove,
  ownerMoveEvent,
} from '@makhana/domain/order-state';
import type { Order } from '@makhana/domain/orders';
import { orderStatusMoveSchema } from '@makhana/domain/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { orderSummaryHeadingClass } from '../../components/order-summary';
import { toast } from '../../lib/toast';
import { type OrderStatusMove, useMoveOrderStatusMutation } from './api/orders';
import { failureMessage } from './failure-message';
import { RefundOrderAction } from './refund-order-action';

/** The move the state machine allows the owner to make on this order, if any. */
export function ownerMoveFor(order: Order): OwnerStatusMove | null {
  for (const to of OWNER_STATUS_MOVES) {
    try {
      nextOrderState(order, ownerMoveEvent(to));
      return to;
    } catch (error) {
      if (!(error instanceof InvalidOrderTransition)) throw error;
    }
  }
  return null;
}

/** What the owner's screens do with the server's copy of an order after a change. */
export type OnOrderChanged = (order: Order) => void;

/** Sends the move; the toast carries the server's message either way. */
function useMoveOrder(orderId: string, onOrderChanged: OnOrderChanged) {
  const [moveOrderStatus, { isLoading: busy }] = useMoveOrderStatusMutation();
  const move = async (body: OrderStatusMove): Promise<boolean> => {
    try {
      const { order, message } = await moveOrderStatus({ orderId, move: body }).unwrap();
      onOrderChanged(order);
      toast.success(message);
      return true;
    } catch (reason) {
      const message = failureMessage(reason);
      toast.error(message, { toastId: message });
      return false;
    }
  };
  return { busy, move };
}

interface ActionProps {
  order: Order;
  onOrderChanged: OnOrderChanged;
}

function ShipForm({ order, onOrderChanged }: ActionProps) {
  const { busy, move } = useMoveOrder(order._id, onOrderChanged);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OrderStatusMove>({
    resolver: zodResolver(orderStatusMoveSchema),
    defaultValues: { status: 'Shipped', trackingNumber: '', trackingUrl: '' },
  });
  const submit = handleSubmit(async ({ trackingNumber, trackingUrl }) => {
    await move({
      status: 'Shipped',
      trackingNumber,
      ...(trackingUrl ? { trackingUrl } : {}),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`ship-${order._id}`} className="space-y-3">
      <h3 id={`ship-${order._id}`} className={orderSummaryHeadingClass}>
        Ship this order
      </h3>
      <TextField
        label="Tracking number"
        registration={register('trackingNumber')}
        error={errors.trackingNumber?.message}
        autoComplete="off"
      />
      <TextField
        label="Tracking link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        registration={register('trackingUrl')}
        error={errors.trackingUrl?.message}
        autoComplete="off"
      />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? 'Shipping…' : 'Ship'}
      </button>
    </form>
  );
}

function DeliverButton({ order, onOrderChanged }: ActionProps) {
  const { busy, move } = useMoveOrder(order._id, onOrderChanged);
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    await move({ status: 'Delivered' });
    setAsking(false);
  };

  return (
    <div>
      <button
        type="button"
        className="btn-primary w-full sm:w-auto"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Mark as delivered
      </button>
      {asking && (
        <ConfirmDialog
          title="Mark this order as delivered?"
          description={`Order #${order.orderNumber} will show as delivered to the customer.`}
          confirmLabel="Mark delivered"
          busyLabel="Marking…"
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}

/**
 * Ship (with tracking) or deliver, whichever the order's state allows, and refund while it can
 * be refunded (or what its refund was). Each action hands the server's answer to
 * `onOrderChanged`, so the pop-up shows the order as the server now has it; the list's row takes it
 * from the API cache.
 */
export function OrderStatusActions({ order, onOrderChanged }: ActionProps) {
  const next = ownerMoveFor(order);
  return (
    <div className="space-y-5">
      {next === 'Shipped' && <ShipForm order={order} onOrderChanged={onOrderChanged} />}
      {next === 'Delivered' && <DeliverButton order={order} onOrderChanged={onOrderChanged} />}
      <RefundOrderAction order={order} onOrderChanged={onOrderChanged} />
    </div>
  );
}
