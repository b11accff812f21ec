import type { Address } from '@makhana/domain/account';
import { accountThunk, post } from './account-thunk';
import type { AddressFields } from './add-address';

export interface EditAddressInput {
  id: string;
  fields: AddressFields;
}

/** POST /users/editAddress/{id}: answers the saved address. */
export function saveAddress({ id, fields }: EditAddressInput): Promise<Address> {
  return post<Address>(`/users/editAddress/${encodeURIComponent(id)}`, fields);
}

export const editAddress = accountThunk('auth/editAddress', saveAddress);
