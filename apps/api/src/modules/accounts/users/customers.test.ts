import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, users } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { customer, insertOrderRow, ownerToken } from '../../../test/order-fixtures';
import { call, insertUser } from '../../../test/requests';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

async function customers(token: string, query = '') {
  const response = await call(api.app, 'GET', `/users/getUserDetails${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: {
      _id: string;
      email: string;
      orders: number;
      totalSpent: number;
      address: string[];
      createdAt: string;
    }[];
    meta: { page: number; limit: number; total: number };
  };
}

/** A customer who joined on the given day of May 2025. */
async function joined(day: number, person: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(api.db);
  const [row] = await api.db
    .update(users)
    .set({ createdAt: new Date(Date.UTC(2025, 4, day, 9)), ...person })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

describe('GET /users/getUserDetails: the owner’s customers', () => {
  it('pages the customers newest first, each with orders, paid total, addresses and joining date', async () => {
    const asha = await joined(1);
    const ravi = await joined(2);
    const meera = await joined(3);
    await insertOrderRow(api.db, asha.id, 49_950);
    await insertOrderRow(api.db, asha.id, 20_025, { status: 'Delivered' });
    // Partly refunded: what it kept counts.
    await insertOrderRow(api.db, asha.id, 10_000, { status: 'Delivered', refundedPaise: 4_000 });
    // Not spent: unpaid, failed, refunded, or waiting for its refund.
    await insertOrderRow(api.db, asha.id, 10_000, { paymentStatus: 'pending', status: 'Pending' });
    await insertOrderRow(api.db, asha.id, 10_000, { paymentStatus: 'failed', status: 'Cancelled' });
    await insertOrderRow(api.db, asha.id, 10_000, {
      paymentStatus: 'refunded',
      status: 'Cancelled',
    });
    await insertOrderRow(api.db, asha.id, 10_000, { status: 'Cancelled', needsRefund: true });
    await insertOrderRow(api.db, ravi.id, 10_000, {
      paymentStatus: 'refunded',
      status: 'Cancelled',
    });
    const [older] = await api.db
      .insert(addresses)
      .values({ ...addressRow(asha.id), createdAt: new Date('2025-06-01T00:00:00Z') })
      .returning();
    const [newer] = await api.db
      .insert(addresses)
      .values({ ...addressRow(asha.id), createdAt: new Date('2025-06-02T00:00:00Z') })
      .returning();
    const token = await ownerToken(api.app);

    const all = await customers(token);
    expect(all.meta).toEqual({ page: 1, limit: 50, total: 3 });
    expect(all.data.map((c) => c._id)).toEqual([meera.id, ravi.id, asha.id]);
    expect(all.data[2]).toEqual({
      _id: asha.id,
      firstName: 'Asha',
      lastName: 'Kumari',
      gender: null,
      email: asha.email,
      phoneNumber: '9876543210',
      address: [newer!.id, older!.id],
      // Paid orders only: an unpaid or failed attempt is not an order to the customer.
      orders: 5,
      totalSpent: 759.75,
      createdAt: '2025-05-01T09:00:00.000Z',
    });
    expect(all.data[1]).toMatchObject({ orders: 1, totalSpent: 0, address: [] });
    expect(all.data[0]).toMatchObject({ orders: 0, totalSpent: 0 });

    const second = await customers(token, '?page=2&limit=2');
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(second.data.map((c) => c._id)).toEqual([asha.id]);
    expect(await customers(token, '?page=3&limit=2')).toMatchObject({
      data: [],
      meta: { page: 3, limit: 2, total: 3 },
    });
  });

  it('finds customers by name, e-mail or phone, whatever the case, wildcards as text', async () => {
    const meera = await joined(1, {
      firstName: 'Meera',
      lastName: 'Jha',
      email: 'meera_jha@example.com',
      phoneNumber: '9123456780',
    });
    const ravi = await joined(2, { firstName: 'Ravi', lastName: 'Das', phoneNumber: '9988776655' });
    const token = await ownerToken(api.app);
    const found = async (q: string) =>
      (await customers(token, `?q=${encodeURIComponent(q)}`)).data.map((c) => c._id);

    expect(await found('MEERA JHA')).toEqual([meera.id]);
    expect(await found('das')).toEqual([ravi.id]);
    expect(await found('MEERA_JHA@EXAMPLE.COM')).toEqual([meera.id]);
    expect(await found('99887')).toEqual([ravi.id]);
    expect(await found('jh_')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect((await customers(token, '?q=jha')).meta.total).toBe(1);
  });

  it('is the owner’s alone, and refuses a bad page naming the field', async () => {
    const { token } = await customer(api.db);
    expect((await call(api.app, 'GET', '/users/getUserDetails')).statusCode).toBe(401);
    expect((await call(api.app, 'GET', '/users/getUserDetails', { token })).statusCode).toBe(401);
    const owner = await ownerToken(api.app);
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=0', 'limit'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await call(api.app, 'GET', `/users/getUserDetails${query}`, {
        token: owner,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].field, query).toBe(field);
    }
  });
});

function addressRow(userId: string) {
  return {
    userId,
    name: 'Asha Kumari',
    street: '12 Station Road',
    city: 'Darbhanga',
    state: 'Bihar',
    pincode: '846004',
    phoneNumber: '9876543210',
    label: 'Home' as const,
  };
}
