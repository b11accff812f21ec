import type { Banner } from '@makhana/domain/product';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { errorMessage } from '../../../../lib/api-client';
import { OWNER_BANNER_OPERATION } from '../../../../stores/banner-slice';

/** One of the owner's banner operations: each answers the whole list, which the slice stores. */
export function ownerBannerThunk<Arg>(operation: string, run: (arg: Arg) => Promise<Banner[]>) {
  return createAsyncThunk<Banner[], Arg, { rejectValue: { message: string } }>(
    `${OWNER_BANNER_OPERATION}/${operation}`,
    async (arg, { rejectWithValue }) => {
      try {
        return await run(arg);
      } catch (error) {
        return rejectWithValue({ message: errorMessage(error) });
      }
    },
  );
}
