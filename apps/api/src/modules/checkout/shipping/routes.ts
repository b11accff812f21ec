import { orderShape } from '@makhana/domain/contracts/checkout';
import { apiFailureShape } from '@makhana/domain/contracts/envelope';
import { pickupSchema } from '@makhana/domain/pickup';
import { SHIPPING_MESSAGES } from '@makhana/domain/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '../../../lib/envelope';
import { sendDownload } from '../../../lib/file-answer';
import { answers } from '../../../plugins/route-contracts';
import type { OrdersKit } from '../orders/kit';
import { shipOrder } from './booking';
import { packingSlips, requestPickup, SLIPS_MAX } from './paperwork';

/** A uuid and a comma each. */
const IDS_MAX_LENGTH = SLIPS_MAX * 37;

const slipIdsShape = z.object({
  ids: z
    .string({ error: SHIPPING_MESSAGES.slipIds })
    .min(1, SHIPPING_MESSAGES.slipIds)
    .max(IDS_MAX_LENGTH, `Print at most ${SLIPS_MAX} packing slips at a time`)
    .transform((ids) => ids.split(',').filter(Boolean))
    .meta({ description: 'order ids, comma-separated' }),
});

const courierShape = z
  .object({
    provider: z.enum(['manual', 'simulated', 'delhivery']).meta({
      description: 'manual: no courier, the owner types the tracking',
    }),
    name: z.string().nullable().meta({ description: "the courier's name; null for manual" }),
  })
  .meta({ id: 'Courier' });

const pickupShape = z
  .object({ pickupId: z.string(), date: z.string(), packages: z.int() })
  .meta({ id: 'Pickup' });

/** The owner ships through the courier (decision 039): bookings, packing slips, pickups. */
export const shippingRoutes: FastifyPluginAsyncZod<{ orders: OrdersKit }> = async (
  app,
  { orders },
) => {
  app.get(
    '/courier',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'The courier orders are booked with, if any',
        tags: ['shipping'],
        response: answers(courierShape),
      },
    },
    async () => {
      const courier = orders.context.courier;
      const provider: 'manual' | 'simulated' | 'delhivery' = courier?.kind ?? 'manual';
      return success({ provider, name: courier?.name ?? null }, 'Courier');
    },
  );

  app.post(
    '/ship/:orderId',
    {
      config: { realm: 'owner' },
      schema: {
        summary:
          'Book a paid, confirmed order with the courier: it becomes Shipped with the waybill as its tracking number. Repeat-safe: a booked order answers as it is, and a retry after a lost answer looks the booking up before booking again. 409 names the courier’s refusal, 503 says it could not be reached',
        tags: ['shipping'],
        params: z.object({ orderId: z.string() }),
        response: answers(orderShape, [404, 409, 503]),
      },
    },
    async (request) => {
      const order = await shipOrder(orders.context, request.auth.subjectId, request.params.orderId);
      return success(order, SHIPPING_MESSAGES.booked(order.shipment?.waybill ?? ''));
    },
  );

  app.get(
    '/packing-slips',
    {
      config: { realm: 'owner' },
      schema: {
        summary:
          'One PDF with the packing slip of each of the given orders booked with the courier, in that order',
        tags: ['shipping'],
        querystring: slipIdsShape,
        response: {
          200: {
            description: 'The packing slips, one page each',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          default: apiFailureShape,
        },
      },
    },
    async (request, reply) => {
      const pdf = await packingSlips(orders.context, request.query.ids);
      return sendDownload(reply, {
        contentType: 'application/pdf',
        name: 'packing-slips.pdf',
        body: pdf,
      });
    },
  );

  app.post(
    '/pickup',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "Ask the courier to collect parcels at the shop's warehouse on a date",
        tags: ['shipping'],
        body: pickupSchema,
        response: answers(pickupShape, [409, 503]),
      },
    },
    async (request) => {
      const pickup = await requestPickup(orders.context, request.auth.subjectId, request.body);
      return success(pickup, SHIPPING_MESSAGES.pickupBooked(pickup.date, pickup.pickupId));
    },
  );
};
