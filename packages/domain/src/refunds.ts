/**
 * What a refund gives back, line by line. Every refund of an order (the owner's, in full or in
 * part; the customer's cancellation; later a return) is an amount spread over the order's lines
 * and its shipping: the parts. What is left of each line is its price less its parts so far, so a
 * pouch refunded ₹50 for a tear and later returned gives back only the rest, and the parts of all
 * the refunds of an order never add up to more than it cost. The owner's dialog previews a refund
 * with the same rule the server decides it with. Money in paise.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import { formatRupees, paiseToRupees, rupeesToPaise, spreadPaise } from './money';
import { byLineId, namedLineFields, namesOneLine } from './order-lines';
import { requiredText, TEXT_LIMITS } from './validation';

/** The part of a refund that gives back the shipping charge. */
export const SHIPPING_PART = 'shipping';

/** A line of the order as a refund reads it. */
export interface RefundableLine {
  /** the order line's id */
  id: string;
  quantity: number;
  unitPricePaise: number;
  /** the line's share of the order's discount code: the line cost its price less this */
  discountPaise?: number;
}

/** What one refund gives back of one line (or of the shipping). */
export interface RefundPart {
  /** the order line's id, or `shipping` */
  item: string;
  /** units given back; 0 for an amount off the price (the units stay with the customer) */
  quantity: number;
  amountPaise: number;
  /** the units go back on the shelf */
  restock: boolean;
}

/** The money of an order a refund is spread over. */
export interface RefundableOrder {
  lines: RefundableLine[];
  shippingPaise: number;
}

/** What the owner (or the customer) asks to give back. */
export interface RefundAsked {
  /** chosen lines and units; the shipping goes back with them when nothing else is left */
  lines?: { item: string; quantity: number; restock?: boolean }[];
  /** an amount off what is left, spread over the lines */
  amountPaise?: number;
}

export const REFUND_MESSAGES = {
  nothingLeft: 'This order was already refunded; nothing changed.',
  linesOrAmount: 'Refund either chosen lines or an amount, not both.',
  noLines: 'Choose at least one line to refund.',
  unknownLine: 'That line is not part of this order.',
  sameLineTwice: 'Each line can be chosen once.',
  quantity: 'Choose how many units to refund: at least 1.',
  amount: 'Enter an amount of at least ₹1.',
  amountPaise: 'The amount must be in rupees and paise (at most two decimals).',
  tooManyUnits: (name: string, left: number) =>
    left === 0
      ? `Every unit of ${name} was refunded already.`
      : `Only ${left} unit${left === 1 ? '' : 's'} of ${name} ${left === 1 ? 'is' : 'are'} left to refund.`,
  tooMuch: (leftPaise: number) =>
    `That is more than is left to refund: at most ${formatRupees(paiseToRupees(leftPaise))}.`,
} as const;

/** A refund the order cannot take, with the field it is about. */
export class RefundRefused extends Error {
  constructor(
    message: string,
    /** the request's field at fault: `lines`, `amount` or neither (the order itself) */
    readonly field: 'lines' | 'amount' | null,
    /** the request is well formed but asks for more than the order has left */
    readonly exceedsWhatIsLeft = false,
  ) {
    super(message);
    this.name = 'RefundRefused';
  }
}

/** What is left of each line and of the shipping, after the refunds made. */
export interface LeftOfLine {
  item: string;
  quantity: number;
  unitPricePaise: number;
  /** what the whole line cost: its units' price less its share of a discount */
  costPaise: number;
  /** units not refunded yet */
  quantityLeft: number;
  /** money not refunded yet */
  leftPaise: number;
}

export function leftOfOrder(order: RefundableOrder, made: readonly RefundPart[]): LeftOfLine[] {
  const all = [
    ...order.lines.map((line) => ({ ...line, item: line.id })),
    ...(order.shippingPaise > 0
      ? [
          {
            item: SHIPPING_PART,
            quantity: 1,
            unitPricePaise: order.shippingPaise,
            discountPaise: 0,
          },
        ]
      : []),
  ];
  return all.map((line) => {
    const { item, quantity, unitPricePaise } = line;
    const costPaise = quantity * unitPricePaise - (line.discountPaise ?? 0);
    const parts = made.filter((part) => part.item === item);
    const units = parts.reduce((sum, part) => sum + part.quantity, 0);
    const paid = parts.reduce((sum, part) => sum + part.amountPaise, 0);
    return {
      item,
      quantity,
      unitPricePaise,
      costPaise,
      quantityLeft: Math.max(quantity - units, 0),
      leftPaise: Math.max(costPaise - paid, 0),
    };
  });
}

/** What is left to refund of the whole order. */
export function refundablePaise(order: RefundableOrder, made: readonly RefundPart[]): number {
  return leftOfOrder(order, made).reduce((sum, line) => sum + line.leftPaise, 0);
}

/**
 * The parts of a refund asked for, given the refunds made: everything left when neither lines nor
 * an amount are named; the chosen units of chosen lines (a line's last units take all that is
 * left of it), with the shipping when they leave no unit unrefunded; or an amount spread over what
 * is left of each line in proportion, to the paisa. Throws `RefundRefused`; answers no parts when
 * nothing is left.
 */
export function allocateRefund(
  order: RefundableOrder,
  made: readonly RefundPart[],
  asked: RefundAsked,
  nameOf: (item: string) => string = (item) => item,
): RefundPart[] {
  const left = leftOfOrder(order, made);
  if (asked.lines && asked.amountPaise !== undefined) {
    throw new RefundRefused(REFUND_MESSAGES.linesOrAmount, 'lines');
  }
  if (asked.lines) return partsOfLines(left, asked.lines, nameOf);
  if (asked.amountPaise !== undefined) return spreadAmount(left, asked.amountPaise);
  return left
    .filter((line) => line.leftPaise > 0)
    .map((line) => ({
      item: line.item,
      quantity: line.quantityLeft,
      amountPaise: line.leftPaise,
      restock: false,
    }));
}

function partsOfLines(
  left: LeftOfLine[],
  chosen: NonNullable<RefundAsked['lines']>,
  nameOf: (item: string) => string,
): RefundPart[] {
  if (chosen.length === 0) throw new RefundRefused(REFUND_MESSAGES.noLines, 'lines');
  const seen = new Set<string>();
  const parts: RefundPart[] = [];
  for (const { item, quantity, restock } of chosen) {
    const line = left.find((candidate) => candidate.item === item && item !== SHIPPING_PART);
    if (!line) throw new RefundRefused(REFUND_MESSAGES.unknownLine, 'lines');
    if (seen.has(item)) throw new RefundRefused(REFUND_MESSAGES.sameLineTwice, 'lines');
    seen.add(item);
    if (!Number.isInteger(quantity) || quantity < 1) {
      throw new RefundRefused(REFUND_MESSAGES.quantity, 'lines');
    }
    if (quantity > line.quantityLeft) {
      throw new RefundRefused(
        REFUND_MESSAGES.tooManyUnits(nameOf(item), line.quantityLeft),
        'lines',
        true,
      );
    }
    // Units bring back what they cost (their price less their share of a discount, rounded
    // down); a line's last units bring back all that is left of it.
    const amountPaise =
      quantity === line.quantityLeft
        ? line.leftPaise
        : Math.min(Math.floor((quantity * line.costPaise) / line.quantity), line.leftPaise);
    parts.push({ item, quantity, amountPaise, restock: restock === true });
  }
  const goodsLeft = left.filter(
    (line) =>
      line.item !== SHIPPING_PART &&
      line.quantityLeft > (parts.find((part) => part.item === line.item)?.quantity ?? 0),
  );
  const shipping = left.find((line) => line.item === SHIPPING_PART);
  if (goodsLeft.length === 0 && shipping && shipping.leftPaise > 0) {
    parts.push({
      item: SHIPPING_PART,
      quantity: shipping.quantityLeft,
      amountPaise: shipping.leftPaise,
      restock: false,
    });
  }
  return parts.filter((part) => part.amountPaise > 0 || part.quantity > 0);
}

/**
 * An amount spread over what is left of each line, in proportion: each line's share rounded down,
 * the paise that rounding leaves given one each to the lines with the largest remainders.
 */
function spreadAmount(left: LeftOfLine[], amountPaise: number): RefundPart[] {
  if (!Number.isInteger(amountPaise) || amountPaise < 100) {
    throw new RefundRefused(REFUND_MESSAGES.amount, 'amount');
  }
  const total = left.reduce((sum, line) => sum + line.leftPaise, 0);
  if (total === 0) throw new RefundRefused(REFUND_MESSAGES.nothingLeft, null, true);
  if (amountPaise > total) {
    throw new RefundRefused(REFUND_MESSAGES.tooMuch(total), 'amount', true);
  }
  const shares = spreadPaise(
    amountPaise,
    left.map((line) => line.leftPaise),
  );
  return left
    .map((line, index) => ({
      item: line.item,
      quantity: 0,
      amountPaise: shares[index] ?? 0,
      restock: false,
    }))
    .filter((part) => part.amountPaise > 0);
}

/** What a refund's parts add up to. */
export const partsTotal = (parts: readonly RefundPart[]): number =>
  parts.reduce((sum, part) => sum + part.amountPaise, 0);

const refundLineSchema = z
  .object({
    ...namedLineFields(REFUND_MESSAGES.unknownLine),
    quantity: z
      .number({ error: REFUND_MESSAGES.quantity })
      .int(REFUND_MESSAGES.quantity)
      .min(1, REFUND_MESSAGES.quantity)
      .max(10_000, REFUND_MESSAGES.quantity),
    restock: z.boolean().optional(),
  })
  .refine(namesOneLine, { message: REFUND_MESSAGES.unknownLine, path: ['item'] });

/**
 * The owner's refund: a reason (kept with the refund, told to the customer), and optionally chosen lines (with the units to put back on the
 * shelf) or an amount in rupees. A reason alone refunds everything left.
 */
export const refundOrderSchema = z
  .object({
    reason: requiredText(TEXT_LIMITS.refundReason, MESSAGES.refundReason),
    lines: z.array(refundLineSchema).max(100).optional(),
    amount: z
      .number({ error: REFUND_MESSAGES.amount })
      .min(1, REFUND_MESSAGES.amount)
      .max(10_000_000, REFUND_MESSAGES.amount)
      .refine((rupees) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6, {
        message: REFUND_MESSAGES.amountPaise,
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lines && body.amount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: REFUND_MESSAGES.linesOrAmount });
    }
    if (body.lines && body.lines.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: REFUND_MESSAGES.noLines });
    }
  });
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

/**
 * The request's refund in paise, as `allocateRefund` reads it: each line named by its id, the
 * order's `lines` turning the SKUs a request may name them by into ids.
 */
export function refundAsked(
  input: Pick<RefundOrderInput, 'lines' | 'amount'>,
  lines: readonly { id: string; sku: string }[] = [],
): RefundAsked {
  return {
    ...(input.lines ? { lines: byLineId(input.lines, lines) } : {}),
    ...(input.amount !== undefined ? { amountPaise: rupeesToPaise(input.amount) } : {}),
  };
}

/**
 * A refund's state at the gateway, as the order page tells it: `pending` while the gateway has
 * not confirmed it; `refused` when the gateway said no at once (nothing moved, what it held is
 * free again); `initiated` once the gateway took it; then `processed` when the money reached the
 * bank, or `failed` when the bank sent it back, still owed to the customer until it is sent again.
 */
export const REFUND_STATES = ['pending', 'refused', 'initiated', 'processed', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

const REFUND_ID_MESSAGE = 'Choose the refund to send again.';

/** The owner sends again a refund the bank sent back. */
export const resendRefundSchema = z.object({
  refundId: z
    .string({ error: REFUND_ID_MESSAGE })
    .max(100, { message: REFUND_ID_MESSAGE, abort: true })
    .trim()
    .min(1, REFUND_ID_MESSAGE),
});

/**
 * The gateway's idempotency key for a refund's attempt: the refund's own id first, then a new key
 * for each attempt after the bank sent one back (the gateway must not answer the failed one again).
 */
export function refundAttemptKey(refundId: string, attempt: number): string {
  return attempt === 0 ? refundId : `${refundId}.${attempt}`;
}
