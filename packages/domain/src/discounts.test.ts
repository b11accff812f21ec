import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_MESSAGES,
  type DiscountRule,
  discountCart,
  discountCodeSchema,
  discountRefusal,
  discountSchema,
  ownerMoment,
} from './discounts';
import { spreadPaise } from './money';

const POUCH = { productId: 'pouch', quantity: 3, unitPricePaise: 14_900 };
const TIN = { productId: 'tin', quantity: 1, unitPricePaise: 19_900 };

const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  code: 'FIRST10',
  kind: 'percent',
  value: 10,
  minSubtotalPaise: 0,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  firstOrderOnly: false,
  productIds: [],
  active: true,
  ...overrides,
});

const NOW = new Date('2026-11-29T06:00:00Z');
const fresh = { now: NOW, uses: 0, usesByCustomer: 0, hasOrdered: false };

describe('spreadPaise', () => {
  it('spreads to the paisa, the spare paise to the largest remainders, the first of equals', () => {
    expect(spreadPaise(100, [14_900, 14_900, 14_900])).toEqual([34, 33, 33]);
    expect(spreadPaise(1_000, [44_700, 19_900, 0])).toEqual([692, 308, 0]);
    expect(spreadPaise(0, [1, 2])).toEqual([0, 0]);
    expect(spreadPaise(7, [0, 0])).toEqual([0, 0]);
  });
});

describe('discountCart', () => {
  it('takes a percentage off, rounded down, spread over the lines in proportion, exactly', () => {
    // 7% of ₹646 is ₹45.22; the pouches' ₹447 take 3129 paise, the tin's ₹199 the rest.
    const cart = discountCart(rule({ value: 7 }), [POUCH, TIN], 0);
    expect(cart).toEqual({
      subtotalPaise: 64_600,
      shares: [3_129, 1_393],
      linesDiscountPaise: 4_522,
      shippingPaise: 0,
      discountPaise: 4_522,
      totalPaise: 60_078,
    });
    // A percentage that does not fall on a paisa is rounded down.
    expect(
      discountCart(rule({ value: 7 }), [{ ...TIN, unitPricePaise: 14_999 }], 0).shares,
    ).toEqual([1_049]);
  });

  it('takes an amount off only the products it is for, never more than they cost', () => {
    const forTins = rule({ kind: 'amount', value: 5_000, productIds: ['tin'] });
    expect(discountCart(forTins, [POUCH, TIN], 5_000)).toMatchObject({
      shares: [0, 5_000],
      shippingPaise: 5_000,
      totalPaise: 64_600 - 5_000 + 5_000,
    });
    const tooMuch = rule({ kind: 'amount', value: 50_000, productIds: ['tin'] });
    expect(discountCart(tooMuch, [POUCH, TIN], 0).shares).toEqual([0, 19_900]);
  });

  it('waives the shipping for a free-shipping code, leaving the lines as they are', () => {
    const cart = discountCart(rule({ kind: 'freeShipping', value: 0 }), [TIN], 5_000);
    expect(cart).toMatchObject({
      shares: [0],
      linesDiscountPaise: 0,
      shippingPaise: 0,
      discountPaise: 5_000,
      totalPaise: 19_900,
    });
  });
});

describe('discountRefusal', () => {
  const reason = (overrides: Partial<DiscountRule>, use = fresh, lines = [POUCH, TIN]) =>
    discountRefusal(rule(overrides), lines, use)?.message ?? null;

  it('lets a code in its dates, under its limits, on a cart it is for', () => {
    expect(reason({})).toBeNull();
    expect(reason({ maxUses: 5, maxUsesPerCustomer: 1 }, { ...fresh, uses: 4 })).toBeNull();
  });

  it('says the first thing to fix, in the shopper’s words', () => {
    expect(reason({ active: false })).toBe(DISCOUNT_MESSAGES.off);
    expect(reason({ startsAt: new Date('2026-12-01T03:30:00Z') })).toBe(
      DISCOUNT_MESSAGES.notStarted('1 Dec 2026, 9:00 am'),
    );
    // The end is the first moment it no longer works.
    expect(reason({ endsAt: NOW })).toBe(DISCOUNT_MESSAGES.expired);
    expect(reason({ maxUses: 5 }, { ...fresh, uses: 5 })).toBe(DISCOUNT_MESSAGES.usedUp);
    expect(reason({ maxUsesPerCustomer: 1 }, { ...fresh, usesByCustomer: 1 })).toBe(
      DISCOUNT_MESSAGES.alreadyUsed,
    );
    expect(reason({ firstOrderOnly: true }, { ...fresh, hasOrdered: true })).toBe(
      DISCOUNT_MESSAGES.firstOrderOnly,
    );
    expect(reason({ productIds: ['other'] })).toBe(DISCOUNT_MESSAGES.notForTheseProducts);
    expect(reason({ minSubtotalPaise: 70_000 })).toBe(DISCOUNT_MESSAGES.minimum('₹700'));
    expect(reason({ minSubtotalPaise: 64_600 })).toBeNull();
  });
});

describe('the owner’s discount', () => {
  const valid = { code: 'diwali25', kind: 'percent', value: 25 };

  it('keeps its code in upper case, its times in India’s', () => {
    const parsed = discountSchema.parse({
      ...valid,
      startsAt: '2026-12-01T09:00',
      endsAt: '2026-12-05T23:59',
    });
    expect(parsed).toMatchObject({
      code: 'DIWALI25',
      minSubtotal: 0,
      firstOrderOnly: false,
      productIds: [],
      active: true,
    });
    expect(parsed.startsAt?.toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(parsed.endsAt?.toISOString()).toBe('2026-12-05T18:29:00.000Z');
    expect(ownerMoment('2026-12-01T03:30:00Z')?.toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(ownerMoment('tomorrow')).toBeNull();
  });

  it('names the field at fault', () => {
    const fault = (body: object) =>
      discountSchema.safeParse({ ...valid, ...body }).error?.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
    expect(fault({ code: 'FIRST-10' })).toEqual([
      { field: 'code', message: DISCOUNT_MESSAGES.code },
    ]);
    expect(fault({ code: 'X'.repeat(500) })).toEqual([
      { field: 'code', message: DISCOUNT_MESSAGES.code },
    ]);
    for (const value of [0, 101, 12.5]) {
      expect(fault({ value })).toEqual([{ field: 'value', message: DISCOUNT_MESSAGES.percent }]);
    }
    expect(fault({ kind: 'amount', value: 0.005 })).toEqual([
      { field: 'value', message: DISCOUNT_MESSAGES.amount },
    ]);
    expect(fault({ startsAt: '2026-12-05T09:00', endsAt: '2026-12-01T09:00' })).toEqual([
      { field: 'endsAt', message: DISCOUNT_MESSAGES.endsBeforeStart },
    ]);
    expect(fault({ maxUses: 0 })).toEqual([{ field: 'maxUses', message: DISCOUNT_MESSAGES.uses }]);
  });

  it('reads a shopper’s code whatever its case, and refuses what cannot be a code', () => {
    expect(discountCodeSchema.parse(' first10 ')).toBe('FIRST10');
    expect(discountCodeSchema.safeParse('FIRST 10').success).toBe(false);
    expect(discountCodeSchema.safeParse('A'.repeat(10_000)).success).toBe(false);
  });
});
