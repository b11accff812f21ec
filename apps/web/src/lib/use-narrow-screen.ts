import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm`: a phone (the owner's lists show as cards, at most two toasts show). */
const QUERY = '(max-width: 639.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
