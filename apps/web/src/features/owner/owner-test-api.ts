import { vi } from 'vitest';

/** A call as the owner's screens send it: the query read apart, the realm header kept. */
export interface OwnerCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  realm: string | null;
}

type Answer = Response | Promise<Response>;
type Handler = (call: OwnerCall) => Answer;

export function json(data: unknown, extra: Record<string, unknown> = {}, status = 200): Response {
  const success = status < 400;
  const body = success
    ? { statusCode: status, data, message: 'Success', success: true, ...extra }
    : { statusCode: status, data: null, message: String(data), success: false, errors: [] };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const page = <T>(items: T[], meta: { page: number; limit: number; total: number }) =>
  json(items, { meta });

export const refuse = (status: number, message: string) => json(message, {}, status);

/**
 * Stubs fetch with routes keyed `METHOD /path` without the query (the test reads `call.query`);
 * anything else answers 404. Every call is recorded in order.
 */
export function stubOwnerApi(routes: Record<string, Handler>) {
  const calls: OwnerCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: OwnerCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      realm: headers['X-Auth-Realm'] ?? null,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return refuse(404, 'Route not found');
    return route(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);
  return { fetchMock, calls, callsTo };
}

/** A promise the test settles by hand, to answer calls out of order. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
