/**
 * Returns (the shop's policy: within 14 days of delivery, in India's calendar): which orders can
 * be returned and until when, which units are still the customer's to send back, and the
 * request's and the owner's decision's fields with their messages. The order page and the server
 * decide with the same rules.
 */
import { z } from 'zod';
import { POLICY } from './constants';
import { INDIA_OFFSET_MS } from './india-time';
import { namedLineFields, namesOneLine } from './order-lines';
import { type OrderStatus, type PaymentStatus, wasDelivered } from './order-state';

export const RETURN_REASONS = ['Damaged', 'Wrong item', 'Quality', 'Other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A return's steps: asked for, then approved or rejected; an approved parcel received, then refunded. */
export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** The steps still waiting for the owner: the Orders tab's "Open returns". */
export const OPEN_RETURN_STATES = [
  'requested',
  'approved',
  'received',
] as const satisfies readonly ReturnState[];

export const RETURN_PHOTOS_MAX = 3;
export const RETURN_NOTE_MAX = 1000;
export const RETURN_DECISION_NOTE_MAX = 500;

const WITHIN = `Returns are accepted within ${POLICY.returnWindowDays} days of delivery`;

export const RETURN_MESSAGES = {
  requested: 'Return requested. We will reply by e-mail within 48 hours.',
  notDelivered: 'Only a delivered order can be returned.',
  windowPassed: `${WITHIN}, and that time has passed.`,
  nothingLeft: 'Every item of this order is returned or refunded already.',
  tooManyUnits: (name: string, left: number) =>
    left === 0
      ? `${name} is returned or refunded already.`
      : `Only ${left} unit${left === 1 ? '' : 's'} of ${name} can be returned.`,
  unknownLine: 'That item is not part of this order.',
  sameLineTwice: 'Each item can be chosen once.',
  noLines: 'Choose at least one item to return.',
  quantity: 'Choose how many to return: at least 1.',
  reason: 'Please choose why you are returning these items',
  photos: `Attach at most ${RETURN_PHOTOS_MAX} photos`,
  notFound: 'This order has no such return.',
  photoNotFound: 'Photo not found',
  approved: 'Return approved; the customer is asked to send the parcel.',
  rejected: 'Return rejected; the customer is told why.',
  rejectNote: 'Please say why the return is rejected',
  decision: 'Choose a decision: approve, reject or received',
  whichReturn: 'This order has more than one return waiting for that step: name it with returnId.',
  received: 'Parcel marked as received.',
  notRequested: 'This return was decided already.',
  notApproved: 'Only an approved return can be marked as received.',
  notReceived: 'Refund the return once its parcel is received.',
  refunded: (amount: string) => `Return refunded: ${amount} goes back to the customer.`,
} as const;

/** The fields of an order the rule reads. */
export interface ReturnableOrder {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

const DAY_MS = 86_400_000;

/**
 * The instant the return window closes: the end of the 14th day after the delivery's day, in
 * India's calendar. Delivered at 11 pm on the 10th, the 24th is the last day; the 25th is too late.
 */
export function returnDeadline(deliveredAt: Date | string): Date {
  const local = new Date(deliveredAt).getTime() + INDIA_OFFSET_MS;
  const deliveryDay = Math.floor(local / DAY_MS) * DAY_MS;
  return new Date(deliveryDay + (POLICY.returnWindowDays + 1) * DAY_MS - INDIA_OFFSET_MS);
}

/**
 * Why the customer cannot ask to return the order at `now`, in the words the page and the API's
 * 409 show; null when they can: a delivered, paid order within its window.
 */
export function returnRefusal(
  order: ReturnableOrder,
  deliveredAt: Date | string | null,
  now: Date,
): string | null {
  if (!wasDelivered(order.status) || !deliveredAt || order.paymentStatus !== 'completed') {
    return wasDelivered(order.status) && order.paymentStatus === 'refunded'
      ? RETURN_MESSAGES.nothingLeft
      : RETURN_MESSAGES.notDelivered;
  }
  return now.getTime() < returnDeadline(deliveredAt).getTime()
    ? null
    : RETURN_MESSAGES.windowPassed;
}

/** A line of the order as a return reads it: its units, and those no longer the customer's to send. */
export interface ReturnableLine {
  id: string;
  name: string;
  quantity: number;
  /** units refunded already, or in a return that is not rejected */
  spoken: number;
}

/** A request's lines checked against what can still be returned; throws with the message. */
export class ReturnRefused extends Error {
  constructor(
    message: string,
    /** the request is well formed but asks for more than is left */
    readonly exceedsWhatIsLeft = false,
  ) {
    super(message);
    this.name = 'ReturnRefused';
  }
}

export function checkReturnLines(
  lines: readonly ReturnableLine[],
  asked: readonly { item: string; quantity: number }[],
): void {
  if (asked.length === 0) throw new ReturnRefused(RETURN_MESSAGES.noLines);
  const seen = new Set<string>();
  for (const { item, quantity } of asked) {
    const line = lines.find((candidate) => candidate.id === item);
    if (!line) throw new ReturnRefused(RETURN_MESSAGES.unknownLine);
    if (seen.has(item)) throw new ReturnRefused(RETURN_MESSAGES.sameLineTwice);
    seen.add(item);
    const left = Math.max(line.quantity - line.spoken, 0);
    if (quantity > left) {
      throw new ReturnRefused(RETURN_MESSAGES.tooManyUnits(line.name, left), true);
    }
  }
}

const returnLineSchema = z
  .object({
    ...namedLineFields(RETURN_MESSAGES.unknownLine),
    quantity: z
      .number({ error: RETURN_MESSAGES.quantity })
      .int(RETURN_MESSAGES.quantity)
      .min(1, RETURN_MESSAGES.quantity)
      .max(10_000, RETURN_MESSAGES.quantity),
  })
  .refine(namesOneLine, { message: RETURN_MESSAGES.unknownLine, path: ['item'] });

/** The customer's request: the lines and units, a reason from the list, and what happened. */
export const returnRequestSchema = z.object({
  lines: z
    .array(returnLineSchema, { error: RETURN_MESSAGES.noLines })
    .min(1, RETURN_MESSAGES.noLines)
    .max(100, RETURN_MESSAGES.noLines),
  reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
  note: z
    .string()
    .max(RETURN_NOTE_MAX, {
      message: `Must be at most ${RETURN_NOTE_MAX} characters`,
      abort: true,
    })
    .trim()
    .optional(),
});
export type ReturnRequestInput = z.infer<typeof returnRequestSchema>;

/** What the owner decides of a return: approve or reject a requested one; an approved one received (and so refunded). */
export const RETURN_DECISIONS = ['approve', 'reject', 'received'] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

/**
 * The owner's decision on a return, named by `returnId` (or, without it, the order's one return
 * waiting for that step): approve, or reject saying why; `decision: "received"` marks an approved
 * return's parcel back and refunds it (`restock`: its units back on the shelf, the default).
 * `approve: true | false` is the same as `decision: "approve" | "reject"`.
 */
export const returnDecisionSchema = z
  .object({
    returnId: z.string().max(100).optional(),
    approve: z.boolean().optional(),
    decision: z.enum(RETURN_DECISIONS, { error: RETURN_MESSAGES.decision }).optional(),
    note: z
      .string()
      .max(RETURN_DECISION_NOTE_MAX, {
        message: `Must be at most ${RETURN_DECISION_NOTE_MAX} characters`,
        abort: true,
      })
      .trim()
      .optional(),
    restock: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.approve === undefined) === (body.decision === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['decision'], message: RETURN_MESSAGES.decision });
      return;
    }
    if (decisionOf(body) === 'reject' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: RETURN_MESSAGES.rejectNote });
    }
  });
export type ReturnDecisionInput = z.infer<typeof returnDecisionSchema>;

/** The decision a checked body makes, whichever way it said it. */
export function decisionOf(
  body: Pick<ReturnDecisionInput, 'approve' | 'decision'>,
): ReturnDecision {
  return body.decision ?? (body.approve ? 'approve' : 'reject');
}

/** The owner's next step on a return: its parcel received, or its refund. */
export const returnStepSchema = z.object({
  returnId: z.string().max(100),
  /** the refund only: put the returned units back on the shelf */
  restock: z.boolean().optional(),
});
export type ReturnStepInput = z.infer<typeof returnStepSchema>;
