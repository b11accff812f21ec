// The storefront's entry. React DOM's code is evaluated first, in a task of its own, then the
// shell, then the page's own module, so a phone's main thread is never held for the whole bundle
// at once: a tap or a scroll on the served page waits for one piece at most. They download
// together (index.html preloads them, or on a served page the entry does, below).
import './index.css';

/**
 * A served page names the code it needs (`storefront-modules`) but leaves it until the page has
 * loaded and painted, so its pictures and fonts have a slow connection to themselves; the files
 * are then fetched together, whatever order they are evaluated in.
 */
const modules = document.querySelector<HTMLMetaElement>('meta[name="storefront-modules"]');

/**
 * Meanwhile the served page shows its buttons: a tap on one (or a form sent with Enter) is kept,
 * its default action held back, and done again once the page is live, instead of being lost or
 * reloading the page. A page the browser renders itself has nothing to tap before then.
 */
const early: (() => void)[] = [];
const keepClick = (event: MouseEvent) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled) return;
  if (button.form && button.type === 'submit') event.preventDefault();
  early.push(() => button.isConnected && button.click());
};
const keepSubmit = (event: SubmitEvent) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  early.push(() => form.isConnected && form.requestSubmit());
};
const stopKeeping = () => {
  document.removeEventListener('click', keepClick, true);
  document.removeEventListener('submit', keepSubmit, true);
};

if (modules) {
  document.addEventListener('click', keepClick, true);
  document.addEventListener('submit', keepSubmit, true);
  await new Promise<void>((resolve) => {
    const afterPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (document.readyState === 'complete') afterPaint();
    else window.addEventListener('load', afterPaint, { once: true });
  });
  for (const href of modules.content.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
await import('react-dom/client');
await nextTask();
const { startStorefront } = await import('./start');
// The page's own module is evaluated as it starts: a task apart from the shell's code.
await nextTask();
await startStorefront({ beforeHydrating: stopKeeping });
for (const again of early.splice(0)) again();
