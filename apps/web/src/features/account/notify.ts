import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';

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

/** Shows the `error` query parameter (set by the Google sign-in) once, then drops it from the URL. */
export function useErrorQueryToast(): void {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const error = params.get('error');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per error value
  useEffect(() => {
    if (!error) return;
    notifyError(error);
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true, state: location.state },
    );
  }, [error]);
}
