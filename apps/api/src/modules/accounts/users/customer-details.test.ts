import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, complaints, contactMessages, reviews, users } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { customer, insertOrderRow, insertProduct, ownerToken } from '../../../test/order-fixtures';
import { call, insertUser } from '../../../test/requests';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

async function details(token: string, userId: string) {
  return call(api.app, 'GET', `/users/customerDetails/${userId}`, { token });
}

describe('GET /users/customerDetails/{id}: one customer for the owner', () => {
  it('answers their contact, addresses, orders, reviews and messages, and no one else’s', async () => {
    const asha = await insertUser(api.db, 'asha@example.com');
    const ravi = await insertUser(api.db, 'ravi@example.com');
    const [makhana] = await insertProduct(api.db, {
      name: 'Peri Peri Makhana',
      variants: [{ weight: 100, price: 199, stock: 5 }],
    });
    await api.db.insert(addresses).values({
      userId: asha.id,
      name: 'Asha Kumari',
      street: '12 Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
      pincode: '846004',
      phoneNumber: '9876543210',
      label: 'Home',
    });
    const older = await insertOrderRow(api.db, asha.id, 49_950, {
      createdAt: new Date('2025-05-01T09:00:00Z'),
    });
    const newer = await insertOrderRow(api.db, asha.id, 20_000, {
      status: 'Delivered',
      createdAt: new Date('2025-05-02T09:00:00Z'),
    });
    await insertOrderRow(api.db, ravi.id, 10_000);
    await api.db.insert(reviews).values([
      {
        productId: makhana.productId,
        userId: asha.id,
        userName: 'Asha',
        rating: 5,
        comment: 'Crisp',
      },
      {
        productId: makhana.productId,
        userId: ravi.id,
        userName: 'Ravi',
        rating: 2,
        comment: 'Stale',
      },
    ]);
    // Hers: linked to her account, or sent from her e-mail in any case; not Ravi's.
    await api.db.insert(complaints).values([
      {
        fromName: 'Asha',
        replyTo: 'other@example.com',
        orderId: older.orderNumber,
        issueType: 'Late Delivery',
        query: 'Still waiting.',
        userId: asha.id,
      },
      {
        fromName: 'Ravi',
        replyTo: 'ravi@example.com',
        orderId: 'x',
        issueType: 'Other',
        query: 'Not hers',
        userId: ravi.id,
      },
    ]);
    await api.db.insert(contactMessages).values([
      { fromName: 'Asha', replyTo: 'ASHA@example.com', phone: '9876543210', message: 'Hello' },
      { fromName: 'Ravi', replyTo: 'ravi@example.com', phone: '9876543210', message: 'Hi' },
    ]);
    const token = await ownerToken(api.app);

    const response = await details(token, asha.id);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.customer).toMatchObject({
      _id: asha.id,
      email: 'asha@example.com',
      orders: 2,
      totalSpent: 699.5,
    });
    expect(data.addresses).toEqual([expect.objectContaining({ street: '12 Station Road' })]);
    expect(data.orders.map((o: { _id: string }) => o._id)).toEqual([newer.id, older.id]);
    expect(data.orders[1]).toMatchObject({ totalAmount: 499.5, status: 'Confirmed' });
    expect(data.reviews).toEqual([
      expect.objectContaining({ comment: 'Crisp', productName: 'Peri Peri Makhana' }),
    ]);
    expect(data.messages.map((m: { message: string }) => m.message).sort()).toEqual([
      'Hello',
      'Still waiting.',
    ]);
    expect(data.messages.find((m: { kind: string }) => m.kind === 'complaint').order).toEqual({
      _id: older.id,
      orderNumber: older.orderNumber,
    });
  });

  it('is a 404 for an id that names no customer, and the owner’s alone', async () => {
    const token = await ownerToken(api.app);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await details(token, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'Customer not found' });
    }
    const { user, token: customerToken } = await customer(api.db);
    expect((await details(customerToken, user.id)).statusCode).toBe(401);
    const gone = await insertUser(api.db);
    await api.db.delete(users).where(eq(users.id, gone.id));
    expect((await details(token, gone.id)).statusCode).toBe(404);
  });
});
