import type { Product, Review } from '@makhana/domain/product';
import { vi } from 'vitest';
import { customer } from './customer-fixtures';
import { catalogue, fail, ok, okPage } from './shop-fixtures';

/** Reviews of the shop's products, and a small in-memory reviews API that keeps the rules. */

let sequence = 0;

export function makeReview(overrides: Partial<Review> = {}): Review {
  sequence += 1;
  const createdAt = new Date(Date.UTC(2025, 4, 20, 10, 0, 0) - sequence * 86_400_000).toISOString();
  return {
    _id: `review-${sequence}`,
    product: 'prod-classic',
    user: `user-${sequence}`,
    userName: 'Ravi Kumar',
    rating: 5,
    comment: 'Crunchy and fresh, lightly salted. My evening snack now.',
    verifiedBuyer: false,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

interface ReviewServerOptions {
  products?: Product[];
  reviews?: Review[];
  /** the signed-in author, for writes */
  author?: { _id: string; name: string };
}

const json = (answer: { status?: number; body: unknown }) =>
  new Response(JSON.stringify(answer.body), {
    status: answer.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * The catalogue and reviews API as the server answers them: newest first, a page at a time, one
 * review per customer and product (409), and the product's rating following every change. `hold()`
 * keeps the next write waiting until `release()`, to see the page while a call is under way.
 */
export function reviewServer({
  products = catalogue,
  reviews = [],
  author = { _id: customer._id, name: `${customer.firstName} ${customer.lastName}` },
}: ReviewServerOptions = {}) {
  const shelf = products.map((product) => ({ ...product }));
  let stored = reviews.map((review) => ({ ...review }));
  const calls: Call[] = [];
  const refusals = new Map<string, { status: number; message: string }>();
  let gate: Promise<void> | null = null;
  let open: (() => void) | null = null;

  const rate = (productId: string) => {
    const product = shelf.find((p) => p._id === productId);
    if (!product) return;
    const ratings = stored.filter((r) => r.product === productId).map((r) => r.rating);
    const average = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0;
    product.rating = { average, count: ratings.length };
  };

  const answer = (method: string, url: URL, body: unknown) => {
    const path = url.pathname;
    const refusal = refusals.get(`${method} /reviews/${path.split('/')[2] ?? ''}`);
    if (refusal) return fail(refusal.status, refusal.message);
    const tail = decodeURIComponent(path.split('/').pop() ?? '');
    if (method === 'GET' && path.startsWith('/reviews/get-reviews/')) {
      if (!shelf.some((p) => p._id === tail)) return fail(404, 'Product not found');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const all = stored.filter((r) => r.product === tail);
      return okPage(all.slice((page - 1) * limit, page * limit), {
        page,
        limit,
        total: all.length,
      });
    }
    if (method === 'POST' && path === '/reviews/add-review') {
      const { productId, rating, comment } = body as Review & { productId: string };
      if (stored.some((r) => r.product === productId && r.user === author._id)) {
        return fail(409, 'You have already reviewed this product');
      }
      const now = new Date().toISOString();
      const review = makeReview({
        product: productId,
        user: author._id,
        userName: author.name,
        rating,
        comment,
        createdAt: now,
        updatedAt: now,
      });
      stored = [review, ...stored];
      rate(productId);
      return ok(review);
    }
    const own = stored.find((r) => r._id === tail && r.user === author._id);
    if (method === 'PUT' && path.startsWith('/reviews/update-review/')) {
      if (!own) return fail(404, 'Review not found');
      Object.assign(own, body as Partial<Review>, { updatedAt: new Date().toISOString() });
      rate(own.product);
      return ok(own);
    }
    if (method === 'DELETE' && path.startsWith('/reviews/delete-review/')) {
      if (!own) return fail(404, 'Review not found');
      stored = stored.filter((r) => r !== own);
      rate(own.product);
      return ok(null);
    }
    const byId = path.match(/^\/products\/getProductDetails\/(.+)$/);
    if (method === 'GET' && byId) {
      const found = shelf.find((p) => p._id === decodeURIComponent(byId[1] ?? ''));
      return found ? ok(found) : fail(404, 'Product not found');
    }
    if (method === 'GET' && path === '/products/getProductDetails') return ok(shelf);
    return fail(404, 'Route not found');
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input).replace(/^.*\/api\/v1/, ''), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: `${url.pathname}${url.search}`, body });
    if (method !== 'GET' && gate) await gate;
    return json(answer(method, url, body));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    calls,
    callsTo: (method: string, prefix: string) =>
      calls.filter((call) => call.method === method && call.path.startsWith(prefix)),
    reviews: () => stored,
    /** answers every `METHOD /reviews/<call>` with this refusal */
    refuse(method: string, call: string, status: number, message: string) {
      refusals.set(`${method} /reviews/${call}`, { status, message });
    },
    hold() {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = null;
      open?.();
    },
  };
}
