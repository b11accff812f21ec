import { CUSTOMER_DETAILS_LIMIT, type CustomerDetails } from '@makhana/domain/contracts/owner';
import type { Database } from '../../../db/client';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { reviewsByAuthor } from '../../catalogue';
import { recentOrdersOf } from '../../checkout';
import { messagesFrom } from '../../support';
import { CUSTOMER_NOT_FOUND } from './erase';
import { customersIn, listAddresses } from './service';

/**
 * Everything the owner's page of one customer shows: the account and its addresses from here,
 * their orders, reviews and support messages from the modules that own them.
 */
export async function customerDetails(db: Database, userId: string): Promise<CustomerDetails> {
  // Any other text names no account, and would make PostgreSQL refuse some bytes (NUL) instead.
  if (!isUuid(userId)) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const [customer] = await customersIn(db, [userId]);
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const [addresses, orders, reviews, messages] = await Promise.all([
    listAddresses(db, userId),
    recentOrdersOf(db, userId, CUSTOMER_DETAILS_LIMIT),
    reviewsByAuthor(db, userId, CUSTOMER_DETAILS_LIMIT),
    messagesFrom(db, { userId, email: customer.email }, CUSTOMER_DETAILS_LIMIT),
  ]);
  return { customer, addresses, orders, reviews, messages };
}
