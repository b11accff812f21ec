import type { Order } from '@makhana/domain/orders';
import { ownerGet, ownerThunk } from './owner-thunk';

/**
 * GET /orders/orderDetails as the owner: every order, newest first. Refused locally when neither
 * the owner nor a customer is signed in.
 */
export const fetchAllOrders = ownerThunk<Order[]>(
  'auth/fetchAllOrders',
  (_, signal) => ownerGet<Order[]>('/orders/orderDetails', signal),
  'ownerOrCustomer',
);
