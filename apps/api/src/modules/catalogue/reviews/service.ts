import type { PageMeta } from '@makhana/domain/api';
import type { OwnerReview } from '@makhana/domain/contracts/owner';
import type { Review } from '@makhana/domain/product';
import { and, desc, eq, ilike, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { products, reviews, users } from '../../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { containing, offsetOf } from '../../../lib/search';
import { boughtBy } from '../../checkout';
import { catalogueChanged } from '../products/catalogue-cache';
import { PRODUCT_NOT_FOUND } from '../products/service';

export const REVIEW_NOT_FOUND = 'Review not found';

/**
 * Whether `customerId` has written a review of any product `productIds` names (a subquery of
 * product ids), as a boolean SQL expression: what a sale to that customer changes in the reviews
 * shown (their verified-buyer mark).
 */
export function reviewedBy(customerId: SQLWrapper, productIds: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from reviews rv
    where rv.user_id = ${customerId} and rv.product_id in (${productIds}))`;
}
export const ALREADY_REVIEWED = 'You have already reviewed this product';
export const NOT_YOUR_REVIEW = 'You can only edit or delete your own review';

/** Reviews change the products' rating, so every write also refreshes the cached catalogue. */
export interface ReviewsContext {
  db: Database;
}

export interface ReviewInput {
  rating: number;
  comment: string;
}

/** Who acts on a review: its author, another customer, or the owner (who moderates). */
export interface ReviewActor {
  realm: 'customer' | 'owner';
  subjectId: string;
}

/** The author's name as the account holds it now; empty when the account has none. */
function authorName(db: Executor, userId: string) {
  return db
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(eq(users.id, userId));
}

/** What every list of reviews reads of a review, its author's verified purchase included. */
const reviewColumns = (db: Executor) => ({
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  userName: reviews.userName,
  rating: reviews.rating,
  comment: reviews.comment,
  // The author bought the product: checkout's rule, asked of the review's own columns.
  verifiedBuyer: boughtBy(db, reviews.userId, reviews.productId),
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
});

async function reviewViews(
  db: Executor,
  where: SQL | undefined,
  paging?: { limit: number; offset: number },
): Promise<Review[]> {
  const query = db
    .select(reviewColumns(db))
    .from(reviews)
    .where(where)
    // The id breaks ties between reviews written in the same instant, so pages never overlap.
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const rows = paging ? await query.limit(paging.limit).offset(paging.offset) : await query;
  return rows.map((row) => ({
    _id: row.id,
    product: row.productId,
    user: row.userId,
    userName: row.userName,
    rating: row.rating,
    comment: row.comment,
    verifiedBuyer: Boolean(row.verifiedBuyer),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function reviewView(db: Executor, id: string): Promise<Review> {
  const [view] = await reviewViews(db, eq(reviews.id, id));
  if (!view) throw new NotFoundError(REVIEW_NOT_FOUND);
  return view;
}

/**
 * Locks the product against deletion while a review is written for it; a malformed id is the same
 * 404 as a missing product.
 */
/** A product of the shop: one the owner deleted is gone for reviews as for shoppers. */
async function requireProduct(db: Executor, productId: string, lock: boolean): Promise<void> {
  if (!isUuid(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const query = db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  const [product] = lock ? await query.for('share') : await query;
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
}

/** The review, locked for the change; its author or the owner only. */
async function reviewToChange(db: Executor, actor: ReviewActor, reviewId: string) {
  if (!isUuid(reviewId)) throw new NotFoundError(REVIEW_NOT_FOUND);
  const [review] = await db
    .select({ id: reviews.id, userId: reviews.userId })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update');
  if (!review) throw new NotFoundError(REVIEW_NOT_FOUND);
  if (actor.realm !== 'owner' && review.userId !== actor.subjectId) {
    throw new ForbiddenError(NOT_YOUR_REVIEW);
  }
  return review;
}

/** One review per customer per product: the unique index decides, also between two racing adds. */
export async function addReview(
  ctx: ReviewsContext,
  userId: string,
  input: ReviewInput & { productId: string },
): Promise<Review> {
  const review = await ctx.db.transaction(async (tx) => {
    await requireProduct(tx, input.productId, true);
    const [inserted] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId,
        userName: sql`coalesce((${authorName(tx, userId)}), '')`,
        rating: input.rating,
        comment: input.comment,
      })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!inserted) throw new ConflictError(ALREADY_REVIEWED);
    catalogueChanged(tx);
    return reviewView(tx, inserted.id);
  });
  return review;
}

/** A product's reviews, newest first, one page at a time. */
export async function listReviews(
  db: Database,
  productId: string,
  query: { page: number; limit: number; q?: string | undefined },
): Promise<{ reviews: Review[]; meta: PageMeta }> {
  await requireProduct(db, productId, false);
  const { page, limit } = query;
  const words = containing(query.q);
  const matching = and(
    eq(reviews.productId, productId),
    words ? or(ilike(reviews.comment, words), ilike(reviews.userName, words)) : undefined,
  );
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .where(matching);
  const list = await reviewViews(db, matching, { limit, offset: offsetOf(query) });
  return { reviews: list, meta: { page, limit, total: Number(counted?.total ?? 0) } };
}

/**
 * The owner's moderation list: the newest reviews across every product, a deleted product's too
 * (its reviews are kept while its orders point at it), searched over the comment, the author's
 * name and the product's name.
 */
export async function listLatestReviews(
  db: Database,
  query: { page: number; limit: number; q?: string | undefined },
): Promise<{ reviews: OwnerReview[]; meta: PageMeta }> {
  const words = containing(query.q);
  const matching = words
    ? or(ilike(reviews.comment, words), ilike(reviews.userName, words), ilike(products.name, words))
    : undefined;
  // Every review has its product (a foreign key), so without words the count needs no join.
  const [counted] = words
    ? await db
        .select({ total: sql<number>`count(*)::int` })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(matching)
    : await db.select({ total: sql<number>`count(*)::int` }).from(reviews);
  const list = await ownerReviews(db, matching, { limit: query.limit, offset: offsetOf(query) });
  const { page, limit } = query;
  return { reviews: list, meta: { page, limit, total: Number(counted?.total ?? 0) } };
}

/** Reviews with their product's name, newest first, a deleted product's too. */
async function ownerReviews(
  db: Executor,
  where: SQL | undefined,
  paging: { limit: number; offset: number },
): Promise<OwnerReview[]> {
  const rows = await db
    .select({ ...reviewColumns(db), productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return rows.map((row) => ({
    _id: row.id,
    product: row.productId,
    productName: row.productName,
    user: row.userId,
    userName: row.userName,
    rating: row.rating,
    comment: row.comment,
    verifiedBuyer: Boolean(row.verifiedBuyer),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A customer's newest reviews, for the owner's page of that customer. */
export function reviewsByAuthor(
  db: Executor,
  userId: string,
  limit: number,
): Promise<OwnerReview[]> {
  return ownerReviews(db, eq(reviews.userId, userId), { limit, offset: 0 });
}

/** The author changes their rating and comment; the name follows the account's current one. */
export async function updateReview(
  ctx: ReviewsContext,
  userId: string,
  reviewId: string,
  input: ReviewInput,
): Promise<Review> {
  const review = await ctx.db.transaction(async (tx) => {
    const { id } = await reviewToChange(tx, { realm: 'customer', subjectId: userId }, reviewId);
    await tx
      .update(reviews)
      .set({
        rating: input.rating,
        comment: input.comment,
        userName: sql`coalesce((${authorName(tx, userId)}), '')`,
      })
      .where(eq(reviews.id, id));
    catalogueChanged(tx);
    return reviewView(tx, id);
  });
  return review;
}

/** The author deletes their review, or the owner removes any review. */
export async function deleteReview(
  ctx: ReviewsContext,
  actor: ReviewActor,
  reviewId: string,
): Promise<{ _id: string }> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const { id } = await reviewToChange(tx, actor, reviewId);
    await tx.delete(reviews).where(eq(reviews.id, id));
    catalogueChanged(tx);
    return { _id: id };
  });
  return deleted;
}
