import type { Address, User } from '@makhana/domain/account';
import type { CartItem } from '@makhana/domain/cart';
import type { Order, OrderRefund, OrderShipment, ShippingAddress } from '@makhana/domain/orders';
import type { CheckoutAddress } from '@makhana/domain/validation';
import { toast } from 'react-toastify';
import { vi } from 'vitest';
import { loginVerification } from '../api/verify-login';
import type { PaymentOrder, PaymentSuccess } from '../lib/payment-window';
import type { AppStore } from '../stores/store';
import { fail, ok, stubApi } from './shop-fixtures';

/**
 * One customer, Asha, for the account, checkout and order tests: her account, two saved
 * addresses, her orders, the payment she makes, and a routed API stub that records each call.
 */

export const customer: User = {
  _id: 'user-asha',
  firstName: 'Asha',
  lastName: 'Jha',
  gender: 'Female',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  address: ['addr-home', 'addr-work'],
  orders: 0,
};

export const homeAddress: Address = {
  _id: 'addr-home',
  name: 'Asha Jha',
  street: '12 Station Road',
  city: 'Darbhanga',
  state: 'Bihar',
  country: 'India',
  pincode: '846004',
  phoneNumber: '9876543210',
  alternateNumber: '9123456780',
  landmark: 'Near Shyama Mandir',
  email: 'asha@example.com',
  locality: 'Laheriasarai',
  label: 'Home',
};

/** Saved without the optional parts, so checkout must fall back to the customer's own e-mail. */
export const workAddress: Address = {
  _id: 'addr-work',
  name: 'Asha Kumari Jha',
  street: '4th Floor, Maurya Lok',
  city: 'Patna',
  state: 'Bihar',
  country: 'India',
  pincode: '800001',
  phoneNumber: '9123456780',
  alternateNumber: '',
  landmark: '',
  email: '',
  locality: 'Dak Bungalow Road',
  label: 'Work',
};

/** The home address as the checkout form sends it. */
export const homeCheckoutFields: CheckoutAddress = {
  firstName: 'Asha',
  lastName: 'Jha',
  email: 'asha@example.com',
  phone: '9876543210',
  address: '12 Station Road, Laheriasarai, Near Shyama Mandir',
  city: 'Darbhanga',
  state: 'Bihar',
  pincode: '846004',
};

/** ...and as the order keeps it. */
export const homeShipping: ShippingAddress = { ...homeCheckoutFields, country: 'India' };

/** Himalayan Pink Salt 250g at 549: above 500, so shipping is free and the total is 549. */
export const pinkSaltLine: CartItem = {
  id: 'prod-pink-salt',
  name: 'Himalayan Pink Salt Makhana',
  image: '/uploads/demo/products/pink-salt-1.svg',
  weight: 250,
  sku: 'MM-HPS-250',
  price: 549,
  quantity: 1,
};

/** What checkout's createOrder answers: the pink salt line, not yet paid. */
export const pendingOrder: Order = {
  _id: 'order-1',
  orderNumber: 'MM-2025-0042',
  user: customer._id,
  items: [
    {
      _id: 'line-pink-salt',
      product: 'prod-pink-salt',
      name: 'Himalayan Pink Salt Makhana',
      image: '/uploads/demo/products/pink-salt-1.svg',
      variantWeight: 250,
      quantity: 1,
      priceAtPurchase: 549,
    },
  ],
  shippingCost: 0,
  totalAmount: 549,
  shippingAddress: homeShipping,
  paymentMethod: 'Prepaid',
  paymentStatus: 'pending',
  status: 'Pending',
  transactionId: null,
  trackingNumber: null,
  trackingUrl: null,
  createdAt: '2025-05-12T09:30:00.000Z',
  subtotal: 549,
  currency: 'INR',
  needsRefund: false,
  expiresAt: '2025-05-12T10:00:00.000Z',
  paidAt: null,
  refundedAmount: 0,
};

export const paidOrder: Order = {
  ...pendingOrder,
  paymentStatus: 'completed',
  status: 'Confirmed',
  transactionId: 'pay_SIM7788',
  expiresAt: null,
  paidAt: '2025-05-12T09:32:00.000Z',
};

/** An earlier order, delivered, for My Orders: two packs of Classic 250g. */
export const deliveredOrder: Order = {
  ...paidOrder,
  orderNumber: 'MM-2025-0001',
  items: [
    {
      _id: 'line-classic',
      product: 'prod-classic',
      name: 'Classic Roasted Makhana',
      image: '/uploads/demo/products/classic-1.svg',
      variantWeight: 250,
      quantity: 2,
      priceAtPurchase: 449,
    },
  ],
  shippingCost: 0,
  totalAmount: 898,
  subtotal: 898,
  shippingAddress: { ...homeShipping, address: '12 Station Road' },
  status: 'Delivered',
  transactionId: 'pay_SIM123',
  trackingNumber: 'DLV998877',
  trackingUrl: 'https://track.example.com/DLV998877',
  createdAt: '2025-05-10T09:30:00.000Z',
  paidAt: '2025-05-10T09:32:00.000Z',
};

/**
 * A parcel booked with Delhivery on its way to Darbhanga, its scans oldest first as the API sends
 * them; the last one is a failed delivery, on the evening of 15 May in India.
 */
export const scannedShipment: OrderShipment = {
  courier: 'Delhivery',
  waybill: '1234567890123',
  state: 'booked',
  failure: null,
  undelivered: 'Consignee unavailable',
  trackedAt: '2025-05-15T12:00:00.000Z',
  scans: [
    { at: '2025-05-13T06:00:00.000Z', status: 'Shipment booked', location: 'Darbhanga' },
    { at: '2025-05-13T12:40:00.000Z', status: 'Picked up', location: 'Darbhanga' },
    { at: '2025-05-14T02:05:00.000Z', status: 'In transit at Patna Hub', location: 'Patna Hub' },
    { at: '2025-05-14T20:15:00.000Z', status: 'Out for delivery', location: 'Darbhanga' },
    {
      at: '2025-05-15T09:00:00.000Z',
      status: 'Delivery attempted: Consignee unavailable',
      location: 'Darbhanga',
    },
  ],
};

export function paymentOrderFor(
  provider: PaymentOrder['provider'] = 'simulated',
  overrides: Partial<PaymentOrder> = {},
): PaymentOrder {
  return {
    id: 'order_SIM123',
    amount: 54900,
    currency: 'INR',
    keyId: 'rzp_test_local',
    provider,
    orderId: pendingOrder._id,
    orderNumber: pendingOrder.orderNumber,
    name: 'Mithila Makhana Co.',
    prefill: { name: 'Asha Jha', email: 'asha@example.com', contact: '9876543210' },
    ...overrides,
  };
}

export const signedPayment: PaymentSuccess = {
  razorpay_order_id: 'order_SIM123',
  razorpay_payment_id: 'pay_SIM7788',
  razorpay_signature: 'c0ffee',
};

export const servedPincode = ok({
  delivery_codes: [{ postal_code: { pin: 846004, district: 'Darbhanga', state_code: 'BR' } }],
});

export function signIn(store: AppStore, user: User = customer): void {
  store.dispatch(
    loginVerification.fulfilled({ user }, 'test', { email: user.email, otp: '123456' }),
  );
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  /** the headers the call set itself, by name */
  headers: Record<string, string>;
}

type Answer = ReturnType<typeof ok> | ReturnType<typeof fail>;
type Route = (body: unknown, call: Call) => Answer;

/** Answers `METHOD /path` routes (the catalogue included) and records every call, in order. */
export function stubRoutes(routes: Record<string, Route | Answer>) {
  const calls: Call[] = [];
  const fetchMock = stubApi(undefined, (path, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = { method, path, body, authorization: headers.Authorization ?? null, headers };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route) return undefined;
    return typeof route === 'function' ? route(body, call) : route;
  });
  const callsTo = (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);
  const order = () => calls.map((call) => `${call.method} ${call.path}`);
  return { fetchMock, calls, callsTo, order };
}

export { fail, ok };

export function spyToasts() {
  return {
    success: vi.spyOn(toast, 'success').mockImplementation(() => 'toast'),
    error: vi.spyOn(toast, 'error').mockImplementation(() => 'toast'),
  };
}

/** A refund of the whole order as the API sends it, the gateway's money sent. */
export function madeRefund(order: Order, overrides: Partial<OrderRefund> = {}): OrderRefund {
  return {
    id: `refund-${order._id}`,
    amount: order.totalAmount,
    reason: 'Changed my mind',
    by: 'customer',
    status: 'processed',
    refundId: 'rfnd_SIM0001',
    failure: null,
    createdAt: '2025-05-13T06:00:00.000Z',
    initiatedAt: '2025-05-13T06:00:00.000Z',
    processedAt: '2025-05-13T06:00:00.000Z',
    lines: order.items.map((item) => ({
      item: item._id,
      name: `${item.name} ${item.variantWeight} g`,
      quantity: item.quantity,
      amount: item.priceAtPurchase * item.quantity,
      restocked: false,
    })),
    ...overrides,
  };
}
