/** The owner's paperwork with the courier: the packing slips of booked parcels, and pickups. */
import type { PickupRequest } from '@makhana/domain/pickup';
import { SHIPPING_MESSAGES } from '@makhana/domain/shipping';
import { and, eq, inArray } from 'drizzle-orm';
import {
  type Courier,
  CourierRateLimitedError,
  CourierRefusedError,
  type PackingSlip,
} from '../../../adapters/courier/courier';
import { orders, pickups, shipments } from '../../../db/schema';
import { ConflictError, ServiceUnavailableError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { OrderContext } from '../orders/context';
import { sellerOf, shipmentRequestOf } from './booking';

/** At most this many slips in one PDF: a day's packing, and a bounded piece of work. */
export const SLIPS_MAX = 100;

function courierOf(ctx: OrderContext): Courier {
  if (!ctx.courier) throw new ConflictError(SHIPPING_MESSAGES.noCourier);
  return ctx.courier;
}

/** The courier's no as a 409 with its reason, its silence as a 503; anything else as it is. */
function courierFailure(ctx: OrderContext, error: unknown, what: string): never {
  if (error instanceof CourierRefusedError) throw new ConflictError(error.message);
  if (error instanceof Error && error.name.startsWith('Courier')) {
    ctx.log.warn({ err: error }, `courier ${what} failed`);
    throw new ServiceUnavailableError(
      error instanceof CourierRateLimitedError
        ? SHIPPING_MESSAGES.courierLimited
        : SHIPPING_MESSAGES.courierDown,
    );
  }
  throw error;
}

/**
 * One PDF with a packing slip for each of the given orders booked with the courier, in the order
 * given; orders not booked are left out, and none booked is a 409.
 */
export async function packingSlips(ctx: OrderContext, ids: string[]): Promise<Buffer> {
  const courier = courierOf(ctx);
  const wanted = ids.filter(isUuid);
  const rows =
    wanted.length === 0
      ? []
      : await ctx.db
          .select({ order: orders, waybill: shipments.waybill })
          .from(shipments)
          .innerJoin(orders, eq(orders.id, shipments.orderId))
          .where(
            and(
              inArray(shipments.orderId, wanted),
              eq(shipments.state, 'booked'),
              eq(shipments.courier, courier.kind),
            ),
          );
  if (rows.length === 0) throw new ConflictError(SHIPPING_MESSAGES.noSlips);
  rows.sort((a, b) => wanted.indexOf(a.order.id) - wanted.indexOf(b.order.id));
  const seller = await sellerOf(ctx);
  const slips: PackingSlip[] = [];
  for (const { order, waybill } of rows) {
    slips.push({
      ...(await shipmentRequestOf(ctx.db, order, seller)),
      waybill: waybill ?? '',
      courierName: courier.name,
    });
  }
  try {
    return await courier.packingSlips(slips);
  } catch (error) {
    return courierFailure(ctx, error, 'packing slips');
  }
}

export interface BookedPickup {
  pickupId: string;
  date: string;
  packages: number;
}

/** Asks the courier to collect `packages` parcels on `date`, and keeps the request. */
export async function requestPickup(
  ctx: OrderContext,
  ownerId: string,
  request: PickupRequest,
): Promise<BookedPickup> {
  const courier = courierOf(ctx);
  let pickupId: string;
  try {
    ({ pickupId } = await courier.requestPickup(request));
  } catch (error) {
    return courierFailure(ctx, error, 'pickup');
  }
  await ctx.db.insert(pickups).values({
    courier: courier.kind,
    pickupDate: request.date,
    packages: request.packages,
    courierPickupId: pickupId,
    ownerId,
  });
  return { pickupId, date: request.date, packages: request.packages };
}
