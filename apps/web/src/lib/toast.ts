import { toast as shown, type ToastContent, type ToastOptions } from 'react-toastify';

type Show = (content: ToastContent, options?: ToastOptions) => ReturnType<typeof shown.success>;

/** The toast each text was last shown as, to know whether it is still on screen. */
const lastShown = new Map<string, ReturnType<typeof shown.success>>();

/**
 * Shows a toast unless the same words are on screen already: a second "Added to cart" while the
 * first still shows would only push the page's other toasts down.
 */
function once(kind: 'success' | 'error'): Show {
  return (content, options) => {
    const key = `${kind}:${typeof content === 'string' ? content : ''}`;
    const before = typeof content === 'string' ? lastShown.get(key) : undefined;
    if (before !== undefined && shown.isActive(before)) return before;
    // Called as react-toastify's own, so what a caller passes is what it gets.
    const id = options === undefined ? shown[kind](content) : shown[kind](content, options);
    if (typeof content === 'string') lastShown.set(key, id);
    return id;
  };
}

/** The shop's toasts: react-toastify's, each text shown once at a time. */
export const toast = {
  success: once('success'),
  error: once('error'),
  dismiss: shown.dismiss,
  isActive: shown.isActive,
};
