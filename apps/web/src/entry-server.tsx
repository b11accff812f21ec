// The storefront rendered on the server (built by `vite build --ssr`, loaded by the API): a page
// answers with its content in the HTML, and the browser hydrates it with the same data.
import type { RenderedPage, ShopReads } from '@makhana/domain/served-page';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { PRODUCT_ROUTE_ID, routes, type ServedRoute } from './app/routes';
import { REVIEWS_PER_PAGE } from './features/product/api/get-reviews';
import { renderHead, type ServerHead, ServerHeadContext } from './lib/seo';
import { authReducer } from './stores/auth-slice';
import { blankCartState } from './stores/cart-slice';
import { shopReducers } from './stores/reducers';
import { initialReviewState } from './stores/review-slice';
import { type ServedState, serializeServedState } from './stores/served-state';

const handler = createStaticHandler(routes);

/** The pages of their own with a fixed path, for the sitemap (products are listed by the server). */
export function listedPaths(): string[] {
  const paths: string[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      const handle = route.handle as Partial<ServedRoute> | undefined;
      if (handle?.listed && route.path && !route.path.includes(':')) paths.push(route.path);
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return paths;
}

/**
 * Whether no page of the storefront has this path: only the catch-all matches it, and it answers
 * the not-found page, the same for every such path.
 */
export function isUnknownPath(pathname: string): boolean {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  return !leaf || leaf.route.path === '*';
}

function servedRoute(context: StaticHandlerContext): ServedRoute | null {
  const leaf = context.matches[context.matches.length - 1];
  const handle = leaf?.route.handle as Partial<ServedRoute> | undefined;
  return handle?.firstResponse ? (handle as ServedRoute) : null;
}

/**
 * The page at `address` rendered with the shop's data, or null for a page rendered in the browser
 * only (the account, the checkout, the sign-in and owner pages). A product not in the catalogue answers
 * 404 with an empty page, which the browser fills from its own load ("Product not found").
 */
export async function render(address: string, reads: ShopReads): Promise<RenderedPage | null> {
  const url = new URL(address);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  // A page module that failed to load: the caller logs it and sends the shell, which still works.
  if (context.errors) {
    const [error] = Object.values(context.errors);
    throw error instanceof Error ? error : new Error(`The page at ${url.pathname} failed to load`);
  }
  const served = servedRoute(context);
  if (!served) return null;

  const [products, banners, identity] = await Promise.all([
    reads.products(),
    reads.banners(),
    reads.identity(),
  ]);
  const productMatch = context.matches.find((match) => match.route.id === PRODUCT_ROUTE_ID);
  const productId = productMatch?.params.id;
  let review = initialReviewState;
  if (productId !== undefined) {
    if (!products.some((product) => product._id === productId)) {
      const head = renderHead({
        origin: url.origin,
        pathname: url.pathname,
        meta: { noindex: true },
      });
      return { status: 404, head, html: '', state: null, source: served.source ?? null };
    }
    const { reviews, meta } = await reads.reviews(productId, 1, REVIEWS_PER_PAGE);
    review = { ...initialReviewState, productId, data: reviews, meta, served: true };
  }

  const reducer = combineReducers({ auth: authReducer, ...shopReducers });
  const start = reducer(undefined, { type: 'render/start' });
  const state: ServedState['state'] = {
    product: { ...start.product, productDetails: products },
    banner: { ...start.banner, banners },
    review,
    shop: { identity, asked: true },
  };
  // No visitor's cart: the browser reads its own after hydrating (`restored`).
  const store = configureStore({
    reducer,
    preloadedState: { ...start, ...state, cart: blankCartState() },
  });

  const head: ServerHead = { origin: url.origin, pathname: url.pathname, meta: {} };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <ServerHeadContext.Provider value={head}>
        <Provider store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Provider>
      </ServerHeadContext.Provider>
    </StrictMode>,
  );
  return {
    status: served.status,
    head: renderHead(head),
    html,
    state: serializeServedState({ state }),
    source: served.source ?? null,
  };
}
