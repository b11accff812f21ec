import { summarizeCart } from '@makhana/domain/cart';
import { PAYMENT_METHOD } from '@makhana/domain/constants';
import type { PricedCart } from '@makhana/domain/contracts/checkout';
import type { CheckoutAddress } from '@makhana/domain/validation';
import { MESSAGES } from '@makhana/domain/validation';
import { useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { type AddressFields, addAddress } from '../../api/add-address';
import { GENERIC_ORDER_ERROR, type OrderCallError } from '../../api/order-thunk';
import { refreshCartPrices } from '../../api/refresh-cart-prices';
import { openPaymentWindow } from '../../lib/payment-window';
import { toast } from '../../lib/toast';
import { emptyCart } from '../../stores/cart-slice';
import { useAppDispatch } from '../../stores/hooks';
import { hideLoader, showLoader } from '../../stores/loader-slice';
import type { RootState } from '../../stores/store';
import {
  newIdempotencyKey,
  useCreateOrderMutation,
  useMarkOrderFailedMutation,
  useStartPaymentMutation,
  useVerifyPaymentMutation,
} from './api/orders';

export const ORDER_PLACED = 'Order Placed successfully';
export const PAYMENT_CANCELLED = 'Payment was cancelled or not completed.';

/** An error toast keyed by its text, so a message the API client already showed (429) shows once. */
function notifyError(message: string): void {
  toast.error(message, { toastId: message });
}

function messageOf(reason: unknown): string {
  if (typeof reason === 'object' && reason !== null && 'message' in reason) {
    const { message } = reason as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return GENERIC_ORDER_ERROR;
}

function isCallError(reason: unknown): reason is OrderCallError {
  return typeof reason === 'object' && reason !== null && 'status' in reason;
}

function refusedPincode(reason: OrderCallError): boolean {
  return (
    reason.message === MESSAGES.serviceablePincode ||
    reason.fieldErrors.some((entry) => entry.field.endsWith('pincode'))
  );
}

interface PlaceOrderOptions {
  /** The server would not deliver to the pincode after all. */
  onPincodeRefused: (pincode: string) => void;
  /** The discount code no longer holds (its last use went, it ended): the summary drops it. */
  onDiscountRefused: () => void;
}

/**
 * The checkout sequence (docs/product.md#checkout): the order, then the gateway's order, then the
 * payment window; a payment is verified, the cart cleared and the order page opened, while a closed
 * window cancels the pending order and refreshes the cart. One sequence at a time.
 */
export function usePlaceOrder({ onPincodeRefused, onDiscountRefused }: PlaceOrderOptions) {
  const dispatch = useAppDispatch();
  const [createOrder] = useCreateOrderMutation();
  const [startPayment] = useStartPaymentMutation();
  const [verifyPayment] = useVerifyPaymentMutation();
  const [markOrderFailed] = useMarkOrderFailedMutation();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const running = useRef(false);
  // One key per order the shopper means to place: a Place Order again after an answer that never
  // came sends it again, and the server answers the order it made instead of holding stock twice.
  const orderKey = useRef<string | null>(null);
  const [placing, setPlacing] = useState(false);

  /**
   * `saveAddress`: the address to keep in the customer's addresses once the order is placed (the
   * server has accepted it by then); a failure to keep it never stands in the order's way.
   * `discount`: the cart as a code priced it, whose figures the order is placed with.
   */
  const placeOrder = async (
    address: CheckoutAddress,
    {
      saveAddress = null,
      discount = null,
    }: { saveAddress?: AddressFields | null; discount?: PricedCart | null } = {},
  ) => {
    if (running.current) return;
    running.current = true;
    setPlacing(true);

    let loaderShown = false;
    const loader = (show: boolean) => {
      if (show === loaderShown) return;
      loaderShown = show;
      dispatch(show ? showLoader() : hideLoader());
    };

    // Nothing is left holding stock: a pending order the shopper walks away from is cancelled,
    // and the cart takes today's prices from the catalogue.
    const abandon = async (orderId: string) => {
      await markOrderFailed({ orderId });
      await dispatch(refreshCartPrices());
    };

    const { items } = store.getState().cart;
    const summary = summarizeCart(items);
    let orderId: string | null = null;
    let paid = false;
    loader(true);
    try {
      orderKey.current ??= newIdempotencyKey();
      const order = await createOrder({
        idempotencyKey: orderKey.current,
        items,
        ...(discount ? { discountCode: discount.code } : {}),
        shippingCost: discount?.shippingCost ?? summary.shipping,
        totalAmount: discount?.totalAmount ?? summary.total,
        shippingAddress: address,
        paymentMethod: PAYMENT_METHOD,
      }).unwrap();
      orderId = order._id;
      // Made: whatever follows (a window closed, a payment failed), the next Place Order is new.
      orderKey.current = null;
      if (saveAddress) void dispatch(addAddress(saveAddress));
      const paymentOrder = await startPayment({ orderId }).unwrap();

      loader(false);
      const outcome = await openPaymentWindow(paymentOrder);
      if (outcome.status === 'dismissed') {
        loader(true);
        await abandon(orderId);
        notifyError(PAYMENT_CANCELLED);
        return;
      }

      paid = true;
      loader(true);
      const paidOrder = await verifyPayment(outcome.payment).unwrap();
      dispatch(emptyCart());
      toast.success(ORDER_PLACED);
      navigate(`/order-status/${encodeURIComponent(paidOrder?._id || orderId)}`);
    } catch (reason) {
      await recover(reason);
    } finally {
      loader(false);
      running.current = false;
      setPlacing(false);
    }

    async function recover(reason: unknown) {
      const message = messageOf(reason);
      if (orderId === null) {
        // The order itself was refused: stale prices or stock, or an unserved pincode.
        if (isCallError(reason) && reason.status === 409) {
          if (reason.fieldErrors.some((entry) => entry.field === 'discountCode')) {
            onDiscountRefused();
          }
          await dispatch(refreshCartPrices());
        }
        if (isCallError(reason) && reason.status === 400 && refusedPincode(reason)) {
          onPincodeRefused(address.pincode);
        }
      } else if (!paid) {
        // The payment never started (or its window could not open).
        await abandon(orderId);
      }
      // A payment that was taken but not yet verified is settled by the server (webhook); the
      // order stays as it is and the message says what went wrong.
      notifyError(message);
    }
  };

  return { placeOrder, placing };
}
