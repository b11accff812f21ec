import type { Address } from '@makhana/domain/account';
import { apiRequest } from '../lib/api-client';
import { accountThunk } from './account-thunk';

/** GET /users/getAddressDetails: the customer's saved addresses. */
export function getAddresses(): Promise<Address[]> {
  return apiRequest<Address[]>('/users/getAddressDetails');
}

export const loadAddresses = accountThunk('auth/loadAddresses', getAddresses, true);
