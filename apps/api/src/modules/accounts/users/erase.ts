import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  addresses,
  emailChanges,
  emailChangeUndos,
  googleLoginCodes,
  otpCodes,
  otpRequests,
  refreshSessions,
  users,
} from '../../../db/schema';
import { NotFoundError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { forgetReviewAuthor } from '../../catalogue';
import { forgetCustomerOnOrders, removeReturnPhotos } from '../../checkout';
import { forgetCustomerMessages, removeInvoiceFiles } from '../../support';
import type { SessionService } from '../auth/service';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

export interface EraseContext {
  db: Database;
  /** DATA_DIR/private, where complaint invoices and return photos are kept */
  privateDir: string;
  /** keeps whether sessions are live, in every process */
  sessions: Pick<SessionService, 'sessionsEnded'>;
}

/**
 * Erases a customer (docs/decisions/017-erasing-a-customer.md), all or nothing: their account,
 * addresses, sign-ins and codes go; their orders stay for the books under "Deleted customer",
 * their reviews stay without a name, their support messages without name or contact. Each table
 * is written by the module that owns it, inside this one transaction. Their access tokens die
 * with their sessions, since every token is checked against a live session.
 */
export async function eraseCustomer(ctx: EraseContext, userId: string): Promise<{ _id: string }> {
  // Any other text names no account, and would make PostgreSQL refuse some bytes (NUL) instead.
  if (!isUuid(userId)) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const { invoiceFiles, returnPhotos } = await ctx.db.transaction(async (tx) => {
    // Locked first: an order or review written meanwhile either lands before (and is
    // anonymised here) or waits and then finds no account to belong to.
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new NotFoundError(CUSTOMER_NOT_FOUND);

    const { returnPhotos } = await forgetCustomerOnOrders(tx, user.id);
    await forgetReviewAuthor(tx, user.id);
    const messages = await forgetCustomerMessages(tx, { userId: user.id, email: user.email });

    // An e-mail change in progress keeps its code under the new address, a made one its undo
    // link under both (decision 032), and the mails sent there are counted under them: all name
    // the person. The change and undo rows go with the account (their keys cascade).
    const [pending, changes, undos] = await Promise.all([
      tx.select({ email: otpCodes.email }).from(otpCodes).where(eq(otpCodes.userId, user.id)),
      tx
        .select({ email: emailChanges.newEmail })
        .from(emailChanges)
        .where(eq(emailChanges.userId, user.id)),
      tx
        .select({ from: emailChangeUndos.restoreEmail, to: emailChangeUndos.changedTo })
        .from(emailChangeUndos)
        .where(eq(emailChangeUndos.userId, user.id)),
    ]);
    const emails = [
      ...new Set([
        user.email,
        ...pending.map((code) => code.email),
        ...changes.map((change) => change.email),
        ...undos.flatMap((undo) => [undo.from, undo.to]),
      ]),
    ];
    await tx
      .delete(otpCodes)
      .where(or(eq(otpCodes.userId, user.id), eq(otpCodes.email, user.email)));
    await tx.delete(otpRequests).where(inArray(otpRequests.email, emails));
    await tx.delete(googleLoginCodes).where(eq(googleLoginCodes.userId, user.id));
    await tx
      .delete(refreshSessions)
      .where(and(eq(refreshSessions.subjectType, 'user'), eq(refreshSessions.subjectId, user.id)));
    await tx.delete(addresses).where(eq(addresses.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    return { ...messages, returnPhotos };
  });
  await removeInvoiceFiles(ctx.privateDir, invoiceFiles);
  await removeReturnPhotos(ctx.privateDir, returnPhotos);
  // After the commit, so no process asks again whether a deleted session is live before it is
  // gone (the catalogue's cached reviews are dropped by its own hook: forgetReviewAuthor marks it).
  await ctx.sessions.sessionsEnded();
  return { _id: userId };
}
