import { pricedCartShape } from '@makhana/domain/contracts/checkout';
import { discountShape } from '@makhana/domain/contracts/owner';
import { discountCodeSchema, discountSchema } from '@makhana/domain/discounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import { cartLinesSchema, priceWithCode } from '../orders/checkout';
import type { OrdersKit } from '../orders/kit';
import {
  createDiscount,
  DISCOUNT_APPLIED,
  DISCOUNT_SAVED,
  DISCOUNTS_FETCHED,
  listDiscounts,
  updateDiscount,
} from './service';

/** The owner's Discounts tab: `GET`/`POST /admins/discounts`, `POST /admins/discounts/{id}`. */
export const discountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/discounts',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'Every discount code, newest first, with its uses and the revenue it brought',
        operationId: 'listDiscounts',
        tags: ['checkout'],
        response: answers(z.array(discountShape)),
      },
    },
    async () => success(await listDiscounts(db), DISCOUNTS_FETCHED),
  );

  app.post(
    '/discounts',
    {
      config: { realm: 'owner' },
      schema: {
        summary:
          "Make a discount code: percent off, an amount off (rupees) or free shipping, from `startsAt` to `endsAt` (a form's date and time is India's), with its limits",
        operationId: 'createDiscount',
        tags: ['checkout'],
        body: discountSchema,
        response: answers(discountShape, [409]),
      },
    },
    async (request) => success(await createDiscount(db, request.body), DISCOUNT_SAVED),
  );

  app.post(
    '/discounts/:id',
    {
      config: { realm: 'owner' },
      schema: {
        summary:
          'Change a discount code, or switch it off (`active: false`); once used, only its end, its limits and `active` may change',
        operationId: 'updateDiscount',
        tags: ['checkout'],
        params: z.object({ id: z.string() }),
        body: discountSchema,
        response: answers(discountShape, [404, 409]),
      },
    },
    async (request) =>
      success(await updateDiscount(db, request.params.id, request.body), DISCOUNT_SAVED),
  );
};

const applySchema = z.object({ code: discountCodeSchema, items: cartLinesSchema });

/** `POST /orders/apply-discount`: the cart priced with a code, before Place Order. */
export const applyDiscountRoutes: FastifyPluginAsyncZod<{ orders: OrdersKit }> = async (
  app,
  { orders },
) => {
  app.post(
    '/apply-discount',
    {
      config: { realm: 'customer' },
      schema: {
        summary:
          'The cart priced with a discount code, as Place Order will price it; 400 for a code that is not one, 409 with the reason it cannot be used (expired, not yet started, the minimum, its limits, a first order only, other products)',
        tags: ['checkout'],
        body: applySchema,
        response: answers(pricedCartShape, [409]),
      },
    },
    async (request) =>
      success(
        await priceWithCode(orders.context, request.auth.subjectId, request.body),
        DISCOUNT_APPLIED,
      ),
  );
};
