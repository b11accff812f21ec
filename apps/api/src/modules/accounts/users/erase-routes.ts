import { erasedCustomerShape } from '@makhana/domain/contracts/owner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import { eraseCustomer } from './erase';

export const CUSTOMER_ERASED = 'Customer deleted';

// Not checked as uuids here: any other id answers the same 404 as a missing row.
const userParams = z.object({ userId: z.string().max(100, 'User id is too long') });

/** The owner erases a customer (docs/decisions/017-erasing-a-customer.md). */
export const customerErasureRoutes: FastifyPluginAsyncZod<{
  db: Database;
  privateDir: string;
}> = async (app, { db, privateDir }) => {
  app.post(
    '/deleteUser/:userId',
    {
      config: { realm: 'owner', freshProof: true },
      schema: {
        summary: 'Erase a customer',
        description:
          'Deletes the account, its addresses, sessions and one-time codes; its access tokens stop working at once. Orders stay for the books, named "Deleted customer" with no contact (city, state, pincode and country stay); reviews stay without a name; complaints lose their invoices; the gateway webhook records of its payments lose the payer\'s contact, UPI address and card holder. The same e-mail can register again as a new customer.',
        tags: ['accounts'],
        params: userParams,
        response: answers(erasedCustomerShape),
      },
    },
    async (request) =>
      success(
        await eraseCustomer({ db, privateDir, sessions: app.auth.sessions }, request.params.userId),
        CUSTOMER_ERASED,
      ),
  );
};
