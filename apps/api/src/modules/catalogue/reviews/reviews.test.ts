import { TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';
import type { Product, Review } from '@makhana/domain/product';
import { MESSAGES } from '@makhana/domain/validation';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { reviews, users } from '../../../db/schema';
import { forgetCachedReads, useTestApp } from '../../../test/app';
import {
  cartLine,
  customer,
  insertProduct,
  orderWithPayment,
  ownerToken,
  type TestVariant,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { PRODUCT_NOT_FOUND } from '../products/service';
import { REVIEW_ADDED, REVIEW_DELETED, REVIEW_UPDATED, REVIEWS_FETCHED } from './routes';
import { ALREADY_REVIEWED, NOT_YOUR_REVIEW, REVIEW_NOT_FOUND } from './service';

// Room for every write of this file; the budget's own test starts an app with a small one.
const api = useTestApp({
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000', RATE_LIMIT_ACCOUNT_MAX: '1000' },
  owner: true,
  poolSize: 4,
});

const MISSING = '00000000-0000-4000-8000-00000000abcd';

let makhana: TestVariant;
let other: TestVariant;
beforeEach(async () => {
  [makhana] = await insertProduct(api.db, { variants: [{ weight: 250, price: 449, stock: 20 }] });
  [other] = await insertProduct(api.db, { variants: [{ weight: 100, price: 199, stock: 20 }] });
  await forgetCachedReads(api.app);
});

function add(token: string | undefined, body: object, app: FastifyInstance = api.app) {
  return call(app, 'POST', '/reviews/add-review', { token, body });
}

function update(token: string | undefined, reviewId: string, body: object, app = api.app) {
  return call(app, 'PUT', `/reviews/update-review/${reviewId}`, { token, body });
}

function remove(token: string | undefined, reviewId: string, app = api.app) {
  return call(app, 'DELETE', `/reviews/delete-review/${reviewId}`, { token });
}

async function addedReview(token: string, productId: string, rating = 5, comment = 'Crunchy') {
  const response = await add(token, { productId, rating, comment });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Review;
}

async function listed(productId: string, query = '') {
  const response = await call(api.app, 'GET', `/reviews/get-reviews/${productId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: Review[];
    meta: { page: number; limit: number; total: number };
  };
}

async function storedReview(id: string) {
  const [row] = await api.db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

/** The product's rating as both product routes answer it. */
async function ratingOf(productId: string): Promise<Product['rating'][]> {
  const list = await call(api.app, 'GET', '/products/getProductDetails');
  const one = await call(api.app, 'GET', `/products/getProductDetails/${productId}`);
  const fromList = (list.json().data as Product[]).find((p) => p._id === productId);
  return [fromList!.rating, one.json().data.rating];
}

describe('adding a review', () => {
  it('answers the review with its author, name and dates', async () => {
    const { user, token } = await customer(api.db);
    const response = await add(token, {
      productId: makhana.productId,
      rating: 4,
      comment: ' Good ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: 200,
      success: true,
      message: REVIEW_ADDED,
    });
    const review = response.json().data;
    expect(review).toEqual({
      _id: expect.any(String),
      product: makhana.productId,
      user: user.id,
      userName: 'Asha Kumari',
      rating: 4,
      comment: 'Good',
      verifiedBuyer: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedReview(review._id)).toMatchObject({ userId: user.id, rating: 4 });
  });

  it('refuses a visitor on every write, and changes nothing', async () => {
    const { token } = await customer(api.db);
    const review = await addedReview(token, makhana.productId);
    for (const response of [
      await add(undefined, { productId: makhana.productId, rating: 5, comment: 'Hi' }),
      await update(undefined, review._id, { rating: 1, comment: 'Changed' }),
      await remove(undefined, review._id),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, statusCode: 401 });
    }
    expect(await storedReview(review._id)).toMatchObject({ rating: 5, comment: 'Crunchy' });
    expect((await listed(makhana.productId)).meta.total).toBe(1);
  });

  it('refuses a rating of 0, 6 or 2.5, naming rating', async () => {
    const { token } = await customer(api.db);
    for (const rating of [0, 6, 2.5]) {
      const response = await add(token, { productId: makhana.productId, rating, comment: 'Hi' });
      expect(response.statusCode, `${rating}`).toBe(400);
      expect(response.json().message).toBe(`rating: ${MESSAGES.ratingRange}`);
      expect(response.json().errors).toEqual([{ field: 'rating', message: MESSAGES.ratingRange }]);
    }
    expect((await listed(makhana.productId)).meta.total).toBe(0);
  });

  it('refuses a blank comment and one of 1,001 characters; takes 1,000', async () => {
    const { token } = await customer(api.db);
    const blank = await add(token, { productId: makhana.productId, rating: 3, comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(`comment: ${MESSAGES.commentRequired}`);
    const long = await add(token, {
      productId: makhana.productId,
      rating: 3,
      comment: 'a'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('comment: Must be at most 1000 characters');
    expect((await listed(makhana.productId)).meta.total).toBe(0);
    const longest = await addedReview(token, makhana.productId, 3, 'a'.repeat(1000));
    expect(longest.comment).toHaveLength(1000);
  });

  it('answers 404 for an unknown or malformed product', async () => {
    const { token } = await customer(api.db);
    for (const productId of [MISSING, 'not-a-product']) {
      const response = await add(token, { productId, rating: 5, comment: 'Hi' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PRODUCT_NOT_FOUND);
    }
  });

  it('answers 404 for a product the owner deleted, on add and on the list', async () => {
    const { token } = await customer(api.db);
    await addedReview(token, makhana.productId);
    const owner = await ownerToken(api.app);
    const deleted = await call(api.app, 'POST', `/products/deleteProduct/${makhana.productId}`, {
      token: owner,
    });
    expect(deleted.statusCode).toBe(200);
    const { token: another } = await customer(api.db);
    const refused = await add(another, { productId: makhana.productId, rating: 4, comment: 'Hi' });
    expect(refused.statusCode).toBe(404);
    const list = await call(api.app, 'GET', `/reviews/get-reviews/${makhana.productId}`);
    expect(list.statusCode).toBe(404);
  });

  it('takes one review per customer per product: the second is 409', async () => {
    const { token } = await customer(api.db);
    await addedReview(token, makhana.productId);
    const again = await add(token, { productId: makhana.productId, rating: 1, comment: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: ALREADY_REVIEWED });
    // Another product, or another customer, is a review of its own.
    await addedReview(token, other.productId);
    await addedReview((await customer(api.db)).token, makhana.productId);
    expect((await listed(makhana.productId)).meta.total).toBe(2);
  });

  it('keeps one review when two adds arrive at once; the other is 409', async () => {
    const { token } = await customer(api.db);
    const body = (comment: string) => ({ productId: makhana.productId, rating: 4, comment });
    const answers = await Promise.all([add(token, body('First')), add(token, body('Second'))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await listed(makhana.productId)).meta.total).toBe(1);
  });

  it('stores and answers HTML as the text it is', async () => {
    const { token } = await customer(api.db);
    const comment = '<img src=x onerror="alert(1)"> & <b>tasty</b>';
    expect((await addedReview(token, makhana.productId, 5, comment)).comment).toBe(comment);
    expect((await listed(makhana.productId)).data[0]?.comment).toBe(comment);
  });

  it("carries the author's name at the time of writing, empty when there is none", async () => {
    const named = await customer(api.db);
    const review = await addedReview(named.token, makhana.productId);
    await api.db
      .update(users)
      .set({ firstName: 'Meera', lastName: '' })
      .where(eq(users.id, named.user.id));
    expect((await listed(makhana.productId)).data[0]?.userName).toBe('Asha Kumari');
    const edited = await update(named.token, review._id, { rating: 5, comment: 'Crunchy' });
    expect(edited.json().data.userName).toBe('Meera');

    const nameless = await customer(api.db);
    await api.db
      .update(users)
      .set({ firstName: '', lastName: '' })
      .where(eq(users.id, nameless.user.id));
    expect((await addedReview(nameless.token, makhana.productId)).userName).toBe('');
  });
});

describe('listing reviews', () => {
  it('lists newest first, a page at a time, with where the page sits', async () => {
    const written: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const { token } = await customer(api.db);
      written.push((await addedReview(token, makhana.productId, i, `Review ${i}`))._id);
    }
    const newestFirst = [...written].reverse();

    const all = await listed(makhana.productId);
    expect(all.meta).toEqual({ page: 1, limit: 50, total: 5 });
    expect(all.data.map((r) => r._id)).toEqual(newestFirst);
    expect(all).toMatchObject({ statusCode: 200, success: true, message: REVIEWS_FETCHED });

    const second = await listed(makhana.productId, '?page=2&limit=2');
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 5 });
    expect(second.data.map((r) => r._id)).toEqual(newestFirst.slice(2, 4));
    const last = await listed(makhana.productId, '?page=3&limit=2');
    expect(last.data.map((r) => r._id)).toEqual(newestFirst.slice(4));
    const beyond = await listed(makhana.productId, '?page=4&limit=2');
    expect(beyond).toMatchObject({ data: [], meta: { page: 4, limit: 2, total: 5 } });

    // Another product's reviews are not among them.
    expect((await listed(other.productId)).meta.total).toBe(0);
  });

  it('breaks a tie of the same instant by id, so pages never repeat a review', async () => {
    for (let i = 0; i < 4; i++)
      await addedReview((await customer(api.db)).token, makhana.productId);
    const instant = new Date('2026-11-01T10:00:00Z');
    await api.db
      .update(reviews)
      .set({ createdAt: instant })
      .where(eq(reviews.productId, makhana.productId));
    const pages = [
      ...(await listed(makhana.productId, '?page=1&limit=2')).data,
      ...(await listed(makhana.productId, '?page=2&limit=2')).data,
    ].map((r) => r._id);
    expect(new Set(pages).size).toBe(4);
    expect(pages).toEqual([...pages].sort().reverse());
  });

  it('finds reviews by words of their comment or author, LIKE wildcards taken as text', async () => {
    for (const comment of ['Crunchy and light', 'Too salty', 'Worth 100% of it', 'Very crunchy']) {
      const { token } = await customer(api.db);
      await addedReview(token, makhana.productId, 5, comment);
    }
    const found = await listed(makhana.productId, '?q=CRUNCHY');
    expect(found.meta.total).toBe(2);
    expect(found.data.map((r) => r.comment)).toEqual(['Very crunchy', 'Crunchy and light']);
    expect((await listed(makhana.productId, '?q=100%25')).data.map((r) => r.comment)).toEqual([
      'Worth 100% of it',
    ]);
    expect((await listed(makhana.productId, '?q=%25')).meta.total).toBe(1);
    expect((await listed(makhana.productId, '?q=_')).meta.total).toBe(0);
    expect((await listed(makhana.productId, '?q=')).meta.total).toBe(4);
  });

  it('refuses a page or limit out of range, and a search too long, naming it', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      ['?limit=x', 'limit'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await call(
        api.app,
        'GET',
        `/reviews/get-reviews/${makhana.productId}${query}`,
      );
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
  });

  it('answers 404 for an unknown or malformed product', async () => {
    for (const productId of [MISSING, 'not-a-product']) {
      const response = await call(api.app, 'GET', `/reviews/get-reviews/${productId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PRODUCT_NOT_FOUND);
    }
  });
});

describe('editing and deleting', () => {
  it('lets the author edit their review', async () => {
    const { token } = await customer(api.db);
    const review = await addedReview(token, makhana.productId, 5, 'Crunchy');
    const response = await update(token, review._id, { rating: 2, comment: ' Soggy now ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: REVIEW_UPDATED,
      data: { _id: review._id, rating: 2, comment: 'Soggy now', createdAt: review.createdAt },
    });
    expect(await storedReview(review._id)).toMatchObject({ rating: 2, comment: 'Soggy now' });
    const invalid = await update(token, review._id, { rating: 6, comment: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].field).toBe('rating');
  });

  it("refuses another customer's edit and delete with 403, and changes nothing", async () => {
    const author = await customer(api.db);
    const stranger = await customer(api.db);
    const review = await addedReview(author.token, makhana.productId, 5, 'Crunchy');
    const before = await storedReview(review._id);

    const edit = await update(stranger.token, review._id, { rating: 1, comment: 'Bad' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(NOT_YOUR_REVIEW);
    const deletion = await remove(stranger.token, review._id);
    expect(deletion.statusCode).toBe(403);
    expect(deletion.json().message).toBe(NOT_YOUR_REVIEW);

    expect(await storedReview(review._id)).toEqual(before);
  });

  it('answers 404 for an unknown or malformed review', async () => {
    const { token } = await customer(api.db);
    for (const id of [MISSING, 'not-a-review']) {
      const edit = await update(token, id, { rating: 3, comment: 'Hi' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe(REVIEW_NOT_FOUND);
      const deletion = await remove(token, id);
      expect(deletion.statusCode).toBe(404);
      expect(deletion.json().message).toBe(REVIEW_NOT_FOUND);
    }
  });

  it('lets the author delete their review, and the owner delete any', async () => {
    const author = await customer(api.db);
    const mine = await addedReview(author.token, makhana.productId);
    const deleted = await remove(author.token, mine._id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: REVIEW_DELETED, data: { _id: mine._id } });
    expect(await storedReview(mine._id)).toBeUndefined();

    const someone = await customer(api.db);
    const theirs = await addedReview(someone.token, makhana.productId);
    const owner = await ownerToken(api.app);
    const moderated = await remove(owner, theirs._id);
    expect(moderated.statusCode).toBe(200);
    expect(moderated.json().data).toEqual({ _id: theirs._id });
    expect(await storedReview(theirs._id)).toBeUndefined();
    // The owner moderates; editing stays the author's.
    const ownerEdit = await update(owner, (await addedReview(someone.token, other.productId))._id, {
      rating: 1,
      comment: 'x',
    });
    expect(ownerEdit.statusCode).toBe(401);
  });
});

describe("the product's rating", () => {
  it('follows every add, edit and delete at once in both product routes', async () => {
    // Read once so the catalogue is cached before the writes.
    expect(await ratingOf(makhana.productId)).toEqual([
      { average: 0, count: 0 },
      { average: 0, count: 0 },
    ]);
    const first = await customer(api.db);
    const second = await customer(api.db);
    const review = await addedReview(first.token, makhana.productId, 4);
    expect(await ratingOf(makhana.productId)).toEqual([
      { average: 4, count: 1 },
      { average: 4, count: 1 },
    ]);
    await addedReview(second.token, makhana.productId, 5);
    expect(await ratingOf(makhana.productId)).toEqual([
      { average: 4.5, count: 2 },
      { average: 4.5, count: 2 },
    ]);
    await update(first.token, review._id, { rating: 2, comment: 'Changed my mind' });
    expect(await ratingOf(makhana.productId)).toEqual([
      { average: 3.5, count: 2 },
      { average: 3.5, count: 2 },
    ]);
    await remove(first.token, review._id);
    expect(await ratingOf(makhana.productId)).toEqual([
      { average: 5, count: 1 },
      { average: 5, count: 1 },
    ]);
    // The other product is untouched.
    expect((await ratingOf(other.productId))[0]).toEqual({ average: 0, count: 0 });
  });
});

describe('verified buyer', () => {
  async function pay(token: string, variant: TestVariant) {
    const { gatewayOrderId } = await orderWithPayment(api.app, token, [cartLine(variant, 1)]);
    const paid = await call(api.app, 'POST', '/payments/simulated/pay', {
      token,
      body: { razorpay_order_id: gatewayOrderId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }

  it('is true only once the author has a paid order holding that product', async () => {
    const { token } = await customer(api.db);
    const review = await addedReview(token, makhana.productId);
    expect(review.verifiedBuyer).toBe(false);

    // An unpaid order, or a paid one for another product, does not count.
    await orderWithPayment(api.app, token, [cartLine(makhana, 1)]);
    await pay(token, other);
    expect((await listed(makhana.productId)).data[0]?.verifiedBuyer).toBe(false);

    await pay(token, makhana);
    expect((await listed(makhana.productId)).data[0]?.verifiedBuyer).toBe(true);
    const edited = await update(token, review._id, { rating: 4, comment: 'Still good' });
    expect(edited.json().data.verifiedBuyer).toBe(true);

    // Someone else's purchase does not verify this author, nor the reverse.
    const stranger = await customer(api.db);
    expect((await addedReview(stranger.token, makhana.productId)).verifiedBuyer).toBe(false);
  });
});

describe('the write budget per account', () => {
  it('answers 429 once an account has spent it, on add, edit and delete together', async () => {
    const app = await api.startApp({
      env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_ACCOUNT_MAX: '3' },
    });
    const busy = await customer(api.db);
    const first = await add(
      busy.token,
      { productId: makhana.productId, rating: 5, comment: 'A' },
      app,
    );
    const id = first.json().data._id;
    expect(first.statusCode).toBe(200);
    expect((await update(busy.token, id, { rating: 4, comment: 'B' }, app)).statusCode).toBe(200);
    expect((await remove(busy.token, id, app)).statusCode).toBe(200);

    const refused = await add(
      busy.token,
      { productId: other.productId, rating: 5, comment: 'C' },
      app,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: TOO_MANY_REQUESTS_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await listed(other.productId)).meta.total).toBe(0);

    // Another account from the same address has its own budget; reading is not a write.
    const calm = await customer(api.db);
    const allowed = await add(
      calm.token,
      { productId: other.productId, rating: 5, comment: 'D' },
      app,
    );
    expect(allowed.statusCode).toBe(200);
    expect((await call(app, 'GET', `/reviews/get-reviews/${other.productId}`)).statusCode).toBe(
      200,
    );
  });
});

describe("the owner's moderation list", () => {
  async function latest(token: string, query = '') {
    const response = await call(api.app, 'GET', `/reviews/latest${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: (Review & { productName: string })[];
      meta: { page: number; limit: number; total: number };
    };
  }

  it('pages the newest reviews across every product, each with its product’s name', async () => {
    const written: Review[] = [];
    for (const [i, variant] of [makhana, other, makhana].entries()) {
      const { token } = await customer(api.db);
      written.push(await addedReview(token, variant.productId, 4, `Review ${i}`));
    }
    const owner = await ownerToken(api.app);

    const all = await latest(owner);
    expect(all).toMatchObject({ message: REVIEWS_FETCHED, meta: { page: 1, limit: 50, total: 3 } });
    expect(all.data.map((r) => r._id)).toEqual(written.map((r) => r._id).reverse());
    expect(all.data[0]).toEqual({ ...written[2], productName: makhana.name });
    expect(all.data[1]?.productName).toBe(other.name);

    const second = await latest(owner, '?page=2&limit=2');
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(second.data.map((r) => r._id)).toEqual([written[0]?._id]);
  });

  it('finds reviews by comment, author or product name, LIKE wildcards as text', async () => {
    const asha = await customer(api.db);
    await addedReview(asha.token, makhana.productId, 5, 'Crunchy 100% of the time');
    const meera = await customer(api.db);
    await api.db
      .update(users)
      .set({ firstName: 'Meera', lastName: 'Jha' })
      .where(eq(users.id, meera.user.id));
    await addedReview(meera.token, other.productId, 2, 'Too salty');
    const owner = await ownerToken(api.app);
    const comments = async (q: string) =>
      (await latest(owner, `?q=${encodeURIComponent(q)}`)).data.map((r) => r.comment);

    expect(await comments('CRUNCHY')).toEqual(['Crunchy 100% of the time']);
    expect(await comments('meera jha')).toEqual(['Too salty']);
    expect(await comments(other.name.toUpperCase())).toEqual(['Too salty']);
    expect(await comments('100%')).toEqual(['Crunchy 100% of the time']);
    expect(await comments('_')).toEqual([]);
    expect((await latest(owner, '?q=')).meta.total).toBe(2);
  });

  it('is the owner’s alone', async () => {
    const { token } = await customer(api.db);
    expect((await call(api.app, 'GET', '/reviews/latest')).statusCode).toBe(401);
    expect((await call(api.app, 'GET', '/reviews/latest', { token })).statusCode).toBe(401);
    const refused = await call(api.app, 'GET', '/reviews/latest?limit=101', {
      token: await ownerToken(api.app),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('limit');
  });

  it("lets the owner's screen delete any review with both sessions in the browser, and the rating follows", async () => {
    const author = await customer(api.db);
    const review = await addedReview(author.token, makhana.productId, 2);
    expect((await ratingOf(makhana.productId))[0]).toEqual({ average: 2, count: 1 });
    const cookies = { accessToken: author.token, adminAccessToken: await ownerToken(api.app) };
    // Named as the customer, the same browser may only delete the customer's own reviews.
    const stranger = await customer(api.db);
    const theirs = await addedReview(stranger.token, other.productId);
    const asCustomer = await api.app.inject({
      method: 'DELETE',
      url: `/api/v1/reviews/delete-review/${theirs._id}`,
      cookies,
      headers: { 'x-auth-realm': 'customer', origin: 'http://localhost:3000' },
    });
    expect(asCustomer.statusCode, asCustomer.body).toBe(403);

    const asOwner = await api.app.inject({
      method: 'DELETE',
      url: `/api/v1/reviews/delete-review/${review._id}`,
      cookies,
      headers: { 'x-auth-realm': 'owner', origin: 'http://localhost:3000' },
    });
    expect(asOwner.statusCode, asOwner.body).toBe(200);
    expect(await storedReview(review._id)).toBeUndefined();
    expect(await ratingOf(makhana.productId)).toEqual([
      { average: 0, count: 0 },
      { average: 0, count: 0 },
    ]);
    expect((await latest(await ownerToken(api.app))).data.map((r) => r._id)).toEqual([theirs._id]);
  });
});
