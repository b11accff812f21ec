import type { ApiSuccess } from '@makhana/domain/api';
import type { Order } from '@makhana/domain/orders';
import type { PickupRequest } from '@makhana/domain/pickup';
import type { RefundOrderInput } from '@makhana/domain/refunds';
import type { CourierKind } from '@makhana/domain/shipping';
import type { orderStatusMoveSchema, RefundExtraPaymentInput } from '@makhana/domain/validation';
import type { z } from 'zod';
import { NOT_AUTHENTICATED } from '../../../api/account-thunk';
import type { ApiCallError } from '../../../lib/api-client';
import { type ApiCall, apiSlice, type ClientBaseQuery } from '../../../lib/api-slice';
import type { AppDispatch, RootState } from '../../../stores/store';
import { type OwnerPageArgs, ownerListApi } from './owner-list';

export type OrderStatusMove = z.infer<typeof orderStatusMoveSchema>;

/** The changed order and the server's message, for the toast. */
export interface OrderChange {
  order: Order;
  message: string;
}

type OrderWrite = { data: OrderChange } | { error: ApiCallError };

/** The courier orders are booked with; `manual` when there is none and the owner types the tracking. */
export interface OrderCourier {
  provider: CourierKind | 'manual';
  name: string | null;
}

/** A pickup the courier agreed to, and the server's message, for the toast. */
export interface BookedPickup {
  pickup: { pickupId: string; date: string; packages: number };
  message: string;
}

/**
 * A move or a refund, sent only while an owner is signed in: asked without one, it is refused
 * here and nothing is sent.
 */
async function sendOrderWrite(
  state: unknown,
  send: (call: ApiCall) => ReturnType<ClientBaseQuery>,
  path: string,
  body: unknown,
): Promise<OrderWrite> {
  if (!(state as RootState).auth.isAdminAuthenticated) {
    return { error: { status: 401, message: NOT_AUTHENTICATED, fieldErrors: [] } };
  }
  const answer = await send({ path, method: 'POST', body, realm: 'owner' });
  if (answer.error) return { error: answer.error };
  const changed = answer.data as ApiSuccess<Order>;
  return { data: { order: changed.data, message: changed.message } };
}

interface OrderWriteLifecycle {
  queryFulfilled: Promise<{ data: OrderChange }>;
  dispatch: AppDispatch;
  getState: () => unknown;
}

/**
 * The server's copy of an order takes its place in every cached page of the orders list at once,
 * so its row shows it without asking for the page again.
 */
function placeOrder(order: Order, dispatch: AppDispatch, getState: () => unknown) {
  const pages = apiSlice.util.selectInvalidatedBy(getState() as RootState, [
    { type: 'Order', id: 'LIST' },
  ]);
  for (const { endpointName, originalArgs } of pages) {
    if (endpointName !== 'getOwnerPage') continue;
    dispatch(
      ownerListApi.util.updateQueryData('getOwnerPage', originalArgs as OwnerPageArgs, (page) => {
        page.data = page.data.map((item) => (item._id === order._id ? order : item));
      }),
    );
  }
}

async function placeChangedOrder({ queryFulfilled, dispatch, getState }: OrderWriteLifecycle) {
  let order: Order;
  try {
    order = (await queryFulfilled).data.order;
  } catch {
    return;
  }
  placeOrder(order, dispatch, getState);
}

export const ownerOrdersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders/order-id-details/{id}: one order, as a support message links to it. */
    getOwnerOrder: build.query<Order, string>({
      query: (orderId) => ({
        path: `/orders/order-id-details/${encodeURIComponent(orderId)}`,
        realm: 'owner',
      }),
      transformResponse: (answer: ApiSuccess<Order>) => answer.data,
      providesTags: (_order, _error, orderId) => [{ type: 'Order', id: orderId }],
      // Asked again after a courier's refusal (which the server keeps on the order), or opened
      // from a link: the list's row takes the fresh copy too.
      onQueryStarted: async (_orderId, { queryFulfilled, dispatch, getState }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) placeOrder(answer.data, dispatch, getState);
      },
    }),
    /** GET /orders/courier: whether orders are booked with a courier, and which. */
    getOrderCourier: build.query<OrderCourier, void>({
      query: () => ({ path: '/orders/courier', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<OrderCourier>) => answer.data,
    }),
    /**
     * POST /orders/ship/{id}: books a paid, confirmed order with the courier; it comes back
     * Shipped, the waybill its tracking number. Repeat-safe on the server.
     */
    shipOrder: build.mutation<OrderChange, string>({
      queryFn: (orderId, api, _extra, baseQuery) =>
        sendOrderWrite(
          api.getState(),
          baseQuery,
          `/orders/ship/${encodeURIComponent(orderId)}`,
          undefined,
        ),
      onQueryStarted: (_orderId, lifecycle) => placeChangedOrder(lifecycle),
      // As a move by hand: the order alone changed, and its row has taken the answer.
      invalidatesTags: (_change, error, orderId) => (error ? [] : [{ type: 'Order', id: orderId }]),
    }),
    /** POST /orders/pickup: asks the courier to collect the day's parcels at the shop. */
    requestPickup: build.mutation<BookedPickup, PickupRequest>({
      query: (body) => ({ path: '/orders/pickup', method: 'POST', body, realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<BookedPickup['pickup']>) => ({
        pickup: answer.data,
        message: answer.message,
      }),
    }),
    /** POST /orders/update-status/{id}: the owner ships (with tracking) or delivers an order. */
    moveOrderStatus: build.mutation<OrderChange, { orderId: string; move: OrderStatusMove }>({
      queryFn: ({ orderId, move }, api, _extra, baseQuery) =>
        sendOrderWrite(
          api.getState(),
          baseQuery,
          `/orders/update-status/${encodeURIComponent(orderId)}`,
          move,
        ),
      onQueryStarted: (_move, lifecycle) => placeChangedOrder(lifecycle),
      // A move changes the order alone: its row takes the answer, the order opened from a support
      // message is asked again; the paid figures do not move with a shipment.
      invalidatesTags: (_change, error, { orderId }) =>
        error ? [] : [{ type: 'Order', id: orderId }],
    }),
    /** POST /orders/refund/{id}: the owner refunds a paid order, in full or in part, with a reason. */
    refundOrder: build.mutation<OrderChange, { orderId: string; refund: RefundOrderInput }>({
      queryFn: ({ orderId, refund }, api, _extra, baseQuery) =>
        sendOrderWrite(
          api.getState(),
          baseQuery,
          `/orders/refund/${encodeURIComponent(orderId)}`,
          refund,
        ),
      onQueryStarted: (_refund, lifecycle) => placeChangedOrder(lifecycle),
      // Money went back: the list (its filters may no longer hold the order), the customers'
      // totals and the paid figures are asked again. A refused refund is kept on the order too.
      invalidatesTags: (_change, _error, { orderId }) => [
        { type: 'Order', id: 'LIST' },
        { type: 'Order', id: orderId },
        { type: 'Customer', id: 'LIST' },
        'DashboardFigures',
      ],
    }),
    /**
     * A step of a return: POST /orders/return-decision/{id} (approve or reject with a note),
     * /orders/return-received/{id} (its parcel is back) or /orders/return-refund/{id} (its units
     * refunded, `restock` to put them back on the shelf).
     */
    moveReturn: build.mutation<
      OrderChange,
      {
        orderId: string;
        step: 'return-decision' | 'return-received' | 'return-refund';
        body: { returnId: string; approve?: boolean; note?: string; restock?: boolean };
      }
    >({
      queryFn: ({ orderId, step, body }, api, _extra, baseQuery) =>
        sendOrderWrite(
          api.getState(),
          baseQuery,
          `/orders/${step}/${encodeURIComponent(orderId)}`,
          body,
        ),
      onQueryStarted: (_step, lifecycle) => placeChangedOrder(lifecycle),
      // A refund moves the figures and the customers' totals; the other steps only the order.
      invalidatesTags: (_change, error, { orderId, step }) =>
        error && step !== 'return-refund'
          ? []
          : [
              { type: 'Order', id: orderId },
              ...(step === 'return-refund'
                ? [
                    { type: 'Order' as const, id: 'LIST' },
                    { type: 'Customer' as const, id: 'LIST' },
                    'DashboardFigures' as const,
                  ]
                : []),
            ],
    }),
    /** POST /orders/refund-again/{id}: sends again a refund the bank sent back. */
    resendRefund: build.mutation<OrderChange, { orderId: string; refundId: string }>({
      queryFn: ({ orderId, refundId }, api, _extra, baseQuery) =>
        sendOrderWrite(
          api.getState(),
          baseQuery,
          `/orders/refund-again/${encodeURIComponent(orderId)}`,
          { refundId },
        ),
      onQueryStarted: (_resend, lifecycle) => placeChangedOrder(lifecycle),
      // The order may leave "Needs refund", and the dashboard's count of money owed goes down.
      invalidatesTags: (_change, _error, { orderId }) => [
        { type: 'Order', id: 'LIST' },
        { type: 'Order', id: orderId },
        'DashboardFigures',
      ],
    }),
    /** POST /orders/refund-extra-payment/{id}: gives back a second payment of a paid order. */
    refundExtraPayment: build.mutation<
      OrderChange,
      { orderId: string; payment: RefundExtraPaymentInput }
    >({
      queryFn: ({ orderId, payment }, api, _extra, baseQuery) =>
        sendOrderWrite(
          api.getState(),
          baseQuery,
          `/orders/refund-extra-payment/${encodeURIComponent(orderId)}`,
          payment,
        ),
      onQueryStarted: (_payment, lifecycle) => placeChangedOrder(lifecycle),
      // The order may leave "Needs refund", and the dashboard's count of money owed goes down.
      invalidatesTags: (_change, _error, { orderId }) => [
        { type: 'Order', id: 'LIST' },
        { type: 'Order', id: orderId },
        'DashboardFigures',
      ],
    }),
  }),
});

export const {
  useGetOrderCourierQuery,
  useMoveReturnMutation,
  useLazyGetOwnerOrderQuery,
  useMoveOrderStatusMutation,
  useRefundOrderMutation,
  useRefundExtraPaymentMutation,
  useResendRefundMutation,
  useShipOrderMutation,
  useRequestPickupMutation,
} = ownerOrdersApi;
