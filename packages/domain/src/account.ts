/**
 * The account shapes the API sends and the storefront reads. Types only, taken from the API's
 * contracts: the API builds them from its rows, the web app stores them as they arrive.
 */
import type { z } from 'zod';
import type { addressLabelShape, addressShape, genderShape, userShape } from './contracts/accounts';

export type Gender = z.infer<typeof genderShape>;
export type User = z.infer<typeof userShape>;
export type AddressLabel = z.infer<typeof addressLabelShape>;
export type Address = z.infer<typeof addressShape>;
