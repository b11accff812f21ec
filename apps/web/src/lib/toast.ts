import { type Id, toast as shown, type ToastContent, type ToastOptions } from 'react-toastify';
import { NARROW_SCREEN } from './use-narrow-screen';

type Show = (content: ToastContent, options?: ToastOptions) => Id;

/** Toasts on screen at once: a phone has room for two under its header. */
const AT_ONCE = { phone: 2, wider: 3 };

/** The toast each text was last shown as, to know whether it is still on screen. */
const lastShown = new Map<string, Id>();
/** The toasts shown from here, oldest first, while they are on screen. */
const onScreen: Id[] = [];

/**
 * Room for one more: the oldest toast leaves rather than the new one waiting behind it (a queue
 * would hold "Payment was cancelled" back while an earlier "Pincode verified" still shows, for as
 * long as a finger or pointer rests on it).
 */
function makeRoom(): void {
  for (let index = onScreen.length - 1; index >= 0; index--) {
    if (!shown.isActive(onScreen[index]!)) onScreen.splice(index, 1);
  }
  const phone = typeof window !== 'undefined' && window.matchMedia(NARROW_SCREEN).matches;
  const room = phone ? AT_ONCE.phone : AT_ONCE.wider;
  while (onScreen.length >= room) shown.dismiss(onScreen.shift()!);
}

/**
 * Shows a toast unless the same words are on screen already: a second "Added to cart" while the
 * first still shows would only push the page's other toasts down.
 */
function once(kind: 'success' | 'error'): Show {
  return (content, options) => {
    const key = `${kind}:${typeof content === 'string' ? content : ''}`;
    const before = typeof content === 'string' ? lastShown.get(key) : undefined;
    if (before !== undefined && shown.isActive(before)) return before;
    makeRoom();
    // Called as react-toastify's own, so what a caller passes is what it gets.
    const id = options === undefined ? shown[kind](content) : shown[kind](content, options);
    if (typeof content === 'string') lastShown.set(key, id);
    onScreen.push(id);
    return id;
  };
}

/** The shop's toasts: react-toastify's, each text once at a time, two or three on screen. */
export const toast = {
  success: once('success'),
  error: once('error'),
  dismiss: shown.dismiss,
  isActive: shown.isActive,
};
