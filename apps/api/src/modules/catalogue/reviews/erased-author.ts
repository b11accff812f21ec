import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { reviews } from '../../../db/schema';
import { catalogueChanged } from '../products/catalogue-cache';

/**
 * Takes an erased customer's name off their reviews, inside the caller's transaction (accounts
 * erases the person; reviews belong to the catalogue). The rating and words stay, shown as
 * Anonymous, so a product's rating does not move; `user_id` becomes null when the account row
 * goes. The catalogue's cached reviews are dropped once the caller's transaction commits.
 */
export async function forgetReviewAuthor(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(reviews)
    // The review's words did not change: its time stays, or it would show as edited.
    .set({ userName: '', updatedAt: sql`${reviews.updatedAt}` })
    .where(eq(reviews.userId, userId));
  catalogueChanged(tx);
}
