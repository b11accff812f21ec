export const EMAIL_UPDATED = 'Email updated successfully';

/** What the server says after a code was mailed to `email`. */
export function codeSentMessage(email: string): string {
  return `We sent a code to ${email}. Enter it to change your e-mail.`;
}

/**
 * The address a profile save is waiting to confirm: the server keeps the e-mail until the code
 * mailed to the new one is entered, and names that address in `pendingEmail`.
 */
export function pendingEmailOf(saved: unknown): string | null {
  if (typeof saved !== 'object' || saved === null || !('pendingEmail' in saved)) return null;
  const { pendingEmail } = saved as { pendingEmail: unknown };
  return typeof pendingEmail === 'string' && pendingEmail !== '' ? pendingEmail : null;
}
