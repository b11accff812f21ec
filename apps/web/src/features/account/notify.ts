import { signInErrorMessage } from '@makhana/domain/sign-in-errors';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';

/**
 * An error toast keyed by its text: the API client already toasts a 429, and a screen that reports
 * the same failure must not show it twice.
 */
export function notifyError(message: string | undefined): void {
  const text = message || 'Server error';
  toast.error(text, { toastId: text });
}

/** The message a rejected thunk's `unwrap()` throws: its payload, or a thrown error's message. */
export function rejection(reason: unknown): string {
  if (typeof reason === 'string' && reason) return reason;
  if (reason instanceof Error && reason.message) return reason.message;
  if (typeof reason === 'object' && reason && 'message' in reason) {
    const { message } = reason as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return 'Server error';
}

/**
 * Shows the message of the `error` code a Google sign-in came back with, once, then drops the
 * parameter from the URL. Only the fixed messages of known codes are shown: anyone can send a link
 * with any text in it, and the real site must not display an attacker's words.
 */
export function useErrorQueryToast(): void {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const error = params.get('error');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per error value
  useEffect(() => {
    if (error === null) return;
    const message = signInErrorMessage(error);
    if (message) notifyError(message);
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true, state: location.state },
    );
  }, [error]);
}
