import type { CartItem } from '@makhana/domain/cart';
import { toast } from 'react-toastify';
import { vi } from 'vitest';
import type { Order } from '../lib/orders';
import type { PaymentOrder, PaymentSuccess } from '../lib/payment-window';
import { type Address, loginVerification, type User } from '../stores/auth-slice';
import type { AppStore } from '../stores/store';
import { fail, ok, stubApi } from './shop-fixtures';

/** Fixtures for checkout, the payment window and the order page: one customer, one order. */

export const shopper: User = {
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
  alternateNumber: '',
  landmark: 'Near Shyama Mandir',
  email: 'asha@example.com',
  locality: 'Laheriasarai',
  label: 'Home',
};

export const workAddress: Address = {
  _id: 'addr-work',
  name: 'Asha Kumari Jha',
  street: '4th Floor, Maurya Lok',
  city: 'Patna',
  state: 'Bihar',
  country: 'India',
  pincode: '800001',
  phoneNumber: '9123456780',
  locality: 'Dak Bungalow Road',
  label: 'Work',
};

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

export const pendingOrder: Order = {
  _id: 'order-1',
  orderNumber: 'MM-2025-0042',
  user: 'user-asha',
  items: [
    {
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
  shippingAddress: {
    firstName: 'Asha',
    lastName: 'Jha',
    email: 'asha@example.com',
    phone: '9876543210',
    address: '12 Station Road, Laheriasarai, Near Shyama Mandir',
    city: 'Darbhanga',
    state: 'Bihar',
    pincode: '846004',
    country: 'India',
  },
  paymentMethod: 'Prepaid',
  paymentStatus: 'pending',
  status: 'Pending',
  transactionId: null,
  trackingNumber: null,
  trackingUrl: null,
  createdAt: '2025-05-12T09:30:00.000Z',
};

export const paidOrder: Order = {
  ...pendingOrder,
  paymentStatus: 'completed',
  status: 'Confirmed',
  transactionId: 'pay_SIM7788',
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

export function signIn(store: AppStore, user: User = shopper): void {
  store.dispatch(
    loginVerification.fulfilled(
      { user, accessToken: 'access-1', refreshToken: 'refresh-1' },
      'test',
      { email: user.email, otp: '123456' },
    ),
  );
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = ReturnType<typeof ok> | ReturnType<typeof fail>;
type Route = (body: unknown, call: Call) => Answer;

/** Answers `METHOD /path` routes (the catalogue included) and records every call, in order. */
export function stubRoutes(routes: Record<string, Route | Answer>) {
  const calls: Call[] = [];
  const fetchMock = stubApi(undefined, (path, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
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
