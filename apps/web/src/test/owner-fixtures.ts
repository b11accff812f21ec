import type { User } from '@makhana/domain/account';
import type { Order } from '@makhana/domain/orders';
import { loginAdmin } from '../api/login-admin';
import type { Admin } from '../api/owner-thunk';
import type { AppStore } from '../stores/store';
import { customer, deliveredOrder, paidOrder, pendingOrder } from './customer-fixtures';

/** The shop's owner, their customers and every order, for the owner area's tests. */

export const owner: Admin = {
  _id: 'admin-1',
  email: 'owner@mithilamakhana.in',
  name: 'Mithila Makhana Owner',
  secondFactor: true,
};

export const ownerPassword = 'makhana-owner-dev';

export const ravi: User = {
  _id: 'user-ravi',
  firstName: 'Ravi',
  lastName: 'Kumar',
  gender: 'Male',
  email: 'ravi@example.com',
  phoneNumber: '9123456780',
  address: [],
  orders: 1,
};

export const customers: User[] = [{ ...customer, orders: 3 }, ravi];

/** Three of Asha's orders (delivered, paid, pending) and one of Ravi's, newest first. */
export const allOrders: Order[] = [
  {
    ...pendingOrder,
    _id: 'order-3',
    orderNumber: 'MM-250514-0003',
    createdAt: '2025-05-14T09:30:00.000Z',
  },
  {
    ...paidOrder,
    _id: 'order-ravi',
    orderNumber: 'MM-250513-0002',
    user: ravi._id,
    shippingAddress: { ...paidOrder.shippingAddress, firstName: 'Ravi', lastName: 'Kumar' },
    createdAt: '2025-05-13T09:30:00.000Z',
  },
  paidOrder,
  { ...deliveredOrder, _id: 'order-0' },
];

/** The owner signed in, as the owner sign-in leaves the store. */
export function signInOwner(store: AppStore, admin: Admin = owner): void {
  store.dispatch(
    loginAdmin.fulfilled(admin, 'test', { email: admin.email, password: ownerPassword }),
  );
}
