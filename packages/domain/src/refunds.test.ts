import { describe, expect, it } from 'vitest';
import {
  allocateRefund,
  leftOfOrder,
  partsTotal,
  REFUND_MESSAGES,
  type RefundPart,
  RefundRefused,
  refundAsked,
  refundablePaise,
  refundOrderSchema,
  SHIPPING_PART,
} from './refunds';

/** Two pouches at ₹349 and one tin at ₹899, ₹60 shipping: ₹1,657. */
const order = {
  lines: [
    { id: 'pouch', quantity: 2, unitPricePaise: 34_900 },
    { id: 'tin', quantity: 1, unitPricePaise: 89_900 },
  ],
  shippingPaise: 6_000,
};
const TOTAL = 2 * 34_900 + 89_900 + 6_000;

function refusal(run: () => unknown): RefundRefused {
  try {
    run();
  } catch (error) {
    if (error instanceof RefundRefused) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('allocateRefund', () => {
  it('gives back everything left when neither lines nor an amount are named', () => {
    const parts = allocateRefund(order, [], {});
    expect(parts).toEqual([
      { item: 'pouch', quantity: 2, amountPaise: 69_800, restock: false },
      { item: 'tin', quantity: 1, amountPaise: 89_900, restock: false },
      { item: SHIPPING_PART, quantity: 1, amountPaise: 6_000, restock: false },
    ]);
    expect(partsTotal(parts)).toBe(TOTAL);
    expect(allocateRefund(order, parts, {})).toEqual([]);
  });

  it('refunds chosen units at their price, the shipping only once no unit is left', () => {
    const one = allocateRefund(order, [], {
      lines: [{ item: 'pouch', quantity: 1, restock: true }],
    });
    expect(one).toEqual([{ item: 'pouch', quantity: 1, amountPaise: 34_900, restock: true }]);
    const rest = allocateRefund(order, one, {
      lines: [
        { item: 'pouch', quantity: 1 },
        { item: 'tin', quantity: 1 },
      ],
    });
    expect(rest).toEqual([
      { item: 'pouch', quantity: 1, amountPaise: 34_900, restock: false },
      { item: 'tin', quantity: 1, amountPaise: 89_900, restock: false },
      { item: SHIPPING_PART, quantity: 1, amountPaise: 6_000, restock: false },
    ]);
    expect(partsTotal([...one, ...rest])).toBe(TOTAL);
  });

  it('refuses more units than are left, naming the line', () => {
    const one = allocateRefund(order, [], { lines: [{ item: 'tin', quantity: 1 }] });
    const error = refusal(() =>
      allocateRefund(order, one, { lines: [{ item: 'tin', quantity: 1 }] }, () => 'Tin 500 g'),
    );
    expect(error.message).toBe('Every unit of Tin 500 g was refunded already.');
    expect(error.field).toBe('lines');
    expect(
      refusal(() => allocateRefund(order, [], { lines: [{ item: 'pouch', quantity: 3 }] })).message,
    ).toBe(REFUND_MESSAGES.tooManyUnits('pouch', 2));
  });

  it('refuses an unknown line, the shipping as a line, a line twice and no line', () => {
    for (const lines of [[{ item: 'nope', quantity: 1 }], [{ item: SHIPPING_PART, quantity: 1 }]]) {
      expect(refusal(() => allocateRefund(order, [], { lines })).message).toBe(
        REFUND_MESSAGES.unknownLine,
      );
    }
    expect(
      refusal(() =>
        allocateRefund(order, [], {
          lines: [
            { item: 'pouch', quantity: 1 },
            { item: 'pouch', quantity: 1 },
          ],
        }),
      ).message,
    ).toBe(REFUND_MESSAGES.sameLineTwice);
    expect(refusal(() => allocateRefund(order, [], { lines: [] })).message).toBe(
      REFUND_MESSAGES.noLines,
    );
    expect(refusal(() => allocateRefund(order, [], { lines: [], amountPaise: 100 })).message).toBe(
      REFUND_MESSAGES.linesOrAmount,
    );
  });

  it('spreads an amount over what is left in proportion, to the paisa', () => {
    const parts = allocateRefund(order, [], { amountPaise: 10_001 });
    expect(partsTotal(parts)).toBe(10_001);
    expect(parts.every((part) => part.quantity === 0 && !part.restock)).toBe(true);
    // 10,001 × 69,800 / 165,700 = 4,212.9; 10,001 × 89,900 / 165,700 = 5,425.9; shipping 362.1
    expect(parts.map((part) => part.amountPaise)).toEqual([4_213, 5_426, 362]);
  });

  it('takes an amount given back before off what a returned line brings', () => {
    const goodwill = allocateRefund(order, [], { amountPaise: 5_000 });
    const returned = allocateRefund(order, goodwill, {
      lines: [
        { item: 'pouch', quantity: 2 },
        { item: 'tin', quantity: 1 },
      ],
    });
    expect(partsTotal([...goodwill, ...returned])).toBe(TOTAL);
    expect(refundablePaise(order, [...goodwill, ...returned])).toBe(0);
  });

  it('refuses an amount beyond what is left, or under a rupee', () => {
    const half = allocateRefund(order, [], { lines: [{ item: 'tin', quantity: 1 }] });
    const left = TOTAL - 89_900;
    expect(refundablePaise(order, half)).toBe(left);
    const error = refusal(() => allocateRefund(order, half, { amountPaise: left + 1 }));
    expect(error.message).toBe('That is more than is left to refund: at most ₹758.');
    expect(error.field).toBe('amount');
    expect(partsTotal(allocateRefund(order, half, { amountPaise: left }))).toBe(left);
    expect(refusal(() => allocateRefund(order, [], { amountPaise: 99 })).field).toBe('amount');
  });

  it('gives back what a discounted line cost, not its list price, to the paisa', () => {
    // A code took ₹100.01 off the pouches (₹698): they cost ₹597.99, so ₹298.99 each, rounded down.
    const discounted = {
      ...order,
      lines: [{ ...order.lines[0]!, discountPaise: 10_001 }, order.lines[1]!],
    };
    const one = allocateRefund(discounted, [], { lines: [{ item: 'pouch', quantity: 1 }] });
    expect(one).toEqual([{ item: 'pouch', quantity: 1, amountPaise: 29_899, restock: false }]);
    const rest = allocateRefund(discounted, one, { lines: [{ item: 'pouch', quantity: 1 }] });
    expect(rest[0]).toMatchObject({ amountPaise: 29_900 });
    expect(refundablePaise(discounted, [])).toBe(TOTAL - 10_001);
    expect(partsTotal(allocateRefund(discounted, [], {}))).toBe(TOTAL - 10_001);
  });

  it('reads what is left of each line after refunds', () => {
    const made: RefundPart[] = [{ item: 'pouch', quantity: 1, amountPaise: 34_900, restock: true }];
    expect(leftOfOrder(order, made)[0]).toMatchObject({ quantityLeft: 1, leftPaise: 34_900 });
  });
});

describe('refundOrderSchema', () => {
  it('takes a reason alone, lines, or an amount in rupees and paise', () => {
    expect(refundOrderSchema.parse({ reason: ' Torn pouch ' })).toEqual({ reason: 'Torn pouch' });
    const lines = refundOrderSchema.parse({
      reason: 'Torn',
      lines: [{ item: 'a', quantity: 1, restock: true }],
    });
    expect(refundAsked(lines)).toEqual({ lines: [{ item: 'a', quantity: 1, restock: true }] });
    expect(refundAsked(refundOrderSchema.parse({ reason: 'Torn', amount: 12.34 }))).toEqual({
      amountPaise: 1_234,
    });
  });

  it('names the field at fault', () => {
    const issues = (body: unknown) =>
      refundOrderSchema
        .safeParse(body)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ reason: '' })).toEqual([['reason', 'Please give a reason for the refund']]);
    expect(issues({ reason: 'x', amount: 12.345 })).toEqual([
      ['amount', REFUND_MESSAGES.amountPaise],
    ]);
    expect(issues({ reason: 'x', amount: 0.5 })).toEqual([['amount', REFUND_MESSAGES.amount]]);
    expect(issues({ reason: 'x', lines: [{ item: 'a', quantity: 0 }] })).toEqual([
      ['lines.0.quantity', REFUND_MESSAGES.quantity],
    ]);
    expect(issues({ reason: 'x', lines: [{ item: 'a', quantity: 1 }], amount: 5 })).toEqual([
      ['amount', REFUND_MESSAGES.linesOrAmount],
    ]);
  });
});
