import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { complaints, contactMessages } from '../../db/schema';
import { STORED_INVOICE } from './inbox';

/** The name an erased customer's messages carry instead of theirs. */
const ERASED_SENDER_NAME = 'Deleted customer';

/**
 * Takes an erased customer's name, e-mail and phone off the complaints and contact messages they
 * sent, inside the caller's transaction (accounts erases the person; these rows belong to
 * support). A message counts as theirs when it is linked to the account or was sent from its
 * e-mail: the contact form is open to visitors, so most carry no account. The text stays, for the
 * owner's record of what was asked and answered; a complaint's invoice does not.
 */
export async function forgetCustomerMessages(
  tx: Executor,
  customer: { userId: string; email: string },
): Promise<{ invoiceFiles: string[] }> {
  const email = customer.email.toLowerCase();
  const theirs = or(
    eq(complaints.userId, customer.userId),
    eq(sql`lower(${complaints.replyTo})`, email),
  );
  // An invoice names the shopper and their address: its file goes too, once the erasure commits.
  const invoices = await tx
    .select({ invoiceUrl: complaints.invoiceUrl })
    .from(complaints)
    .where(and(theirs, isNotNull(complaints.invoiceUrl)));
  await tx
    .update(complaints)
    .set({ fromName: ERASED_SENDER_NAME, replyTo: '', invoiceUrl: null })
    .where(theirs);
  await tx
    .update(contactMessages)
    .set({ fromName: ERASED_SENDER_NAME, replyTo: '', phone: '' })
    .where(eq(sql`lower(${contactMessages.replyTo})`, email));
  return { invoiceFiles: invoices.flatMap((row) => (row.invoiceUrl ? [row.invoiceUrl] : [])) };
}

/**
 * Deletes the invoice files of an erased customer's complaints, after the erasure committed. Each
 * name is one a complaint row held, checked against the stored form again before it is used.
 */
export async function removeInvoiceFiles(privateDir: string, invoiceFiles: string[]) {
  for (const stored of invoiceFiles) {
    if (stored.length > 60 || !STORED_INVOICE.test(stored)) continue;
    await rm(path.join(privateDir, stored), { force: true });
  }
}
