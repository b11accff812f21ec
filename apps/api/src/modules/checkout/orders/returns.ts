/**
 * Returns of delivered orders (decision 037), step by step on the locked order: the customer asks
 * (lines, units, a reason, up to three photos), the owner approves or rejects with a note, marks
 * the parcel received, then refunds exactly its lines through the order's refunds. Each step is a
 * note in the order's history and a mail to the customer, as the `return.*` consequences.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatRupees, paiseToRupees } from '@makhana/domain/money';
import { byLineId } from '@makhana/domain/order-lines';
import {
  checkReturnLines,
  decisionOf,
  OPEN_RETURN_STATES,
  RETURN_MESSAGES,
  type ReturnDecisionInput,
  ReturnRefused,
  type ReturnRequestInput,
  type ReturnState,
  returnRefusal,
} from '@makhana/domain/returns';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { orderItems, orderStatusEvents, orders, refunds, returnRequests } from '../../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { consequencesOf } from './consequences';
import type { OrderContext } from './context';
import { ALREADY_REFUNDED, makeRefund, type RefundOutcome } from './refunds';
import { lineLabel, ORDER_NOT_FOUND, orderView, type ReturnRow } from './service';
import {
  type LockedOrder,
  lockOrder,
  type MoveBy,
  queueConsequences,
  returnStepInTx,
} from './state-changes';

/** Where a return's photos are kept: DATA_DIR/private/returns. */
const PHOTO_FOLDER = 'returns';

/** The stored photo of a return, by its place (0, 1, 2), as a path under DATA_DIR/private. */
export function returnPhotoPath(ctx: OrderContext, stored: string): string {
  return path.join(ctx.settings.privateDir, stored);
}

/** When the order was delivered, as its history says; null before. */
async function deliveredAt(tx: Transaction, orderId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: orderStatusEvents.createdAt })
    .from(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.event, 'delivered')))
    .orderBy(desc(orderStatusEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Each line's units no longer the customer's to send back: refunded (by a refund not failed) or
 * in a return that is neither rejected nor refunded (a refunded return's units are in its refund).
 */
async function spokenFor(tx: Transaction, orderId: string): Promise<Map<string, number>> {
  const spoken = new Map<string, number>();
  const add = (item: string, quantity: number) =>
    spoken.set(item, (spoken.get(item) ?? 0) + quantity);
  const made = await tx
    .select({ parts: refunds.parts })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.state, 'refused')));
  for (const { parts } of made) for (const part of parts) add(part.item, part.quantity);
  const open = await tx
    .select({ lines: returnRequests.lines })
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.orderId, orderId),
        inArray(returnRequests.state, [...OPEN_RETURN_STATES]),
      ),
    );
  for (const { lines } of open) for (const line of lines) add(line.item, line.quantity);
  return spoken;
}

/** Writes the photos (WebP, checked and encoded already) under DATA_DIR/private/returns. */
async function keepPhotos(ctx: OrderContext, photos: Buffer[]): Promise<string[]> {
  const folder = path.join(ctx.settings.privateDir, PHOTO_FOLDER);
  await mkdir(folder, { recursive: true });
  const kept: string[] = [];
  for (const photo of photos) {
    const name = `${randomUUID()}.webp`;
    const temporary = path.join(folder, `.${name}.tmp`);
    await writeFile(temporary, photo);
    await rename(temporary, path.join(folder, name));
    kept.push(`${PHOTO_FOLDER}/${name}`);
  }
  return kept;
}

/** The customer's own order, or the 404 anyone else's gets: checked before a form is read. */
export async function assertOwnOrder(
  ctx: OrderContext,
  userId: string,
  orderId: string,
): Promise<void> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
}

/**
 * The customer asks to return units of their delivered order within 14 days of its delivery. A
 * refusal is a 409 in the order page's words; lines that are not the order's a 400. The photos
 * are kept only once the request is.
 */
export async function requestReturn(
  ctx: OrderContext,
  userId: string,
  orderId: string,
  input: ReturnRequestInput,
  photos: Buffer[],
  now = new Date(),
): Promise<RefundOutcome> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  const kept = await keepPhotos(ctx, photos);
  try {
    await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, { id: orderId, userId });
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      const refused = returnRefusal(order, await deliveredAt(tx, order.id), now);
      if (refused) throw new ConflictError(refused);
      const items = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.position), asc(orderItems.id));
      const spoken = await spokenFor(tx, order.id);
      const asked = byLineId(input.lines, items);
      try {
        checkReturnLines(
          items.map((item) => ({
            id: item.id,
            name: lineLabel(item),
            quantity: item.quantity,
            spoken: spoken.get(item.id) ?? 0,
          })),
          asked,
        );
      } catch (error) {
        if (!(error instanceof ReturnRefused)) throw error;
        const fault = [{ field: 'lines', message: error.message }];
        throw error.exceedsWhatIsLeft
          ? new ConflictError(error.message, fault)
          : new BadRequestError(`lines: ${error.message}`, fault);
      }
      const [request] = await tx
        .insert(returnRequests)
        .values({
          orderId: order.id,
          lines: asked.map(({ item, quantity }) => ({ item, quantity })),
          reason: input.reason,
          note: input.note || null,
          photos: kept,
        })
        .returning({ id: returnRequests.id });
      await step(tx, order, request!.id, {
        event: 'return_requested',
        actor: { by: 'customer', id: userId },
        note: input.reason,
      });
    });
  } catch (error) {
    await Promise.all(kept.map((stored) => rm(returnPhotoPath(ctx, stored), { force: true })));
    throw error;
  }
  return { order: await orderView(ctx.db, orderId), message: RETURN_MESSAGES.requested };
}

type ReturnMove = 'return_requested' | 'return_approved' | 'return_rejected' | 'return_received';

/** The state each step of the history leaves the return in. */
const STEP_OF: Record<ReturnMove, ReturnState> = {
  return_requested: 'requested',
  return_approved: 'approved',
  return_rejected: 'rejected',
  return_received: 'received',
};

/** A return's step: the order's status and history, and its consequences after the commit. */
async function step(
  tx: Transaction,
  order: LockedOrder,
  returnId: string,
  note: { event: ReturnMove; actor: MoveBy; note?: string | null },
): Promise<void> {
  await returnStepInTx(tx, order, note);
  const topic = note.event === 'return_requested' ? 'return.requested' : 'return.moved';
  await queueConsequences(
    tx,
    consequencesOf(topic, order.id, { payload: { returnId, step: STEP_OF[note.event] } }),
  );
}

/** The order's return, locked with it; 404 when the order has no such return. */
async function lockReturn(
  tx: Transaction,
  orderId: string,
  returnId: string,
): Promise<{ order: LockedOrder; request: ReturnRow }> {
  const order = isUuid(orderId) ? await lockOrder(tx, { id: orderId }) : null;
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const [request] = isUuid(returnId)
    ? await tx
        .select()
        .from(returnRequests)
        .where(and(eq(returnRequests.id, returnId), eq(returnRequests.orderId, order.id)))
    : [];
  if (!request) throw new NotFoundError(RETURN_MESSAGES.notFound);
  return { order, request };
}

/** Moves a return from `from` to `to` with its step, or refuses with `refusal`. */
async function moveReturn(
  ctx: OrderContext,
  orderId: string,
  returnId: string,
  move: {
    from: ReturnState;
    to: ReturnState;
    refusal: string;
    event: Exclude<ReturnMove, 'return_requested'>;
    actor: MoveBy;
    note?: string | null;
    message: string;
  },
): Promise<RefundOutcome> {
  await ctx.db.transaction(async (tx) => {
    const { order, request } = await lockReturn(tx, orderId, returnId);
    if (request.state !== move.from) throw new ConflictError(move.refusal);
    const now = new Date();
    await tx
      .update(returnRequests)
      .set(
        move.to === 'received'
          ? { state: move.to, receivedAt: now }
          : { state: move.to, decidedAt: now, decisionNote: move.note ?? null },
      )
      .where(eq(returnRequests.id, request.id));
    await step(tx, order, request.id, { event: move.event, actor: move.actor, note: move.note });
  });
  return { order: await orderView(ctx.db, orderId), message: move.message };
}

/**
 * The return a decision without `returnId` is about: the order's one return waiting for that
 * step. None waiting is the 409 a return decided already gets (404 when the order has no return);
 * two or more is a 409 asking for its id.
 */
async function waitingReturn(
  ctx: OrderContext,
  orderId: string,
  waiting: readonly ReturnState[],
  refusal: string,
): Promise<string> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  const requests = await ctx.db
    .select({ id: returnRequests.id, state: returnRequests.state })
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId));
  const found = requests.filter((request) => waiting.includes(request.state));
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1) throw new ConflictError(RETURN_MESSAGES.whichReturn);
  if (requests.length === 0) throw new NotFoundError(RETURN_MESSAGES.notFound);
  throw new ConflictError(refusal);
}

/**
 * The owner decides a return: approves a requested one (the customer is asked to send it),
 * rejects it saying why, or, for `received`, marks an approved one's parcel back and refunds it
 * (a received one not yet refunded is refunded).
 */
export async function decideReturn(
  ctx: OrderContext,
  ownerId: string,
  orderId: string,
  input: ReturnDecisionInput,
): Promise<RefundOutcome> {
  const decision = decisionOf(input);
  if (decision === 'received') {
    const returnId =
      input.returnId ??
      (await waitingReturn(ctx, orderId, ['approved', 'received'], RETURN_MESSAGES.notApproved));
    const state = await ctx.db.transaction(
      async (tx) => (await lockReturn(tx, orderId, returnId)).request.state,
    );
    if (state === 'approved') await receiveReturn(ctx, ownerId, orderId, returnId);
    else if (state !== 'received') throw new ConflictError(RETURN_MESSAGES.notApproved);
    return refundReturn(ctx, ownerId, orderId, returnId, input.restock ?? true);
  }
  const returnId =
    input.returnId ??
    (await waitingReturn(ctx, orderId, ['requested'], RETURN_MESSAGES.notRequested));
  const approve = decision === 'approve';
  return moveReturn(ctx, orderId, returnId, {
    from: 'requested',
    to: approve ? 'approved' : 'rejected',
    refusal: RETURN_MESSAGES.notRequested,
    event: approve ? 'return_approved' : 'return_rejected',
    actor: { by: 'owner', id: ownerId },
    note: input.note || null,
    message: approve ? RETURN_MESSAGES.approved : RETURN_MESSAGES.rejected,
  });
}

/** The owner has the approved return's parcel back. */
export function receiveReturn(
  ctx: OrderContext,
  ownerId: string,
  orderId: string,
  returnId: string,
): Promise<RefundOutcome> {
  return moveReturn(ctx, orderId, returnId, {
    from: 'approved',
    to: 'received',
    refusal: RETURN_MESSAGES.notApproved,
    event: 'return_received',
    actor: { by: 'owner', id: ownerId },
    message: RETURN_MESSAGES.received,
  });
}

/**
 * Refunds exactly a received return's units (the shipping too when nothing else of the order is
 * left), through the order's refunds: its credit note and mail are the refund's. The return is
 * marked refunded in the refund's own transaction. `restock` puts the units back on the shelf.
 */
export async function refundReturn(
  ctx: OrderContext,
  ownerId: string,
  orderId: string,
  returnId: string,
  restock: boolean,
): Promise<RefundOutcome> {
  const request = await ctx.db.transaction(
    async (tx) => (await lockReturn(tx, orderId, returnId)).request,
  );
  if (request.state !== 'received') throw new ConflictError(RETURN_MESSAGES.notReceived);
  const made = await makeRefund(ctx, {
    orderId,
    actor: { by: 'owner', id: ownerId },
    reason: `Return: ${request.reason}`,
    asked: { lines: request.lines.map((line) => ({ ...line, restock })) },
    returnId: request.id,
  });
  return {
    order: await orderView(ctx.db, orderId),
    message:
      made.kind === 'made'
        ? RETURN_MESSAGES.refunded(formatRupees(paiseToRupees(made.refund.amountPaise)))
        : ALREADY_REFUNDED,
  };
}

/** A photo's place in its return, as the route names it: 0, 1 or 2. */
const PHOTO_PLACE = /^[0-9]$/;

/** A stored photo's path as this module writes it: nothing else is ever opened or deleted. */
export const STORED_RETURN_PHOTO = /^returns\/[0-9a-f-]{36}\.webp$/;

/**
 * A return's photo for the order's customer (`userId`) or the owner (null): its bytes as a
 * stream. Someone else's, a missing one or a place past the photos is a 404, all alike.
 */
export async function openReturnPhoto(
  ctx: OrderContext,
  returnId: string,
  place: string,
  viewer: { userId: string | null },
): Promise<{ stream: NodeJS.ReadableStream; size: number }> {
  if (!isUuid(returnId) || place.length !== 1 || !PHOTO_PLACE.test(place)) {
    throw new NotFoundError(RETURN_MESSAGES.photoNotFound);
  }
  const [row] = await ctx.db
    .select({ photos: returnRequests.photos, userId: orders.userId })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, returnId));
  const stored = row?.photos[Number(place)];
  const allowed = row && (viewer.userId === null || row.userId === viewer.userId);
  if (!allowed || !stored || !STORED_RETURN_PHOTO.test(stored)) {
    throw new NotFoundError(RETURN_MESSAGES.photoNotFound);
  }
  const file = returnPhotoPath(ctx, stored);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new NotFoundError(RETURN_MESSAGES.photoNotFound);
  return { stream: createReadStream(file), size: found.size };
}
