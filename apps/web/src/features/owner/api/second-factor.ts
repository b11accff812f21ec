import type { ApiSuccess } from '@makhana/domain/api';
import { apiSlice } from '../../../lib/api-slice';

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
  }),
});

export const { useStartSecondFactorSetupMutation, useConfirmSecondFactorMutation } =
  secondFactorApi;
