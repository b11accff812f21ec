import { EMAIL_CHANGE_STEPS, type EmailChangeStep } from '@makhana/domain/email-change';

/** An e-mail change under way: the address it goes to, and whose code it waits for. */
export interface EmailChangeUnderWay {
  pendingEmail: string;
  step: EmailChangeStep;
}

/**
 * The change a profile save started: the server keeps the e-mail until the current address
 * approves (`approve`) and the new one proves itself (`verify`), and names the new one in
 * `pendingEmail`.
 */
export function emailChangeOf(saved: unknown): EmailChangeUnderWay | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { pendingEmail, emailChangeStep } = saved as Record<string, unknown>;
  if (typeof pendingEmail !== 'string' || pendingEmail === '') return null;
  const step = EMAIL_CHANGE_STEPS.find((known) => known === emailChangeStep);
  return step ? { pendingEmail, step } : null;
}
