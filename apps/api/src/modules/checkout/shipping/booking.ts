/**
 * Booking an order with the courier (decision 039). The courier is asked outside any transaction
 * (it may take seconds), so an attempt is claimed first: the order's shipment row says `booking`,
 * and a second attempt meanwhile is refused. An attempt whose answer was lost (a timeout, a
 * crash) leaves the row `uncertain`, and the next one asks the courier for the order's reference
 * before booking again: a retry never books twice. Only a booking that succeeded moves the order
 * to Shipped, with the waybill as its tracking number.
 */
import { isToShip } from '@makhana/domain/order-state';
import { PACKAGING_GRAMS, parcelBox, SHIPPING_MESSAGES } from '@makhana/domain/shipping';
import { eq, sql } from 'drizzle-orm';
import {
  type Booking,
  type Courier,
  CourierRateLimitedError,
  CourierRefusedError,
  type ShipmentRequest,
} from '../../../adapters/courier/courier';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/raw';
import { shipments } from '../../../db/schema';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { ownerShopSettings } from '../../shop';
import type { OrderContext } from '../orders/context';
import { ORDER_NOT_FOUND, type OrderRow, type OrderView, orderView } from '../orders/service';
import { type LockedOrder, lockOrder, transition } from '../orders/state-changes';

/** How long an attempt holds its claim: longer than any courier call's timeout. */
const BOOKING_LEASE_MS = 60_000;

/** The order's lines with what each pack weighs on the scales. */
async function parcelOf(tx: Executor, orderId: string) {
  const lines = await rawRows(
    tx,
    sql`select i.name, i.variant_weight as "weight", i.quantity, i.hsn_code as "hsnCode",
          coalesce(v.shipping_grams, i.variant_weight + ${PACKAGING_GRAMS}) as "grams"
        from order_items i left join product_variants v on v.id = i.variant_id
        where i.order_id = ${orderId} order by i.position, i.id`,
  );
  return lines.map((line) => ({
    name: String(line.name),
    weight: Number(line.weight),
    quantity: Number(line.quantity),
    hsnCode: line.hsnCode === null ? null : String(line.hsnCode),
    grams: Number(line.grams),
  }));
}

type Parcel = Awaited<ReturnType<typeof parcelOf>>;

/** What the courier is told of an order: the consignee, the parcel, the seller. */
export async function shipmentRequestOf(
  db: Executor,
  order: OrderRow,
  seller: ShipmentRequest['seller'],
): Promise<ShipmentRequest> {
  return shipmentRequest(order, await parcelOf(db, order.id), seller);
}

function shipmentRequest(
  order: OrderRow,
  parcel: Parcel,
  seller: ShipmentRequest['seller'],
): ShipmentRequest {
  const address = order.shippingAddress;
  const units = parcel.reduce((sum, line) => sum + line.quantity, 0);
  return {
    reference: order.orderNumber,
    consignee: {
      name: `${address.firstName} ${address.lastName}`.trim(),
      address: address.address,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      phone: address.phone,
    },
    declaredValuePaise: order.totalAmountPaise,
    weightGrams: parcel.reduce((sum, line) => sum + line.grams * line.quantity, 0),
    box: parcelBox(units),
    contents: parcel.map((line) => `${line.name} ${line.weight} g x ${line.quantity}`).join(', '),
    units,
    hsnCode: parcel.find((line) => line.hsnCode)?.hsnCode ?? '',
    seller,
  };
}

/** The seller as the courier prints it on the slip: where a parcel it cannot deliver goes. */
export async function sellerOf(ctx: OrderContext): Promise<ShipmentRequest['seller']> {
  const shop = await ownerShopSettings(ctx.db);
  return {
    name: shop.legalName,
    address: [shop.address.street, shop.address.city, shop.address.state, shop.address.pincode]
      .filter(Boolean)
      .join(', '),
    gstin: shop.gstin,
  };
}

type Claim =
  | { kind: 'booked'; waybill: string }
  | { kind: 'book'; request: ShipmentRequest; uncertain: boolean };

/** Claims the order for one attempt, or finds it booked already. */
async function claim(
  ctx: OrderContext,
  courier: Courier,
  orderId: string,
  seller: ShipmentRequest['seller'],
): Promise<Claim> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    const [existing] = await tx
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, orderId))
      .for('update');
    if (existing?.state === 'booked' && existing.waybill) {
      return { kind: 'booked', waybill: existing.waybill };
    }
    if (!isToShip(order)) throw new ConflictError(SHIPPING_MESSAGES.notToShip);
    if (
      existing?.state === 'booking' &&
      Date.now() - existing.attemptAt.getTime() < BOOKING_LEASE_MS
    ) {
      throw new ConflictError(SHIPPING_MESSAGES.bookingInProgress);
    }
    const request = shipmentRequest(order, await parcelOf(tx, orderId), seller);
    // An attempt that never finished, or whose answer was lost, may have booked.
    const uncertain = existing ? existing.uncertain || existing.state === 'booking' : false;
    const attempt = {
      courier: courier.kind,
      reference: request.reference,
      state: 'booking' as const,
      weightGrams: request.weightGrams,
      failure: null,
      uncertain,
      attemptAt: sql`now()`,
    };
    await tx
      .insert(shipments)
      .values({ orderId, ...attempt })
      .onConflictDoUpdate({ target: shipments.orderId, set: attempt });
    return { kind: 'book', request, uncertain };
  });
}

/** Asks the courier, looking first when an earlier attempt may have booked. */
async function askCourier(courier: Courier, request: ShipmentRequest, uncertain: boolean) {
  const found = uncertain ? await courier.findBooking(request.reference) : null;
  return found ?? (await courier.book(request));
}

/** Records the courier's no, or its silence, on the shipment, and answers the owner with it. */
async function recordFailure(ctx: OrderContext, orderId: string, error: unknown): Promise<never> {
  const refused = error instanceof CourierRefusedError;
  const reason = error instanceof Error ? error.message : String(error);
  await ctx.db
    .update(shipments)
    .set({ state: refused ? 'refused' : 'failed', failure: reason, uncertain: !refused })
    .where(eq(shipments.orderId, orderId));
  if (refused) throw new ConflictError(`The courier refused this order: ${reason}`);
  ctx.log.warn({ err: error, orderId }, 'courier booking failed');
  throw new ServiceUnavailableError(
    error instanceof CourierRateLimitedError
      ? SHIPPING_MESSAGES.courierLimited
      : SHIPPING_MESSAGES.courierDown,
  );
}

/** Moves a booked order to Shipped with its waybill; one shipped already is left as it is. */
async function markShipped(
  ctx: OrderContext,
  courier: Courier,
  ownerId: string,
  orderId: string,
  booking: Booking,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, { id: orderId })) as LockedOrder;
    if (order.status !== 'Confirmed' && order.trackingNumber === booking.waybill) return;
    await transition(
      tx,
      order,
      { type: 'shipped' },
      {
        actor: { by: 'owner', id: ownerId },
        tracking: {
          trackingNumber: booking.waybill,
          trackingUrl: courier.trackingUrl(booking.waybill),
        },
        refused: SHIPPING_MESSAGES.cancelledMeanwhile(booking.waybill),
      },
    );
  });
}

/**
 * `POST /orders/ship/{orderId}`: books a paid, confirmed order with the courier and marks it
 * Shipped. Repeat-safe: a booked order answers as it is, and an uncertain attempt is looked up
 * before booking again.
 */
export async function shipOrder(
  ctx: OrderContext,
  ownerId: string,
  orderId: string,
): Promise<OrderView> {
  const courier = ctx.courier;
  if (!courier) throw new ConflictError(SHIPPING_MESSAGES.noCourier);
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  const claimed = await claim(ctx, courier, orderId, await sellerOf(ctx));
  let booking: Booking;
  if (claimed.kind === 'booked') {
    booking = { waybill: claimed.waybill };
  } else {
    try {
      booking = await askCourier(courier, claimed.request, claimed.uncertain);
    } catch (error) {
      return recordFailure(ctx, orderId, error);
    }
    // Kept before the order moves: whatever becomes of the order, the parcel is booked.
    await ctx.db
      .update(shipments)
      .set({
        state: 'booked',
        waybill: booking.waybill,
        failure: null,
        uncertain: false,
        bookedAt: sql`now()`,
        nextTrackAt: sql`now()`,
      })
      .where(eq(shipments.orderId, orderId));
  }
  await markShipped(ctx, courier, ownerId, orderId, booking);
  return orderView(ctx.db, orderId);
}
