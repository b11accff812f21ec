import { API_BASE, type ApiResponse, TOO_MANY_REQUESTS_MESSAGE } from '@makhana/domain/api';
import { toast } from 'react-toastify';

/** A failed call, carrying the server's message (or the transport's) as the spec's error catalogue asks. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TokenSource = () => string | null;

let readAccessToken: TokenSource = () => localStorage.getItem('accessToken');

/** The store hands the client its token reader, so the client never imports the store. */
export function setAccessTokenSource(source: TokenSource): void {
  readAccessToken = source;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** One API client for the whole shop: JSON, cookies, bearer token, and the spec's envelope. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }

  const payload = (await response.json().catch(() => null)) as ApiResponse<T> | null;
  if (response.status === 429) {
    const message = payload?.message || TOO_MANY_REQUESTS_MESSAGE;
    toast.error(message);
    throw new ApiError(message, 429);
  }
  if (!response.ok || !payload || payload.success !== true) {
    const message = payload?.message || response.statusText || 'Server error';
    const errors = payload && payload.success === false ? payload.errors : [];
    throw new ApiError(message, response.status, errors);
  }
  return payload.data;
}

/** The message a failed call stores: the server's message, else the transport error's. */
export function errorMessage(error: unknown, fallback = 'Server error'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
