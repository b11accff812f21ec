import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadMatchedPages } from './app/router';
import { renderedState } from './stores/store';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** Resolves after the browser has painted what it has: the served page shows before it hydrates. */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

if (renderedState) {
  await Promise.all([loadMatchedPages(window.location.pathname), afterPaint()]);
  // As a transition, hydration yields to the browser between pieces of work, so a tap or a scroll
  // on the served page is never held up behind it for long.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
