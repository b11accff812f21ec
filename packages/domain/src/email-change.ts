/**
 * A customer's change of e-mail (decision 032): approved with a code mailed to the current
 * address, proven with a code mailed to the new one, then told to the old address with a link
 * that undoes it for a week. The steps, the words and the shape of the undo link's token, shared
 * by the profile, the undo page and the API. No zod here: the storefront's routes import the
 * undo page's path, and the first load must not carry the validation library (the link's
 * schema, `emailUndoSchema`, is in validation.ts).
 */
/** How long the old address's link can undo a change, and the old address stays held for it. */
export const EMAIL_UNDO_DAYS = 7;

/** How long an approval from the current address waits for the new address's code. */
export const EMAIL_APPROVAL_MINUTES = 60;

/** Where a pending change stands: waiting for the current address's code, or the new one's. */
export const EMAIL_CHANGE_STEPS = ['approve', 'verify'] as const;
export type EmailChangeStep = (typeof EMAIL_CHANGE_STEPS)[number];

/** The storefront page the old address's link opens; the token rides in the fragment. */
export const EMAIL_UNDO_PATH = '/undo-email-change';

export const EMAIL_CHANGE_MESSAGES = {
  updated: 'Email updated successfully',
  noChangePending: 'No e-mail change is waiting for this code. Save the new e-mail again.',
  approvalLapsed: `The approval is over ${EMAIL_APPROVAL_MINUTES} minutes old. Save the new e-mail again.`,
  undoLinkDead: 'This link has expired or was already used.',
  undoLinkMissing: 'Open the link from the e-mail we sent to your old address.',
} as const;

/** What the shopper hears after a code was mailed to the address that approves the change. */
export function approvalSentMessage(current: string, next: string): string {
  return `We sent a code to ${current}. Enter it to approve changing your e-mail to ${next}.`;
}

/** What the shopper hears after a code was mailed to the new address. */
export function codeSentMessage(email: string): string {
  return `We sent a code to ${email}. Enter it to change your e-mail.`;
}

/** What the undo page says once the e-mail is back. */
export function undoneMessage(email: string): string {
  return `Your e-mail is ${email} again, and every session of your account was signed out. Sign in with ${email}.`;
}
