import { reviewShape } from '@makhana/domain/contracts/catalogue';
import { pageQueryShape } from '@makhana/domain/contracts/envelope';
import { ownerReviewShape } from '@makhana/domain/contracts/owner';
import { addReviewSchema, reviewSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitConfig } from '../../../config/config';
import type { Database } from '../../../db/client';
import { page, success } from '../../../lib/envelope';
import { accountRateLimit } from '../../../plugins/rate-limit';
import { answers, pageAnswers } from '../../../plugins/route-contracts';
import type { CatalogueCache } from '../products/catalogue-cache';
import { KEPT_READ, prepareAnswer, REVALIDATED, sendPrepared } from '../products/prepared-answer';
import { addReview, deleteReview, listLatestReviews, listReviews, updateReview } from './service';

export const REVIEW_ADDED = 'Review submitted successfully!';
export const REVIEWS_FETCHED = 'Reviews fetched successfully';
export const REVIEW_UPDATED = 'Review updated successfully!';
export const REVIEW_DELETED = 'Review deleted successfully!';

// Not checked as uuids here: any other id answers the same 404 as a missing row.
const productParams = z.object({ productId: z.string() });
const reviewParams = z.object({ reviewId: z.string() });

export const reviewRoutes: FastifyPluginAsyncZod<{
  db: Database;
  catalogue: CatalogueCache;
  rateLimit: RateLimitConfig;
}> = async (app, { db, catalogue, rateLimit }) => {
  const ctx = { db };
  // One budget for adding, editing and deleting, per account whatever address it writes from.
  const writeLimit = accountRateLimit(rateLimit, 'review-writes');

  app.post(
    '/add-review',
    {
      config: { realm: 'customer', ...writeLimit },
      schema: {
        summary: 'Review a product: one review per customer per product',
        tags: ['catalogue'],
        body: addReviewSchema,
        response: answers(reviewShape, [404, 409]),
      },
    },
    async (request) => {
      const review = await addReview(ctx, request.auth.subjectId, request.body);
      return success(review, REVIEW_ADDED);
    },
  );

  app.get(
    '/get-reviews/:productId',
    {
      ...KEPT_READ,
      schema: {
        summary: "A product's reviews, newest first, a page at a time",
        description: `${REVALIDATED} A search (\`?q=\`) is read afresh each time.`,
        tags: ['catalogue'],
        params: productParams,
        querystring: pageQueryShape,
        response: pageAnswers(reviewShape),
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      const { page: number, limit, q } = request.query;
      const load = async () => {
        const { reviews, meta } = await listReviews(db, productId, request.query);
        return prepareAnswer(reply, page(reviews, meta, REVIEWS_FETCHED));
      };
      // A search is not kept: its words are the caller's, and the pages without one are the hot ones.
      if (q) return sendPrepared(request, reply, await load());
      const key = `answer:reviews:${productId.toLowerCase()}:${number}:${limit}`;
      return sendPrepared(request, reply, await catalogue.get(key, load), key);
    },
  );

  app.get(
    '/latest',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'The newest reviews across every product, a page at a time, for moderation',
        description: "`?q=` searches the comment, the author's name and the product's name.",
        tags: ['catalogue'],
        querystring: pageQueryShape,
        response: pageAnswers(ownerReviewShape),
      },
    },
    async (request) => {
      const { reviews, meta } = await listLatestReviews(db, request.query);
      return page(reviews, meta, REVIEWS_FETCHED);
    },
  );

  app.put(
    '/update-review/:reviewId',
    {
      config: { realm: 'customer', ...writeLimit },
      schema: {
        summary: "Change one's own review",
        tags: ['catalogue'],
        params: reviewParams,
        body: reviewSchema,
        response: answers(reviewShape),
      },
    },
    async (request) => {
      const { subjectId } = request.auth;
      const review = await updateReview(ctx, subjectId, request.params.reviewId, request.body);
      return success(review, REVIEW_UPDATED);
    },
  );

  /** The author removes their review; the owner may remove any (moderation). */
  app.delete(
    '/delete-review/:reviewId',
    {
      config: { realm: 'customerOrOwner', ...writeLimit },
      schema: {
        summary: "Delete one's own review, or any review as the owner",
        tags: ['catalogue'],
        params: reviewParams,
        response: answers(reviewShape.pick({ _id: true })),
      },
    },
    async (request) => {
      const { realm, subjectId } = request.auth;
      const deleted = await deleteReview(ctx, { realm, subjectId }, request.params.reviewId);
      return success(deleted, REVIEW_DELETED);
    },
  );
};
