import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAdmin } from '../api/load-admin';
import { loginAdmin } from '../api/login-admin';
import { createStore } from '../stores/store';
import { signIn } from '../test/customer-fixtures';
import {
  ApiError,
  apiPage,
  apiRequest,
  apiUpload,
  setNavigator,
  setOwnerSessionHandler,
} from './api-client';

interface Seen {
  path: string;
  authorization: string | null;
  credentials: RequestCredentials | null;
  body: unknown;
}

function envelope(status: number, data: unknown, message = status < 400 ? 'OK' : 'Refused') {
  const body =
    status < 400
      ? { statusCode: status, data, message, success: true }
      : { statusCode: status, data: null, message, success: false, errors: [] };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A stub server whose session cookie has expired until a refresh renews it (the browser would
 * carry the new cookie; the stub remembers it). `refreshWorks` says whether the refresh will.
 * A call that does not send cookies, or sends a bearer header, is refused.
 */
function stubServer({ refreshWorks }: { refreshWorks: boolean }) {
  const seen: Seen[] = [];
  const renewed = { customer: false, owner: false };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\/v1/, '');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const authorization = headers.Authorization ?? null;
    const credentials = init?.credentials ?? null;
    seen.push({
      path,
      authorization,
      credentials,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const realm = path.startsWith('/admins/') ? 'owner' : 'customer';
    if (path.endsWith('/refresh-token')) {
      // Let concurrent 401s pile up before the refresh answers.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!refreshWorks || credentials !== 'include') {
        return envelope(401, null, 'Session expired. Please log in again.');
      }
      renewed[realm] = true;
      return envelope(200, { accessToken: 'server-access', refreshToken: 'server-refresh' });
    }
    if (authorization !== null || credentials !== 'include' || !renewed[realm]) {
      return envelope(401, null, 'Not authenticated');
    }
    return envelope(200, { path });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { seen, fetchMock, count: (path: string) => seen.filter((s) => s.path === path).length };
}

const owner = { _id: 'admin-1', email: 'owner@example.in', name: 'Owner', secondFactor: true };

function signedInStore() {
  const store = createStore();
  signIn(store);
  return store;
}

const navigate = vi.fn();
beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest token refresh and refusals', () => {
  it('refreshes once on a 401 through the cookie and retries, holding no token itself', async () => {
    const server = stubServer({ refreshWorks: true });
    const store = signedInStore();

    await expect(apiRequest('/users/getUser')).resolves.toEqual({ path: '/users/getUser' });

    expect(server.seen.map((s) => s.path)).toEqual([
      '/users/getUser',
      '/users/refresh-token',
      '/users/getUser',
    ]);
    for (const call of server.seen) {
      expect(call.authorization, call.path).toBeNull();
      expect(call.credentials, call.path).toBe('include');
    }
    // The refresh names no token: the server reads its cookie.
    expect(server.seen[1]?.body).toBeNull();
    expect(store.getState().auth).toMatchObject({
      user: { _id: 'user-asha' },
      isUserAuthenticated: true,
    });
    const kept = JSON.stringify(store.getState()) + JSON.stringify({ ...localStorage });
    expect(kept).not.toContain('server-access');
    expect(kept).not.toContain('server-refresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh among concurrent 401s', async () => {
    const server = stubServer({ refreshWorks: true });
    signedInStore();
    const results = await Promise.all([
      apiRequest('/users/getUser'),
      apiRequest('/users/getAddressDetails'),
      apiRequest('/orders/orderDetails'),
    ]);
    expect(results).toHaveLength(3);
    expect(server.count('/users/refresh-token')).toBe(1);
    expect(server.count('/users/getUser')).toBe(2);
  });

  it('retries only once: a second 401 is the answer', async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input).replace(/^.*\/api\/v1/, '');
        seen.push(path);
        return path === '/users/refresh-token'
          ? envelope(200, { accessToken: 'a', refreshToken: 'r' })
          : envelope(401, null, 'Unauthorized');
      }),
    );
    signedInStore();
    await expect(apiRequest('/users/getUser')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['/users/getUser', '/users/refresh-token', '/users/getUser']);
  });

  it('logs the customer out and goes to /login when the refresh is refused', async () => {
    const server = stubServer({ refreshWorks: false });
    const store = signedInStore();

    const [first, second] = await Promise.allSettled([
      apiRequest('/users/getUser'),
      apiRequest('/orders/orderDetails'),
    ]);
    expect(first.status).toBe('rejected');
    expect((first as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(second.status).toBe('rejected');

    expect(server.count('/users/refresh-token')).toBe(1);
    expect(server.count('/users/getUser')).toBe(1);
    expect(store.getState().auth).toMatchObject({ user: null, isUserAuthenticated: false });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it.each([
    [
      'gets no answer (offline, or the page being left)',
      () => Promise.reject(new TypeError('Failed to fetch')),
    ],
    ['meets a busy server', async () => envelope(503, null, 'Service unavailable')],
  ])(
    'keeps both sessions when the refresh %s: the call fails as unanswered',
    async (_, refresh) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) =>
          String(input).endsWith('/refresh-token')
            ? refresh()
            : envelope(401, null, 'Unauthorized'),
        ),
      );
      const store = signedInStore();
      store.dispatch(
        loginAdmin.fulfilled(owner, 'req', { email: owner.email, password: 'secret' }),
      );
      const ownerExpired = vi.fn();
      setOwnerSessionHandler(ownerExpired);
      try {
        await expect(apiRequest('/users/getUser')).rejects.toMatchObject({ status: 0 });
        await expect(apiRequest('/admins/getAdmin')).rejects.toMatchObject({ status: 0 });
        expect(store.getState().auth).toMatchObject({
          isUserAuthenticated: true,
          isAdminAuthenticated: true,
        });
        expect(ownerExpired).not.toHaveBeenCalled();
        expect(navigate).not.toHaveBeenCalled();
      } finally {
        setOwnerSessionHandler(null);
      }
    },
  );

  it('takes an answer whose body was cut off (the page being left) as no answer, keeping the owner', async () => {
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cutOff()),
    );
    const store = createStore();
    store.dispatch(loginAdmin.fulfilled(owner, 'req', { email: owner.email, password: 'secret' }));
    await expect(apiRequest('/admins/getAdmin')).rejects.toMatchObject({ status: 0 });
    await store.dispatch(loadAdmin());
    expect(store.getState().auth).toMatchObject({ admin: owner, isAdminAuthenticated: true });
  });

  it("asks no refresh for a visitor's 401: there is no session to renew", async () => {
    const server = stubServer({ refreshWorks: true });
    createStore();
    await expect(apiRequest('/users/getUser')).rejects.toMatchObject({ status: 401 });
    expect(server.seen.map((s) => s.path)).toEqual(['/users/getUser']);
  });

  it('never refreshes for the refresh calls themselves, a refused owner sign-in or Google hand-off', async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        seen.push(String(input).replace(/^.*\/api\/v1/, ''));
        return envelope(401, null, 'Unauthorized');
      }),
    );
    signedInStore();
    for (const path of [
      '/users/refresh-token',
      '/admins/refresh-token',
      '/admins/onlyAdminTo/login',
      '/users/googleLogin',
    ]) {
      await expect(apiRequest(path, { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    }
    expect(seen).toEqual([
      '/users/refresh-token',
      '/admins/refresh-token',
      '/admins/onlyAdminTo/login',
      '/users/googleLogin',
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("renews an owner call through the owner's cookie, and never sends the owner to /login", async () => {
    const server = stubServer({ refreshWorks: true });
    const store = signedInStore();
    await expect(apiRequest('/admins/getAdmin')).resolves.toEqual({ path: '/admins/getAdmin' });
    expect(server.seen.map((s) => s.path)).toEqual([
      '/admins/getAdmin',
      '/admins/refresh-token',
      '/admins/getAdmin',
    ]);
    expect(server.count('/users/refresh-token')).toBe(0);

    stubServer({ refreshWorks: false });
    await expect(apiRequest('/admins/getAdmin')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    // The customer's session is not the owner's: it stays.
    expect(store.getState().auth.isUserAuthenticated).toBe(true);
  });

  it('names the owner as the session meant on owner calls, and nothing on customer calls', async () => {
    const fetchMock = vi.fn(async () => envelope(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/orders/orderDetails', { realm: 'owner' });
    await apiRequest('/users/getUserDetails');
    await apiRequest('/orders/orderDetails');
    const realms = fetchMock.mock.calls.map(
      (args) => ((args as unknown[])[1] as RequestInit).headers as Record<string, string>,
    );
    expect(realms.map((headers) => headers['X-Auth-Realm'])).toEqual(['owner', 'owner', undefined]);
  });

  it("renews owner-only calls outside /admins/ through the owner's cookie too", async () => {
    const seen: string[] = [];
    let renewed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input).replace(/^.*\/api\/v1/, '');
        seen.push(path);
        if (path === '/admins/refresh-token') {
          renewed = true;
          return envelope(200, { accessToken: 'a', refreshToken: 'r' });
        }
        return renewed ? envelope(200, [path]) : envelope(401, null, 'Access token expired');
      }),
    );
    await expect(apiRequest('/users/getUserDetails')).resolves.toEqual(['/users/getUserDetails']);
    renewed = false;
    await expect(apiRequest('/orders/orderDetails', { realm: 'owner' })).resolves.toEqual([
      '/orders/orderDetails',
    ]);
    expect(seen).toEqual([
      '/users/getUserDetails',
      '/admins/refresh-token',
      '/users/getUserDetails',
      '/orders/orderDetails',
      '/admins/refresh-token',
      '/orders/orderDetails',
    ]);
  });

  it('ends only the owner session once when the owner refresh is refused', async () => {
    const server = stubServer({ refreshWorks: false });
    const store = signedInStore();
    const expired = vi.fn();
    setOwnerSessionHandler(expired);
    try {
      const results = await Promise.allSettled([
        apiRequest('/admins/getAdmin'),
        apiRequest('/users/getUserDetails'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(server.count('/admins/refresh-token')).toBe(1);
      expect(server.count('/users/refresh-token')).toBe(0);
      expect(expired).toHaveBeenCalledTimes(1);
      expect(navigate).not.toHaveBeenCalled();
      expect(store.getState().auth.isUserAuthenticated).toBe(true);
    } finally {
      setOwnerSessionHandler(null);
    }
  });

  it("toasts a 429 with the server message, or the shop's fallback", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(429, null, 'Please wait 42 seconds before asking again')),
    );
    await expect(apiRequest('/users/loginUser', { method: 'POST' })).rejects.toMatchObject({
      status: 429,
    });
    expect(error).toHaveBeenCalledWith('Please wait 42 seconds before asking again', {
      toastId: 'Please wait 42 seconds before asking again',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 429 })),
    );
    await expect(apiRequest('/users/loginUser')).rejects.toMatchObject({
      message: 'Too many requests, please try again after few minutes.',
    });
  });
});

describe("a failure's reference", () => {
  it("adds the start of the request's id to a server failure's message, not to a refusal's", async () => {
    const answer = (status: number, message: string) =>
      new Response(
        JSON.stringify({
          statusCode: status,
          data: null,
          message,
          success: false,
          errors: [],
          requestId: '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
        }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503, 'The shop cannot reach one of its services right now.')),
    );
    await expect(apiRequest('/products/getProductDetails')).rejects.toMatchObject({
      status: 503,
      message: 'The shop cannot reach one of its services right now. (reference 3f2a9c1e)',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, 'This code has expired.')),
    );
    await expect(apiRequest('/orders/apply-discount')).rejects.toMatchObject({
      status: 409,
      message: 'This code has expired.',
    });
  });
});

describe('apiPage', () => {
  it('answers the list with its meta, and refuses like apiRequest', async () => {
    const meta = { page: 2, limit: 10, total: 23 };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              statusCode: 200,
              data: [{ _id: 'r1' }],
              message: 'OK',
              success: true,
              meta,
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    await expect(apiPage('/reviews/get-reviews/p1?page=2&limit=10')).resolves.toMatchObject({
      data: [{ _id: 'r1' }],
      meta,
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(404, null, 'Product not found')),
    );
    const refused = apiPage('/reviews/get-reviews/nope');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 404, message: 'Product not found' });
  });

  it('takes an answer without meta as the whole list on one page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(200, [{ _id: 'r1' }, { _id: 'r2' }])),
    );
    await expect(apiPage('/reviews/get-reviews/p1')).resolves.toMatchObject({
      data: [{ _id: 'r1' }, { _id: 'r2' }],
      meta: { page: 1, limit: 2, total: 2 },
    });
  });
});

describe('apiUpload', () => {
  it('posts the files as multipart under one field, with no hand-set Content-Type', async () => {
    const fetchMock = vi.fn(async () => envelope(200, { _id: 'p1' }));
    vi.stubGlobal('fetch', fetchMock);
    const front = new File(['front'], 'front.png', { type: 'image/png' });
    const back = new File(['back'], 'back.jpg', { type: 'image/jpeg' });

    await expect(
      apiUpload('/products/addProductImage/p1', 'images', [front, back]),
    ).resolves.toEqual({ _id: 'p1' });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/products\/addProductImage\/p1$/);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).not.toHaveProperty('Content-Type');
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual([
      'front.png',
      'back.jpg',
    ]);
  });

  it("refuses with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(400, null, 'Please select images')),
    );
    await expect(apiUpload('/banners/addBannerImage', 'images', [])).rejects.toMatchObject({
      status: 400,
      message: 'Please select images',
    });
  });
});
