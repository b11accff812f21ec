// What the entry (main.tsx) starts once the code is in: the served page hydrates, any other renders.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadMatchedPages } from './app/router';
import { renderedState } from './stores/store';

/** Resolves after the browser has painted what it has: the served page shows before it hydrates. */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Hydrates the served page, or renders the page the server left to the browser. Resolves once
 * the page is live; `beforeHydrating` runs just before React takes over the served markup (from
 * then on a tap is React's, which replays what it can while it hydrates).
 */
export async function startStorefront({
  beforeHydrating,
}: {
  beforeHydrating: () => void;
}): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  if (!renderedState) {
    beforeHydrating();
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
    return;
  }
  await Promise.all([loadMatchedPages(window.location.pathname), afterPaint()]);
  beforeHydrating();
  await new Promise<void>((resolve) => {
    // As a transition, hydration yields to the browser between pieces of work, so a tap or a
    // scroll on the served page is never held up behind it for long.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App router={createAppRouter()} onLive={resolve} />
        </StrictMode>,
      );
    });
  });
}
