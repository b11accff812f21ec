// The storefront's entry. React DOM's code is evaluated first, in a task of its own, then the rest,
// so a phone's main thread is never held for the whole bundle at once: a tap or a scroll on the
// served page waits for one piece at most. Both download together (index.html preloads them).
import './index.css';

/**
 * A served page shows its buttons before its code has come: a tap on one (or a form sent with
 * Enter) is kept, its default action held back, and done again once the page is live, instead of
 * being lost or reloading the page.
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
// A page the browser renders itself has an empty root and nothing to tap before then.
const served = document.getElementById('root')?.firstChild != null;
if (served) {
  document.addEventListener('click', keepClick, true);
  document.addEventListener('submit', keepSubmit, true);
}

await import('react-dom/client');
await new Promise<void>((resolve) => setTimeout(resolve, 0));
const { startStorefront } = await import('./start');
await startStorefront({
  beforeHydrating: () => {
    document.removeEventListener('click', keepClick, true);
    document.removeEventListener('submit', keepSubmit, true);
  },
});
for (const again of early.splice(0)) again();
// For whoever waits on the page being live (the browser journeys).
document.documentElement.dataset.live = 'true';
