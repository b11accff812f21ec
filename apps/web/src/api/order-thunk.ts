import { ApiError } from '../lib/api-client';

/** What order and payment calls store when the server gives no message (docs/product.md#toasts). */
export const GENERIC_ORDER_ERROR = 'Something went wrong';

/** A refused order or payment call: the message the cart state stores, plus what checkout reacts to. */
export interface OrderCallError {
  message: string;
  status: number;
  fieldErrors: { field: string; message: string }[];
}

export type OrderThunkConfig = { rejectValue: OrderCallError };

export function refusal(error: unknown): OrderCallError {
  if (error instanceof ApiError) {
    return {
      message: error.message || GENERIC_ORDER_ERROR,
      status: error.status,
      fieldErrors: error.fieldErrors,
    };
  }
  return {
    message: (error instanceof Error && error.message) || GENERIC_ORDER_ERROR,
    status: 0,
    fieldErrors: [],
  };
}
