import type { Address, User } from '@makhana/domain/account';
import type { ShippingAddress } from '@makhana/domain/orders';
import type { AddressFields } from '../../api/add-address';

/**
 * The checkout form's fields, as the shopper types them (the schema cleans them on submit): the
 * order's shipping address without the country, which is always India.
 */
export type CheckoutFields = Omit<ShippingAddress, 'country'>;

export const FIELD_NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'pincode',
] as const satisfies readonly (keyof CheckoutFields)[];

/** The signed-in customer's own details start the form; the address part starts empty. */
export function fieldsFromUser(
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'phoneNumber'> | null,
): CheckoutFields {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phoneNumber ?? '',
    address: '',
    city: '',
    state: '',
    pincode: '',
  };
}

/** A saved address's street, locality and landmark as the checkout's one address line. */
function addressLine(address: Address): string {
  return [address.street, address.locality, address.landmark]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * A saved address fills the form: its name splits into first name and the rest, and street,
 * locality and landmark make the address line. What the address lacks keeps the form's value,
 * else the customer's own (an address saved without an e-mail still gets one).
 */
export function fieldsFromAddress(
  address: Address,
  current: CheckoutFields,
  own: CheckoutFields = current,
): CheckoutFields {
  const [first = '', ...rest] = address.name.trim().split(/\s+/);
  return {
    firstName: first || current.firstName || own.firstName,
    lastName: rest.join(' ') || current.lastName || own.lastName,
    email: address.email?.trim() || current.email || own.email,
    phone: address.phoneNumber || current.phone || own.phone,
    address: addressLine(address),
    city: address.city,
    state: address.state,
    pincode: address.pincode,
  };
}

/** The checkout's address as the customer's saved addresses keep it: a home address in India. */
export function addressFromFields(fields: CheckoutFields): AddressFields {
  return {
    name: `${fields.firstName} ${fields.lastName}`.trim(),
    street: fields.address,
    city: fields.city,
    state: fields.state,
    country: 'India',
    pincode: fields.pincode,
    phoneNumber: fields.phone,
    alternateNumber: '',
    landmark: '',
    email: fields.email,
    locality: '',
    label: 'Home',
  };
}

const sameWords = (a: string, b: string) =>
  a.trim().toLowerCase().split(/\s+/).join(' ') === b.trim().toLowerCase().split(/\s+/).join(' ');

/**
 * Whether the customer has this address saved already (a picked one, or the same typed again):
 * the same name, street line, city and pincode, whatever the case and spacing.
 */
export function isSavedAlready(fields: CheckoutFields, saved: readonly Address[]): boolean {
  const wanted = addressFromFields(fields);
  return saved.some(
    (address) =>
      address.pincode === wanted.pincode &&
      sameWords(address.name, wanted.name) &&
      sameWords(address.city, wanted.city) &&
      sameWords(addressLine(address), wanted.street),
  );
}
