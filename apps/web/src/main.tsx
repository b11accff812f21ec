// The storefront's entry. React DOM's code is evaluated first, in a task of its own, then the rest,
// so a phone's main thread is never held for the whole bundle at once: a tap or a scroll on the
// served page waits for one piece at most. Both download together: index.html preloads them, or
// on a served page the entry fetches them once the page is drawn (below).
import './index.css';

/**
 * A served page shows its buttons before its code has come: until the page is live, a tap on one
 * (or a form sent with Enter) is kept, its default action held back, and done again once the page
 * is live, instead of being lost or reloading the page. A choice in a select (the catalogue's
 * filters) is kept too: hydrating puts the select back to what the page rendered, so the choice is
 * made again after. A link stays the browser's and opens its page, served whole.
 *
 * None of these reach React while it hydrates: a tap React sees then makes it hydrate at once,
 * and if that cannot finish there and then, React drops the tap.
 */
const early: (() => void)[] = [];
const keepClick = (event: MouseEvent) => {
  const target = event.target instanceof Element ? event.target.closest('button, a[href]') : null;
  if (!target) return;
  event.stopPropagation();
  if (!(target instanceof HTMLButtonElement) || target.disabled) return;
  if (target.form && target.type === 'submit') event.preventDefault();
  early.push(() => target.isConnected && target.click());
};
const keepSubmit = (event: SubmitEvent) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.stopPropagation();
  early.push(() => form.isConnected && form.requestSubmit());
};
const keepChoice = (event: Event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement)) return;
  event.stopPropagation();
  const { value } = select;
  early.push(() => {
    if (!select.isConnected) return;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
};
/**
 * A served page names the code it needs (`storefront-modules`, below). A page the browser renders
 * itself names none: its root is empty, with nothing to tap before then, and index.html preloads
 * its code.
 */
const modules = document.querySelector<HTMLMetaElement>('meta[name="storefront-modules"]');
if (modules) {
  document.addEventListener('click', keepClick, true);
  document.addEventListener('submit', keepSubmit, true);
  document.addEventListener('change', keepChoice, true);
}

/** However slow its pictures, a served page fetches its code at most this long after it starts. */
const LONGEST_WAIT_MS = 3000;

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** The page's main pictures (its LCP candidates, asked for first) decoded and ready to paint. */
const mainPicturesDecoded = () =>
  Promise.all(
    [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((picture) =>
      picture.decode().catch(() => undefined),
    ),
  );

/** Resolves once a frame has been painted from here: the second frame's callback follows it. */
const framePainted = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );

/**
 * A served page leaves the code it names until the page has loaded and its main picture has been
 * painted, so its pictures and font have a slow connection to themselves; the files are then
 * fetched together, whatever order they are evaluated in. Until then a link opens its page as any
 * link does (the next page comes with its content too), and a button's tap is kept.
 */
if (modules) {
  await Promise.race([
    loaded().then(mainPicturesDecoded).then(framePainted),
    new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS)),
  ]);
  for (const href of modules.content.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
}

await import('react-dom/client');
await new Promise<void>((resolve) => setTimeout(resolve, 0));
const { startStorefront } = await import('./start');
await startStorefront();
document.removeEventListener('click', keepClick, true);
document.removeEventListener('submit', keepSubmit, true);
document.removeEventListener('change', keepChoice, true);
for (const again of early.splice(0)) again();
// For whoever waits on the page being live (the browser journeys).
document.documentElement.dataset.live = 'true';
