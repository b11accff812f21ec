import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DashboardFigures } from '@makhana/domain/contracts/owner';
import type { Order } from '@makhana/domain/orders';
import type { Review } from '@makhana/domain/product';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  addresses,
  complaints,
  contactMessages,
  emailChanges,
  emailChangeUndos,
  googleLoginCodes,
  otpCodes,
  otpRequests,
  outbox as outboxTable,
  paymentEvents,
  refreshSessions,
  reviews,
  users,
} from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  ADDRESS,
  cartLine,
  insertProduct,
  orderWithPayment,
  outbox,
  ownerToken,
  paySimulated,
  queuedConsequences,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { ERASED_CUSTOMER_NAME } from '../../checkout';
import { CUSTOMER_NOT_FOUND } from './erase';
import { CUSTOMER_ERASED } from './erase-routes';

const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000', RATE_LIMIT_ACCOUNT_MAX: '1000' },
  owner: true,
  poolSize: 4,
});

const MISSING = '00000000-0000-4000-8000-00000000abcd';

const erase = (userId: string, token?: string) =>
  call(api.app, 'POST', `/users/deleteUser/${userId}`, { token });

/**
 * A customer as the shop leaves one: signed in by a mailed code, with a saved address, a paid
 * order, a review, a complaint, a contact message and a Google sign-in code.
 */
async function aCustomer(email: string) {
  const signedIn = await api.signInCustomer(email);
  const token = signedIn.accessToken;
  const userId = signedIn.user._id;
  const saved = await call(api.app, 'POST', '/users/newAddress', {
    token,
    body: {
      name: 'Ravi Jha',
      street: '4 Tower Chowk',
      city: 'Darbhanga',
      state: 'Bihar',
      country: 'India',
      pincode: '846004',
      phoneNumber: '9123456780',
      label: 'Home',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);

  const [makhana] = await insertProduct(api.db, {
    variants: [{ weight: 250, price: 449, stock: 10 }],
  });
  await forgetCachedReads(api.app);
  const { orderId, gatewayOrderId } = await orderWithPayment(api.app, token, [
    cartLine(makhana, 2),
  ]);
  await paySimulated(api.app, token, gatewayOrderId);
  await api.app.orders.idle();

  const review = await call(api.app, 'POST', '/reviews/add-review', {
    token,
    body: { productId: makhana.productId, rating: 4, comment: 'Crunchy and light' },
  });
  expect(review.statusCode, review.body).toBe(200);

  // The complaint's invoice, kept as the complaint form keeps one.
  const invoiceUrl = `complaints/${randomUUID()}.png`;
  const invoiceFile = path.join(api.dataDir, 'private', invoiceUrl);
  await mkdir(path.dirname(invoiceFile), { recursive: true });
  await writeFile(invoiceFile, 'an invoice naming the shopper');
  await api.db.insert(complaints).values({
    fromName: 'Ravi Jha',
    replyTo: email,
    orderId,
    issueType: 'Damaged Product',
    query: 'The pouch arrived torn.',
    userId,
    invoiceUrl,
  });
  // The gateway's webhook for the payment, as Razorpay sends one: the payer's contact inside.
  const paymentEventId = `evt_${randomUUID()}`;
  await api.db.insert(paymentEvents).values({
    id: paymentEventId,
    type: 'payment.captured',
    payload: {
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: `pay_${userId.slice(0, 8)}`,
            order_id: gatewayOrderId,
            amount: 89800,
            status: 'captured',
            email,
            contact: '+919123456780',
            vpa: 'ravi@okbank',
            card: { name: 'Ravi Jha', last4: '1111', network: 'Visa' },
            notes: { shopper: 'Ravi Jha' },
          },
        },
      },
    },
  });
  // Sent from the contact form before signing in: no account, the same e-mail in other case.
  await api.db.insert(contactMessages).values({
    fromName: 'Ravi',
    replyTo: email.toUpperCase(),
    phone: '9123456780',
    message: 'Do you ship to Patna?',
  });
  await api.db.insert(googleLoginCodes).values({
    codeHash: `hash-${userId}`,
    userId,
    browserHash: 'browser',
    expiresAt: new Date(Date.now() + 60_000),
  });
  // An e-mail change in progress: its code and its mail counted under the new address.
  const pendingEmail = `new-${email}`;
  await api.db.insert(otpCodes).values({
    email: pendingEmail,
    purpose: 'email-change',
    userId,
    codeHash: 'x',
    expiresAt: new Date(Date.now() + 60_000),
  });
  await api.db.insert(otpRequests).values({ email: pendingEmail });
  await api.db.insert(emailChanges).values({ userId, newEmail: pendingEmail });
  // A change made earlier: its undo link names the address the account left, whose mails count.
  await api.db.insert(emailChangeUndos).values({
    userId,
    restoreEmail: `old-${email}`,
    changedTo: email,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await api.db.insert(otpRequests).values({ email: `old-${email}` });

  return {
    userId,
    email,
    pendingEmail,
    token,
    refreshToken: signedIn.refreshToken,
    orderId,
    productId: makhana.productId,
    review: review.json().data as Review,
    invoiceUrl,
    invoiceFile,
    paymentEventId,
  };
}

/** What a stored webhook event keeps of its payment. */
async function paymentEntityOf(eventId: string): Promise<Record<string, unknown>> {
  const [event] = await api.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
  const payload = event?.payload as { payload: { payment: { entity: Record<string, unknown> } } };
  return payload.payload.payment.entity;
}

/** What rowsOf counts for a customer aCustomer made, before any erasure. */
const AS_MADE = {
  users: 1,
  addresses: 1,
  sessions: 1,
  codes: 2,
  codeRequests: 3,
  googleCodes: 1,
  emailChanges: 1,
  undoLinks: 1,
};

async function orderAsOwner(orderId: string, token: string): Promise<Order> {
  const response = await call(api.app, 'GET', `/orders/order-id-details/${orderId}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function figures(token: string): Promise<DashboardFigures> {
  const response = await call(api.app, 'GET', '/admins/dashboard', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function rowsOf(userId: string, email: string, pendingEmail: string) {
  const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const n = sql<number>`count(*)::int`;
  return {
    users: await count(api.db.select({ n }).from(users).where(eq(users.id, userId))),
    addresses: await count(
      api.db.select({ n }).from(addresses).where(eq(addresses.userId, userId)),
    ),
    sessions: await count(
      api.db
        .select({ n })
        .from(refreshSessions)
        .where(and(eq(refreshSessions.subjectType, 'user'), eq(refreshSessions.subjectId, userId))),
    ),
    codes: await count(
      api.db
        .select({ n })
        .from(otpCodes)
        .where(
          sql`${otpCodes.email} in (${email}, ${pendingEmail}) or ${otpCodes.userId} = ${userId}`,
        ),
    ),
    codeRequests: await count(
      api.db
        .select({ n })
        .from(otpRequests)
        .where(sql`${otpRequests.email} in (${email}, ${pendingEmail}, ${`old-${email}`})`),
    ),
    googleCodes: await count(
      api.db.select({ n }).from(googleLoginCodes).where(eq(googleLoginCodes.userId, userId)),
    ),
    emailChanges: await count(
      api.db.select({ n }).from(emailChanges).where(eq(emailChanges.userId, userId)),
    ),
    undoLinks: await count(
      api.db.select({ n }).from(emailChangeUndos).where(eq(emailChangeUndos.userId, userId)),
    ),
  };
}

async function reviewsOf(productId: string): Promise<Review[]> {
  const response = await call(api.app, 'GET', `/reviews/get-reviews/${productId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('POST /users/deleteUser/:userId', () => {
  it('erases the account, its addresses, sessions and codes; the order lines and totals stay', async () => {
    const ravi = await aCustomer('ravi@example.com');
    const asha = await aCustomer('asha@example.com');
    const owner = await ownerToken(api.app);
    expect(await rowsOf(ravi.userId, ravi.email, ravi.pendingEmail)).toEqual(AS_MADE);
    const before = await orderAsOwner(ravi.orderId, owner);
    const figuresBefore = await figures(owner);
    const invalidate = vi.spyOn(api.app.catalogue, 'invalidate');

    const response = await erase(ravi.userId, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      data: { _id: ravi.userId },
      message: CUSTOMER_ERASED,
      success: true,
    });
    expect(invalidate).toHaveBeenCalled();
    invalidate.mockRestore();

    expect(await rowsOf(ravi.userId, ravi.email, ravi.pendingEmail)).toEqual({
      users: 0,
      addresses: 0,
      sessions: 0,
      codes: 0,
      codeRequests: 0,
      googleCodes: 0,
      emailChanges: 0,
      undoLinks: 0,
    });

    // The order stays for the books: lines, totals, payment and status as they were; the name
    // and contact go, the place of supply stays.
    const after = await orderAsOwner(ravi.orderId, owner);
    expect(after).toEqual({
      ...before,
      user: null,
      shippingAddress: {
        firstName: ERASED_CUSTOMER_NAME,
        lastName: '',
        email: '',
        phone: '',
        address: '',
        city: ADDRESS.city,
        state: ADDRESS.state,
        pincode: ADDRESS.pincode,
        country: before.shippingAddress.country,
      },
    });
    expect(after.items).toEqual(before.items);
    expect(after).toMatchObject({
      totalAmount: 898,
      subtotal: 898,
      paymentStatus: 'completed',
      status: 'Confirmed',
    });
    const listed = await call(api.app, 'GET', '/orders/orderDetails', { token: owner });
    expect(listed.json().data.map((order: Order) => order._id)).toContain(ravi.orderId);

    // The owner's figures still count the order and its revenue; one customer fewer.
    const figuresAfter = await figures(owner);
    expect(figuresAfter).toMatchObject({
      totalOrders: figuresBefore.totalOrders,
      revenue: figuresBefore.revenue,
      totalUsers: figuresBefore.totalUsers - 1,
    });

    // The review stays, nameless (Anonymous), with its rating and words and its time unchanged.
    const [review] = await reviewsOf(ravi.productId);
    expect(review).toEqual({
      ...ravi.review,
      user: null,
      userName: '',
      verifiedBuyer: false,
    });
    const products = await call(api.app, 'GET', `/products/getProductDetails/${ravi.productId}`);
    expect(products.json().data.rating).toMatchObject({ average: 4, count: 1 });

    // Support messages lose the name and contact, keep their text.
    const [complaint] = await api.db
      .select()
      .from(complaints)
      .where(eq(complaints.orderId, ravi.orderId));
    expect(complaint).toMatchObject({
      fromName: 'Deleted customer',
      replyTo: '',
      query: 'The pouch arrived torn.',
      userId: null,
      invoiceUrl: null,
    });
    // The invoice goes, its file and its route.
    expect(existsSync(ravi.invoiceFile)).toBe(false);
    const invoice = await call(api.app, 'GET', `/supports/invoice/${complaint?.id}`, {
      token: owner,
    });
    expect(invoice.statusCode).toBe(404);
    // The gateway's event keeps what the books need, not who paid.
    expect(await paymentEntityOf(ravi.paymentEventId)).toEqual({
      id: expect.stringMatching(/^pay_/),
      order_id: expect.stringMatching(/^order_/),
      amount: 89800,
      status: 'captured',
      card: { last4: '1111', network: 'Visa' },
    });
    const contacts = await api.db.select().from(contactMessages);
    expect(
      contacts
        .map(({ fromName, replyTo, phone }) => ({ fromName, replyTo, phone }))
        .sort((a, b) => a.replyTo.localeCompare(b.replyTo)),
    ).toEqual([
      { fromName: 'Deleted customer', replyTo: '', phone: '' },
      { fromName: 'Ravi', replyTo: 'ASHA@EXAMPLE.COM', phone: '9123456780' },
    ]);

    // The other customer keeps everything.
    expect(await rowsOf(asha.userId, asha.email, asha.pendingEmail)).toMatchObject({
      users: 1,
      addresses: 1,
      sessions: 1,
    });
    const ashaOrder = await orderAsOwner(asha.orderId, owner);
    expect(ashaOrder).toMatchObject({ user: asha.userId, shippingAddress: ADDRESS });
    const [ashaReview] = await reviewsOf(asha.productId);
    expect(ashaReview).toMatchObject({ user: asha.userId, userName: 'Ravi Jha' });
    const [ashaComplaint] = await api.db
      .select()
      .from(complaints)
      .where(eq(complaints.orderId, asha.orderId));
    expect(ashaComplaint).toMatchObject({
      fromName: 'Ravi Jha',
      replyTo: asha.email,
      invoiceUrl: asha.invoiceUrl,
    });
    expect(existsSync(asha.invoiceFile)).toBe(true);
    expect(await paymentEntityOf(asha.paymentEventId)).toMatchObject({
      email: asha.email,
      vpa: 'ravi@okbank',
      card: { name: 'Ravi Jha' },
    });
    expect((await call(api.app, 'GET', '/users/getUser', { token: asha.token })).statusCode).toBe(
      200,
    );
  });

  it("ends the customer's sign-ins at once: their access and refresh tokens are refused", async () => {
    const ravi = await aCustomer('ravi@example.com');
    expect((await call(api.app, 'GET', '/users/getUser', { token: ravi.token })).statusCode).toBe(
      200,
    );

    expect((await erase(ravi.userId, await ownerToken(api.app))).statusCode).toBe(200);

    for (const [method, url] of [
      ['GET', '/users/getUser'],
      ['GET', '/users/getAddressDetails'],
      ['GET', '/orders/orderDetails'],
      ['GET', `/orders/order-id-details/${ravi.orderId}`],
    ] as const) {
      const response = await call(api.app, method, url, { token: ravi.token });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const review = await call(api.app, 'PUT', `/reviews/update-review/${ravi.review._id}`, {
      token: ravi.token,
      body: { rating: 1, comment: 'Changed' },
    });
    expect(review.statusCode).toBe(401);
    const refreshed = await call(api.app, 'POST', '/users/refresh-token', {
      body: { refreshToken: ravi.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const [kept] = await reviewsOf(ravi.productId);
    expect(kept).toMatchObject({ rating: 4, comment: 'Crunchy and light' });
  });

  it('lets the same e-mail register again as a new customer with no orders', async () => {
    const ravi = await aCustomer('ravi@example.com');
    const owner = await ownerToken(api.app);
    expect((await erase(ravi.userId, owner)).statusCode).toBe(200);

    const again = await api.signInCustomer('ravi@example.com');
    expect(again.user._id).not.toBe(ravi.userId);
    const me = await call(api.app, 'GET', '/users/getUser', { token: again.accessToken });
    expect(me.json().data).toMatchObject({
      _id: again.user._id,
      email: 'ravi@example.com',
      address: [],
      orders: 0,
    });
    const mine = await call(api.app, 'GET', '/orders/orderDetails', { token: again.accessToken });
    expect(mine.json().data).toEqual([]);
    const old = await call(api.app, 'GET', `/orders/order-id-details/${ravi.orderId}`, {
      token: again.accessToken,
    });
    expect(old.statusCode).toBe(404);
    // The old order is still the books', under no one's name.
    expect((await orderAsOwner(ravi.orderId, owner)).shippingAddress.firstName).toBe(
      ERASED_CUSTOMER_NAME,
    );
    // A review of the same product is the new customer's first.
    const review = await call(api.app, 'POST', '/reviews/add-review', {
      token: again.accessToken,
      body: { productId: ravi.productId, rating: 5, comment: 'Back again' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await reviewsOf(ravi.productId)).map((r) => r.userName)).toEqual(['Ravi Jha', '']);
  });

  it("keeps an erased customer's order moving: the owner ships it, and no mail is sent", async () => {
    const ravi = await aCustomer('ravi@example.com');
    const owner = await ownerToken(api.app);
    expect((await erase(ravi.userId, owner)).statusCode).toBe(200);
    const mailsBefore = outbox(api.outboxDir).length;

    const shipped = await call(api.app, 'POST', `/orders/update-status/${ravi.orderId}`, {
      token: owner,
      body: { status: 'Shipped', trackingNumber: 'DL12345678' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({
      status: 'Shipped',
      user: null,
      shippingAddress: { firstName: ERASED_CUSTOMER_NAME, email: '', phone: '', address: '' },
    });
    await api.app.orders.idle();
    // Nothing is sent to the empty address either; the move's mail counts as done.
    expect(outbox(api.outboxDir).slice(mailsBefore)).toEqual([]);
    // The move's mail, carried out with no one to send it to, left the outbox.
    expect(await queuedConsequences(api.db, ravi.orderId)).toEqual([]);

    // A confirmation still owed (a payment settled as the account went) is not sent either, while
    // the owner's notice of the same order still goes out.
    await api.db.insert(outboxTable).values({
      topic: 'order.paid',
      handlers: ['customer-mail', 'owner-mail'],
      orderId: ravi.orderId,
      attempts: 1,
    });
    await api.app.orders.sweep();
    const notices = outbox(api.outboxDir).slice(mailsBefore);
    expect(notices.map((mail) => mail.to)).toEqual([api.app.orders.context.settings.ownerEmail]);
    expect(notices[0]?.text).toContain(ERASED_CUSTOMER_NAME);
    expect(await queuedConsequences(api.db, ravi.orderId)).toEqual([]);
  });

  it('answers 404 for an unknown customer, and changes nothing', async () => {
    const ravi = await aCustomer('ravi@example.com');
    const owner = await ownerToken(api.app);
    for (const id of [MISSING, 'not-an-id', 'x'.repeat(100)]) {
      const response = await erase(id, owner);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        message: CUSTOMER_NOT_FOUND,
        data: null,
      });
    }
    expect((await erase('x'.repeat(101), owner)).statusCode).toBe(400);
    expect((await rowsOf(ravi.userId, ravi.email, ravi.pendingEmail)).users).toBe(1);
  });

  it('is for the owner only: a visitor or a customer is refused and nothing changes', async () => {
    const ravi = await aCustomer('ravi@example.com');
    const asha = await aCustomer('asha@example.com');
    const refusals = [
      await erase(ravi.userId),
      await erase(ravi.userId, asha.token),
      // The customer's own token cannot erase their own account through the owner's route.
      await erase(ravi.userId, ravi.token),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, statusCode: 401 });
    }
    expect(await rowsOf(ravi.userId, ravi.email, ravi.pendingEmail)).toEqual(AS_MADE);
    const [review] = await api.db.select().from(reviews).where(eq(reviews.userId, ravi.userId));
    expect(review?.userName).toBe('Ravi Jha');
    expect((await call(api.app, 'GET', '/users/getUser', { token: ravi.token })).statusCode).toBe(
      200,
    );
  });

  it('erases a customer who never ordered, and the owner can erase nobody twice', async () => {
    const signedIn = await api.signInCustomer('new@example.com');
    const owner = await ownerToken(api.app);
    expect((await erase(signedIn.user._id, owner)).statusCode).toBe(200);
    const twice = await erase(signedIn.user._id, owner);
    expect(twice.statusCode).toBe(404);
  });
});
