import { describe, expect, it } from 'vitest';
import {
  checkReturnLines,
  RETURN_MESSAGES,
  ReturnRefused,
  returnDeadline,
  returnDecisionSchema,
  returnRefusal,
  returnRequestSchema,
} from './returns';

const delivered = { status: 'Delivered', paymentStatus: 'completed' } as const;

describe('the return window', () => {
  // Delivered at 11:00 pm IST on 10 November: the 24th is day 14, the 25th day 15.
  const deliveredAt = new Date('2026-11-10T17:30:00Z');

  it('closes at the end of the 14th day after the delivery, in India', () => {
    expect(returnDeadline(deliveredAt).toISOString()).toBe('2026-11-24T18:30:00.000Z');
  });

  it('is open on day 14 to its last minute and closed on day 15', () => {
    expect(returnRefusal(delivered, deliveredAt, new Date('2026-11-24T18:29:59Z'))).toBeNull();
    expect(returnRefusal(delivered, deliveredAt, new Date('2026-11-24T18:30:00Z'))).toBe(
      RETURN_MESSAGES.windowPassed,
    );
  });

  it('is only for delivered orders with money kept', () => {
    const now = new Date('2026-11-11T00:00:00Z');
    expect(returnRefusal({ ...delivered, status: 'Shipped' }, null, now)).toBe(
      RETURN_MESSAGES.notDelivered,
    );
    expect(returnRefusal({ ...delivered, paymentStatus: 'refunded' }, deliveredAt, now)).toBe(
      RETURN_MESSAGES.nothingLeft,
    );
    expect(returnRefusal(delivered, null, now)).toBe(RETURN_MESSAGES.notDelivered);
  });
});

describe('checkReturnLines', () => {
  const lines = [
    { id: 'pouch', name: 'Pouch 100 g', quantity: 3, spoken: 1 },
    { id: 'tin', name: 'Tin 500 g', quantity: 1, spoken: 1 },
  ];
  const refusal = (asked: { item: string; quantity: number }[]) => {
    try {
      checkReturnLines(lines, asked);
      return null;
    } catch (error) {
      if (error instanceof ReturnRefused) return error;
      throw error;
    }
  };

  it('takes units not refunded nor in another return', () => {
    expect(refusal([{ item: 'pouch', quantity: 2 }])).toBeNull();
  });

  it('refuses more than is left, a line spoken for, an unknown line and none', () => {
    expect(refusal([{ item: 'pouch', quantity: 3 }])).toMatchObject({
      message: 'Only 2 units of Pouch 100 g can be returned.',
      exceedsWhatIsLeft: true,
    });
    expect(refusal([{ item: 'tin', quantity: 1 }])?.message).toBe(
      'Tin 500 g is returned or refunded already.',
    );
    expect(refusal([{ item: 'jar', quantity: 1 }])?.message).toBe(RETURN_MESSAGES.unknownLine);
    expect(refusal([])?.message).toBe(RETURN_MESSAGES.noLines);
  });
});

describe('the schemas', () => {
  it('ask for a reason from the list and at least one line', () => {
    const issues = (body: unknown) =>
      returnRequestSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ lines: [], reason: 'Damaged' })).toEqual([['lines', RETURN_MESSAGES.noLines]]);
    expect(issues({ lines: [{ item: 'a', quantity: 1 }], reason: 'Bored' })).toEqual([
      ['reason', RETURN_MESSAGES.reason],
    ]);
    expect(
      returnRequestSchema.parse({ lines: [{ item: 'a', quantity: 1 }], reason: 'Wrong item' }),
    ).toMatchObject({ reason: 'Wrong item' });
  });

  it('want a note to reject', () => {
    expect(returnDecisionSchema.safeParse({ returnId: 'r', approve: true }).success).toBe(true);
    expect(
      returnDecisionSchema.safeParse({ returnId: 'r', approve: false }).error?.issues[0]?.message,
    ).toBe(RETURN_MESSAGES.rejectNote);
  });
});
