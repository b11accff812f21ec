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

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A refused token refresh sends the shopper to /login through the router, not a page reload.
  setNavigator((path) => {
    router.navigate(path);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
