import type { ApiSuccess } from '@makhana/domain/api';
import type { OwnerShopSettings } from '@makhana/domain/contracts/shop';
import type { ShopSettingsInput } from '@makhana/domain/validation';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

export const shopSettingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admins/shop-settings: who sells, as kept, and what a sale still needs. */
    getShopSettings: build.query<OwnerShopSettings, void>({
      query: () => ({ path: '/admins/shop-settings', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<OwnerShopSettings>) => answer.data,
      providesTags: ['ShopSettings'],
    }),
    /** POST /admins/shop-settings: saves them whole; the server checks the GSTIN again. */
    saveShopSettings: build.mutation<ApiSuccess<OwnerShopSettings>, ShopSettingsInput>({
      query: (body) => ({ path: '/admins/shop-settings', method: 'POST', body, realm: 'owner' }),
      invalidatesTags: onSuccess('ShopSettings'),
    }),
  }),
});

export const { useGetShopSettingsQuery, useSaveShopSettingsMutation } = shopSettingsApi;
