import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { complaints, contactMessages } from '../../db/schema';

/** The name an erased customer's messages carry instead of theirs. */
const ERASED_SENDER_NAME = 'Deleted customer';

/**
 * Takes an erased customer's name, e-mail and phone off the complaints and contact messages they
 * sent, inside the caller's transaction (accounts erases the person; these rows belong to
 * support). A message counts as theirs when it is linked to the account or was sent from its
 * e-mail: the contact form is open to visitors, so most carry no account. The text stays, for the
 * owner's record of what was asked and answered.
 */
export async function forgetCustomerMessages(
  tx: Executor,
  customer: { userId: string; email: string },
): Promise<void> {
  const email = customer.email.toLowerCase();
  await tx
    .update(complaints)
    .set({ fromName: ERASED_SENDER_NAME, replyTo: '' })
    .where(
      or(eq(complaints.userId, customer.userId), eq(sql`lower(${complaints.replyTo})`, email)),
    );
  await tx
    .update(contactMessages)
    .set({ fromName: ERASED_SENDER_NAME, replyTo: '', phone: '' })
    .where(eq(sql`lower(${contactMessages.replyTo})`, email));
}
