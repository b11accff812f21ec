import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import {
  OWNER_PRODUCT_OPERATION,
  type OwnerFailure,
  type OwnerProductResult,
} from '../../../../stores/product-slice';

/** A refused call as the form shows it: the server's message, and the fields it named. */
export function ownerFailure(error: unknown): OwnerFailure {
  return {
    message: errorMessage(error),
    errors: error instanceof ApiError ? error.fieldErrors : [],
  };
}

/** One of the owner's product operations, which the product slice follows by its type. */
export function ownerProductThunk<Arg>(
  operation: string,
  run: (arg: Arg) => Promise<OwnerProductResult>,
) {
  return createAsyncThunk<OwnerProductResult, Arg, { rejectValue: OwnerFailure }>(
    `${OWNER_PRODUCT_OPERATION}/${operation}`,
    async (arg, { rejectWithValue }) => {
      try {
        return await run(arg);
      } catch (error) {
        return rejectWithValue(ownerFailure(error));
      }
    },
  );
}
