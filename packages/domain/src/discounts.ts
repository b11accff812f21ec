/**
 * Discount codes: what the owner sets, when a code may be used, and what it takes off a cart.
 * The checkout shows and the server decides with the same rules. A discount given at the time of
 * sale and shown on the invoice lowers the taxable value (CGST Act section 15(3)), so it is
 * spread over the lines it applies to, in proportion to their value, to the paisa: each line's
 * share is part of what that line cost, on the invoice, in its credit note and in every sum.
 * Money in paise.
 */
import { z } from 'zod';
import { formatRupees, paiseToRupees, rupeesToPaise, spreadPaise } from './money';

export const DISCOUNT_KINDS = ['percent', 'amount', 'freeShipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 20;
/** Letters and digits only: one class, nothing to backtrack over. */
const CODE_PATTERN = /^[A-Za-z0-9]+$/;

export const DISCOUNT_MESSAGES = {
  code: `Use ${DISCOUNT_CODE_MIN} to ${DISCOUNT_CODE_MAX} letters and digits`,
  codeTaken: 'Another discount already has this code.',
  kind: 'Choose percent off, an amount off or free shipping',
  percent: 'Enter a whole percentage from 1 to 100',
  amount: 'Enter an amount of at least ₹1, in rupees and paise',
  minSubtotal: 'Enter a minimum of ₹0 or more, in rupees and paise',
  dates: 'Enter a date and time',
  endsBeforeStart: 'The end must come after the start',
  uses: 'Enter a whole number of at least 1, or leave it empty for no limit',
  products: 'Choose the products from the list',
  notFound: 'Discount not found',
  usedCannotChange:
    'This code has been used: only its end, its limits and whether it is on can change now.',
  // What a shopper is told about the code they typed.
  unknown: 'This code is not valid.',
  off: 'This code is not active any more.',
  expired: 'This code has expired.',
  notStarted: (when: string) => `This code can be used from ${when}.`,
  minimum: (amount: string) => `This code needs items worth at least ${amount} in your cart.`,
  usedUp: 'This code has been used as many times as it can be.',
  alreadyUsed: 'You have already used this code.',
  firstOrderOnly: 'This code is for a first order only.',
  notForTheseProducts: 'This code is not for the products in your cart.',
  nothingOff: 'This code takes nothing off this cart.',
} as const;

/** A discount as the rules read it. */
export interface DiscountRule {
  code: string;
  kind: DiscountKind;
  /** percent: whole percent; amount: paise; free shipping: 0 */
  value: number;
  minSubtotalPaise: number;
  startsAt: Date;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  firstOrderOnly: boolean;
  /** the products it applies to; empty for every product */
  productIds: readonly string[];
  active: boolean;
}

/** How the code stands for this shopper and this cart, counted by the server. */
export interface DiscountUse {
  now: Date;
  /** uses so far by anyone: orders placed with it, not cancelled or expired */
  uses: number;
  /** uses so far by this customer */
  usesByCustomer: number;
  /** the customer has a paid order already */
  hasOrdered: boolean;
}

/** A line of the cart as a discount reads it. */
export interface DiscountableLine {
  productId: string;
  quantity: number;
  unitPricePaise: number;
}

/** A code refused, with whether the request was wrong (400) or the cart cannot take it (409). */
export class DiscountRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409,
  ) {
    super(message);
    this.name = 'DiscountRefused';
  }
}

/** A code as the shop keeps and compares it: upper case, whatever the shopper typed. */
export const normalCode = (code: string) => code.trim().toUpperCase();

/** India's wall clock for a moment, as a person reads it: "1 Dec 2026, 9:00 am". */
export function indiaMoment(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** Which of a cart's lines the discount applies to. */
function eligibleLines(
  productIds: readonly string[],
  lines: readonly DiscountableLine[],
): boolean[] {
  return lines.map((line) => productIds.length === 0 || productIds.includes(line.productId));
}

/**
 * Why the code cannot be used on this cart now, or null when it can. Checked in this order, so a
 * shopper hears the first thing to fix: the code itself, its dates, its limits, then the cart.
 */
export function discountRefusal(
  rule: DiscountRule,
  lines: readonly DiscountableLine[],
  use: DiscountUse,
): DiscountRefused | null {
  if (!rule.active) return new DiscountRefused(DISCOUNT_MESSAGES.off, 409);
  if (use.now.getTime() < rule.startsAt.getTime()) {
    return new DiscountRefused(DISCOUNT_MESSAGES.notStarted(indiaMoment(rule.startsAt)), 409);
  }
  if (rule.endsAt && use.now.getTime() >= rule.endsAt.getTime()) {
    return new DiscountRefused(DISCOUNT_MESSAGES.expired, 409);
  }
  if (rule.maxUses !== null && use.uses >= rule.maxUses) {
    return new DiscountRefused(DISCOUNT_MESSAGES.usedUp, 409);
  }
  if (rule.maxUsesPerCustomer !== null && use.usesByCustomer >= rule.maxUsesPerCustomer) {
    return new DiscountRefused(DISCOUNT_MESSAGES.alreadyUsed, 409);
  }
  if (rule.firstOrderOnly && use.hasOrdered) {
    return new DiscountRefused(DISCOUNT_MESSAGES.firstOrderOnly, 409);
  }
  const eligible = eligibleLines(rule.productIds, lines);
  if (!eligible.some(Boolean)) {
    return new DiscountRefused(DISCOUNT_MESSAGES.notForTheseProducts, 409);
  }
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaise, 0);
  if (subtotal < rule.minSubtotalPaise) {
    return new DiscountRefused(
      DISCOUNT_MESSAGES.minimum(formatRupees(paiseToRupees(rule.minSubtotalPaise))),
      409,
    );
  }
  return null;
}

/** What a code takes off a cart: each line's share, and the shipping it waives. */
export interface DiscountedCart {
  subtotalPaise: number;
  /** each line's share of the discount, in the cart's order; 0 for lines it does not apply to */
  shares: number[];
  /** the lines' shares added up */
  linesDiscountPaise: number;
  /** the shipping charged: the usual one, or nothing for a free-shipping code */
  shippingPaise: number;
  /** everything the code took off: the lines' shares and the shipping it waived */
  discountPaise: number;
  totalPaise: number;
}

/**
 * The cart with the code applied. Percent: that share of the eligible lines' value, rounded down
 * to the paisa; an amount: at most the eligible lines' value; either spread over those lines in
 * proportion to their value. Free shipping: the shipping, and nothing off the lines. The usual
 * shipping (`shippingFor` the subtotal before the discount) is what a code cannot change
 * otherwise: a code never makes a cart pay for shipping it would not have paid for.
 */
export function discountCart(
  rule: Pick<DiscountRule, 'kind' | 'value' | 'productIds'>,
  lines: readonly DiscountableLine[],
  usualShippingPaise: number,
): DiscountedCart {
  const values = lines.map((line) => line.quantity * line.unitPricePaise);
  const subtotalPaise = values.reduce((sum, value) => sum + value, 0);
  const eligible = eligibleLines(rule.productIds, lines);
  const weights = values.map((value, index) => (eligible[index] ? value : 0));
  const eligiblePaise = weights.reduce((sum, value) => sum + value, 0);
  const off =
    rule.kind === 'percent'
      ? Math.floor((eligiblePaise * rule.value) / 100)
      : rule.kind === 'amount'
        ? Math.min(rule.value, eligiblePaise)
        : 0;
  const shares = spreadPaise(off, weights);
  const shippingPaise = rule.kind === 'freeShipping' ? 0 : usualShippingPaise;
  const waived = usualShippingPaise - shippingPaise;
  return {
    subtotalPaise,
    shares,
    linesDiscountPaise: off,
    shippingPaise,
    discountPaise: off + waived,
    totalPaise: subtotalPaise - off + shippingPaise,
  };
}

const IST_OFFSET = '+05:30';
/** `YYYY-MM-DDTHH:mm` (a form's date and time, India's) or a full ISO time with its offset. */
const LOCAL_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A moment the owner typed: a form's date and time is India's time. */
export function ownerMoment(text: string): Date | null {
  const trimmed = text.trim();
  if (trimmed.length > 40) return null;
  const at = new Date(LOCAL_MOMENT.test(trimmed) ? `${trimmed}:00${IST_OFFSET}` : trimmed);
  return Number.isNaN(at.getTime()) ? null : at;
}

const moment = z
  .string({ error: DISCOUNT_MESSAGES.dates })
  .max(40, { message: DISCOUNT_MESSAGES.dates, abort: true })
  .transform((text, ctx) => {
    const at = ownerMoment(text);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_MESSAGES.dates });
      return z.NEVER;
    }
    return at;
  });

const rupees = (message: string, least: number) =>
  z
    .number({ error: message })
    .min(least, message)
    .max(10_000_000, message)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { message });

const uses = z
  .number({ error: DISCOUNT_MESSAGES.uses })
  .int(DISCOUNT_MESSAGES.uses)
  .min(1, DISCOUNT_MESSAGES.uses)
  .max(1_000_000, DISCOUNT_MESSAGES.uses)
  .nullable();

/**
 * A discount as the owner sets it (rupees at the edge): the code, what it takes off, from when
 * to when (India's time), its limits, and the products it is for (none named: all).
 */
export const discountSchema = z
  .object({
    code: z
      .string({ error: DISCOUNT_MESSAGES.code })
      .trim()
      .min(DISCOUNT_CODE_MIN, DISCOUNT_MESSAGES.code)
      .max(DISCOUNT_CODE_MAX, { message: DISCOUNT_MESSAGES.code, abort: true })
      .regex(CODE_PATTERN, DISCOUNT_MESSAGES.code)
      .transform(normalCode),
    kind: z.enum(DISCOUNT_KINDS, { error: DISCOUNT_MESSAGES.kind }),
    value: z.number({ error: DISCOUNT_MESSAGES.amount }).min(0).max(10_000_000).default(0),
    minSubtotal: rupees(DISCOUNT_MESSAGES.minSubtotal, 0).default(0),
    startsAt: moment.optional(),
    endsAt: moment.nullable().optional(),
    maxUses: uses.optional(),
    maxUsesPerCustomer: uses.optional(),
    firstOrderOnly: z.boolean().default(false),
    productIds: z
      .array(z.string().max(64), { error: DISCOUNT_MESSAGES.products })
      .max(200)
      .default([]),
    active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (
      body.kind === 'percent' &&
      !(Number.isInteger(body.value) && body.value >= 1 && body.value <= 100)
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.percent });
    }
    if (
      body.kind === 'amount' &&
      (body.value < 1 || Math.abs(body.value * 100 - Math.round(body.value * 100)) >= 1e-6)
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.amount });
    }
    if (body.startsAt && body.endsAt && body.endsAt.getTime() <= body.startsAt.getTime()) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: DISCOUNT_MESSAGES.endsBeforeStart,
      });
    }
  });
export type DiscountInput = z.input<typeof discountSchema>;
export type DiscountFields = z.output<typeof discountSchema>;

/** The rule's value in its unit: whole percent, paise, or nothing. */
export function ruleValue(kind: DiscountKind, value: number): number {
  if (kind === 'percent') return value;
  if (kind === 'amount') return rupeesToPaise(value);
  return 0;
}

/** A shopper's code as typed at checkout: checked for length before its letters. */
export const discountCodeSchema = z
  .string({ error: DISCOUNT_MESSAGES.unknown })
  .trim()
  .min(1, DISCOUNT_MESSAGES.unknown)
  .max(DISCOUNT_CODE_MAX, { message: DISCOUNT_MESSAGES.unknown, abort: true })
  .regex(CODE_PATTERN, DISCOUNT_MESSAGES.unknown)
  .transform(normalCode);

/** What the discount took off, in words a shopper reads on the summary line. */
export function discountLabel(rule: Pick<DiscountRule, 'kind' | 'value' | 'code'>): string {
  if (rule.kind === 'percent') return `${rule.code}: ${rule.value}% off`;
  if (rule.kind === 'amount') return `${rule.code}: ${formatRupees(paiseToRupees(rule.value))} off`;
  return `${rule.code}: free shipping`;
}
