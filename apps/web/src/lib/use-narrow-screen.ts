import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm`: a phone, where the owner's lists show as cards and two toasts fit. */
export const NARROW_SCREEN = '(max-width: 639.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW_SCREEN);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_SCREEN).matches,
    () => false,
  );
}
