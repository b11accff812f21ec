/**
 * Why a sign-in that left the site (Google) came back to `/login` unfinished. The server redirects
 * with one of these codes, never with text: the login page shows only these fixed messages, so a
 * link cannot make the real site display words of an attacker's choosing.
 */
export const SIGN_IN_ERRORS = {
  google_unavailable: 'Google sign-in is not available right now. Please use your e-mail.',
  google_interrupted: 'Google sign-in expired or was interrupted. Please try again.',
  google_cancelled: 'Google sign-in was cancelled. Please try again or use your e-mail.',
  google_failed: 'Google sign-in failed. Please try again or use your e-mail.',
  google_unverified: 'Your Google e-mail address is not verified. Please sign in with your e-mail.',
  google_other_account: 'This e-mail is linked to a different Google account.',
  google_email_unproven:
    'An account with this e-mail already exists. Please sign in with the code we e-mail you once; after that Google sign-in works too.',
  google_email_held:
    'This e-mail left an account in the last week and is kept for it. Use the link we e-mailed to this address, or write to us.',
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

/** The fixed message of a known code; null for anything else, which the page ignores. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code || !Object.hasOwn(SIGN_IN_ERRORS, code)) return null;
  return SIGN_IN_ERRORS[code as SignInErrorCode];
}
