import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadMatchedPages } from './app/router';
import { renderedState } from './stores/store';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

if (renderedState) {
  await loadMatchedPages(window.location.pathname);
  hydrateRoot(
    root,
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
