import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../stores/store';
import { signIn } from '../test/customer-fixtures';
import { ApiError, apiRequest, setNavigator } from './api-client';

interface Seen {
  path: string;
  authorization: string | null;
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

/** A stub server whose access token changes on refresh; `refreshWorks` says whether it will. */
function stubServer({ refreshWorks }: { refreshWorks: boolean }) {
  const seen: Seen[] = [];
  let validToken = 'access-2';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\/v1/, '');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const authorization = headers.Authorization ?? null;
    seen.push({ path, authorization, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (path === '/users/refresh-token') {
      // Let concurrent 401s pile up before the refresh answers.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!refreshWorks) return envelope(401, null, 'Refresh token is expired or used');
      validToken = 'access-2';
      return envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
    }
    if (authorization !== `Bearer ${validToken}`) return envelope(401, null, 'Unauthorized');
    return envelope(200, { path });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { seen, fetchMock, count: (path: string) => seen.filter((s) => s.path === path).length };
}

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

describe('apiRequest token refresh (spec 4 and 8)', () => {
  it('refreshes once on a 401, stores the new tokens and retries with them', async () => {
    const server = stubServer({ refreshWorks: true });
    const store = signedInStore();

    await expect(apiRequest('/users/getUser')).resolves.toEqual({ path: '/users/getUser' });

    expect(server.seen.map((s) => s.path)).toEqual([
      '/users/getUser',
      '/users/refresh-token',
      '/users/getUser',
    ]);
    expect(server.seen[0]?.authorization).toBe('Bearer access-1');
    expect(server.seen[1]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(server.seen[2]?.authorization).toBe('Bearer access-2');
    expect(store.getState().auth).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      isUserAuthenticated: true,
    });
    expect(localStorage.getItem('accessToken')).toBe('access-2');
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
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem('user', '{}');

    const [first, second] = await Promise.allSettled([
      apiRequest('/users/getUser'),
      apiRequest('/orders/orderDetails'),
    ]);
    expect(first.status).toBe('rejected');
    expect((first as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    expect(second.status).toBe('rejected');

    expect(server.count('/users/refresh-token')).toBe(1);
    expect(server.count('/users/getUser')).toBe(1);
    expect(store.getState().auth).toMatchObject({
      user: null,
      isUserAuthenticated: false,
      accessToken: null,
      refreshToken: null,
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('never refreshes for the refresh call itself, nor for owner calls', async () => {
    const server = stubServer({ refreshWorks: true });
    signedInStore();
    await expect(
      apiRequest('/users/refresh-token', { method: 'POST', body: {} }),
    ).resolves.toBeTruthy();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(401, null, 'Unauthorized')),
    );
    await expect(apiRequest('/admins/getAdmin')).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/users/refresh-token', { method: 'POST' })).rejects.toMatchObject({
      status: 401,
    });
    expect(server.count('/users/refresh-token')).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts a 429 with the server message, or the spec fallback', async () => {
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
