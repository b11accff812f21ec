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
 * Hydrates the served page, or renders the page the server left to the browser. For a served
 * page, resolves once the page is live.
 */
export async function startStorefront(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  if (!renderedState) {
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter({ served: false })} />
      </StrictMode>,
    );
    return;
  }
  await Promise.all([loadMatchedPages(window.location.pathname), afterPaint()]);
  await new Promise<void>((resolve) => {
    // As a transition, hydration yields to the browser between pieces of work, so a scroll on the
    // served page is never held up behind it for long (a tap is kept until then, main.tsx).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App router={createAppRouter({ served: true })} onLive={resolve} />
        </StrictMode>,
      );
    });
  });
}
