import { createBrowserRouter, matchRoutes } from 'react-router';
import { setNavigator } from '../lib/api-client';
import { routes } from './routes';

/**
 * A page the server rendered is hydrated only once its lazy page module is here, so the first
 * render in the browser draws what the server drew rather than the fallback.
 */
export async function loadMatchedPages(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const page = await route.lazy();
      Object.assign(route, page, { lazy: undefined });
    }),
  );
}

/**
 * `served`: the page in the window is the server's render. The router then leaves the scroll where
 * the shopper has it: without this it scrolls to the top as the page goes live, under a shopper
 * who had begun to scroll (and a tap aimed at a button below the fold lands elsewhere).
 */
export function createAppRouter({ served }: { served: boolean }) {
  const router = createBrowserRouter(routes, served ? { hydrationData: {} } : undefined);
  // A refused token refresh sends the shopper to /login through the router, not a page reload.
  setNavigator((path) => {
    router.navigate(path);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
