import type { ApiSuccess } from '@makhana/domain/api';
import type { ownerSessionShape } from '@makhana/domain/contracts/accounts';
import type { z } from 'zod';
import { apiSlice, onSuccess } from '../../../lib/api-slice';

export type OwnerSession = z.infer<typeof ownerSessionShape>;

export interface SecondFactorSetup {
  secret: string;
  otpauthUrl: string;
}

/** The owner's second factor (decision 030): a new secret, then its confirmation by a code. */
export const secondFactorApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    startSecondFactorSetup: build.mutation<SecondFactorSetup, void>({
      query: () => ({ path: '/admins/totp/setup', method: 'POST', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<SecondFactorSetup>) => answer.data,
    }),
    /** Answers the ten recovery codes, shown once. */
    confirmSecondFactor: build.mutation<string[], { otp: string }>({
      query: (body) => ({ path: '/admins/totp/confirm', method: 'POST', body, realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<{ recoveryCodes: string[] }>) =>
        answer.data.recoveryCodes,
    }),
    /** The owner's live sessions (decision 031), the most recently used first. */
    getOwnerSessions: build.query<OwnerSession[], void>({
      query: () => ({ path: '/admins/sessions', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<OwnerSession[]>) => answer.data,
      providesTags: [{ type: 'OwnerSession', id: 'LIST' }],
    }),
    revokeOwnerSession: build.mutation<string, string>({
      query: (id) => ({
        path: `/admins/sessions/revoke/${encodeURIComponent(id)}`,
        method: 'POST',
        realm: 'owner',
      }),
      transformResponse: (answer: ApiSuccess<null>) => answer.message,
      invalidatesTags: onSuccess({ type: 'OwnerSession', id: 'LIST' }),
    }),
    revokeOtherOwnerSessions: build.mutation<string, void>({
      query: () => ({ path: '/admins/sessions/revoke-others', method: 'POST', realm: 'owner' }),
      transformResponse: (answer: ApiSuccess<{ ended: number }>) => answer.message,
      invalidatesTags: onSuccess({ type: 'OwnerSession', id: 'LIST' }),
    }),
  }),
});

export const {
  useStartSecondFactorSetupMutation,
  useConfirmSecondFactorMutation,
  useGetOwnerSessionsQuery,
  useRevokeOwnerSessionMutation,
  useRevokeOtherOwnerSessionsMutation,
} = secondFactorApi;
