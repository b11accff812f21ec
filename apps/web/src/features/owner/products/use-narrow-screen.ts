import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm`: a phone, where the products show as cards rather than a table. */
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
