import { toast } from 'react-toastify';
import { vi } from 'vitest';
import { type Address, loginVerification, type User } from '../../stores/auth-slice';
import type { AppStore } from '../../stores/store';
import { fail, ok, stubApi } from '../../test/shop-fixtures';
import type { Order } from './orders-api';

/** Test fixtures for the account screens: a customer, a signed-in store and a routed API stub. */

export const customer: User = {
  _id: 'user-asha',
  firstName: 'Asha',
  lastName: 'Jha',
  gender: 'Female',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  address: ['addr-home'],
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

export const deliveredOrder: Order = {
  _id: 'order-1',
  orderNumber: 'MM-2025-0001',
  user: 'user-asha',
  items: [
    {
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
  shippingAddress: {
    firstName: 'Asha',
    lastName: 'Jha',
    email: 'asha@example.com',
    phone: '9876543210',
    address: '12 Station Road',
    city: 'Darbhanga',
    state: 'Bihar',
    pincode: '846004',
    country: 'India',
  },
  paymentMethod: 'Prepaid',
  paymentStatus: 'completed',
  status: 'Delivered',
  transactionId: 'pay_SIM123',
  trackingNumber: 'DLV998877',
  trackingUrl: 'https://track.example.com/DLV998877',
  createdAt: '2025-05-10T09:30:00.000Z',
};

export function signIn(store: AppStore, user: User = customer): void {
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
  authorization: string | null;
}

type Answer = ReturnType<typeof ok> | ReturnType<typeof fail>;
type Route = (body: unknown, call: Call) => Answer;

/** Answers `METHOD /path` routes (catalogue calls included) and records every call made. */
export function stubAccountApi(routes: Record<string, Route | Answer>) {
  const calls: Call[] = [];
  const fetchMock = stubApi(undefined, (path, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = { method, path, body, authorization: headers.Authorization ?? null };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route) return undefined;
    return typeof route === 'function' ? route(body, call) : route;
  });
  const callsTo = (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);
  return { fetchMock, calls, callsTo };
}

export { fail, ok };

export function spyToasts() {
  return {
    success: vi.spyOn(toast, 'success').mockImplementation(() => 'toast'),
    error: vi.spyOn(toast, 'error').mockImplementation(() => 'toast'),
  };
}
