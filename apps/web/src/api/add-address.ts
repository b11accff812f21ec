import type { Address } from '@makhana/domain/account';
import { accountThunk, post } from './account-thunk';

/**
 * A saved address as the API receives it: the form's fields (addressSchema in @makhana/domain)
 * with the optional ones sent as empty strings; the server adds the id.
 */
export type AddressFields = Omit<Address, '_id'>;

/** POST /users/newAddress: answers the saved address with its id. */
export function saveNewAddress(body: AddressFields): Promise<Address> {
  return post<Address>('/users/newAddress', body);
}

export const addAddress = accountThunk('auth/addAddress', saveNewAddress);
