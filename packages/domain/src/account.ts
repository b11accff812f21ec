/**
 * The account shapes the API sends and the storefront reads. Types only: the
 * API builds them from its rows, the web app stores them as they arrive.
 */

export type Gender = 'Male' | 'Female';

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  gender: Gender | null;
  email: string;
  phoneNumber: string;
  /** the ids of the user's saved addresses, newest first */
  address: string[];
  /** how many orders the user has */
  orders: number;
}

export type AddressLabel = 'Home' | 'Work';

/** A saved address; the optional parts of the form arrive as empty strings. */
export interface Address {
  _id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  phoneNumber: string;
  alternateNumber: string;
  landmark: string;
  email: string;
  locality: string;
  label: AddressLabel;
}
