import {
  API_BASE,
  type ApiPage,
  type ApiResponse,
  type ApiSuccess,
  type FailureData,
  TOO_MANY_REQUESTS_MESSAGE,
} from '@makhana/domain/api';
import { toast } from './toast';

/** A failed call, carrying the server's message (or the transport's) for the screen to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: { field: string; message: string }[] = [],
    /** what the refusal tells beyond its words (the owner's sign-in asking for the code) */
    readonly data: FailureData | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface SessionHandlers {
  /** Whether a customer is signed in: a visitor has no session to renew. */
  signedIn: () => boolean;
  /** Clears the customer's session after a refused refresh. */
  expire: () => void;
}

let session: SessionHandlers | null = null;
let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The store hands over its clean-up, and the router its navigate: no import cycles. */
export function setSessionHandlers(handlers: SessionHandlers): void {
  session = handlers;
}

export function setNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

const REFRESH_PATH = '/users/refresh-token';
const OWNER_REFRESH_PATH = '/admins/refresh-token';
// A 401 from these is their answer, not an expired session: retrying a refused password would
// count it twice towards the lockout, and a refused Google hand-off code must not end the
// session of a shopper who is already signed in.
const NEVER_REFRESHED = new Set([
  REFRESH_PATH,
  OWNER_REFRESH_PATH,
  '/admins/onlyAdminTo/login',
  '/users/googleLogin',
]);

/**
 * What a refresh came to. Only the server's refusal ends a session: a refresh that got no answer
 * (offline, or the page being left mid-call, its requests cancelled) or a busy server's 429 or
 * 5xx says nothing about the session, which stays as it is for the next call to renew.
 */
type Renewal = 'renewed' | 'refused' | 'unanswered';

/** The message of a call that got no answer, when the transport gave none of its own. */
const NO_ANSWER = 'Network error';

async function renew(path: string): Promise<Renewal> {
  try {
    const response = await send(path, { method: 'POST' });
    if (response.ok) return 'renewed';
    return response.status === 401 || response.status === 403 ? 'refused' : 'unanswered';
  } catch {
    return 'unanswered';
  }
}

let refreshing: Promise<Renewal> | null = null;

// Concurrent 401s share one refresh, and a refused refresh logs out and redirects only once.
function refreshSession(): Promise<Renewal> {
  refreshing ??= (session?.signedIn() ? renew(REFRESH_PATH) : Promise.resolve<Renewal>('refused'))
    .then((renewal) => {
      if (renewal === 'refused') {
        session?.expire();
        navigateTo('/login');
      }
      return renewal;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

let refreshingOwner: Promise<Renewal> | null = null;
let ownerExpired: (() => void) | null = null;

/**
 * The app hands over what ends an owner session the server no longer renews: the owner's state
 * goes and the owner is sent to the owner sign-in, never to the customer's /login.
 */
export function setOwnerSessionHandler(expire: (() => void) | null): void {
  ownerExpired = expire;
}

// The owner's session renews through its own cookie; concurrent 401s share one refresh, and a
// refusal ends the owner session once, leaving the customer's untouched.
function refreshOwnerSession(): Promise<Renewal> {
  refreshingOwner ??= renew(OWNER_REFRESH_PATH)
    .then((renewal) => {
      if (renewal === 'refused') ownerExpired?.();
      return renewal;
    })
    .finally(() => {
      refreshingOwner = null;
    });
  return refreshingOwner;
}

/** What the owner gives to prove it is them again before a dangerous act (decision 031). */
export type ProofKind = 'otp' | 'password';

/** Asks the owner for the proof; resolves true once it is given, false if the owner gave up. */
type IdentityProver = (kind: ProofKind) => Promise<boolean>;
let identityProver: IdentityProver | null = null;

/** The owner area's dialog registers here; without it a refused act stays refused. */
export function setIdentityProver(prover: IdentityProver | null): void {
  identityProver = prover;
}

/**
 * A dangerous act the server refused for want of a recent proof of identity (403 with
 * `data.needsProof`): the owner is asked for it, and true means the act may be asked once more.
 */
export async function provedAfterRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403 || !identityProver) return false;
  const payload = (await response
    .clone()
    .json()
    .catch(() => null)) as { data?: { needsProof?: unknown } | null } | null;
  const kind = payload?.data?.needsProof;
  if (kind !== 'otp' && kind !== 'password') return false;
  return identityProver(kind);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 renews the session once through its refresh cookie and retries. */
  refreshOn401?: boolean;
  /**
   * Whose session a 401 renews: the owner's for owner calls (the owner-only paths by default),
   * whose refusal never leads to the customer's /login; the customer's otherwise.
   */
  realm?: 'customer' | 'owner';
  /** headers of the call's own (`Idempotency-Key`); the client sets the rest */
  headers?: Record<string, string>;
}

/**
 * One API client for the whole shop: JSON, the API's envelope, and the session in httpOnly
 * cookies. It never sends a bearer header: the browser holds no token a script could read.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiEnvelope<T>(path, options)).data;
}

/**
 * A multipart POST of files under one field name (several at once); the browser writes the
 * boundary, so no Content-Type is set by hand.
 */
export function apiUpload<T>(path: string, field: string, files: readonly Blob[]): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append(field, file);
  return apiRequest<T>(path, { method: 'POST', body: form });
}

/**
 * A page of a list that grows: the list and where it sits (`meta`). An answer without `meta` is
 * taken as the whole list on one page.
 */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<ApiPage<T>> {
  return pageOf(await apiEnvelope<T[]>(path, options));
}

/** A list answer read as a page: an answer without `meta` is the whole list on one page. */
export function pageOf<T>(answer: ApiSuccess<T[]>): ApiPage<T> {
  const payload = answer as ApiSuccess<T[]> & { meta?: ApiPage<T>['meta'] };
  const data = Array.isArray(payload.data) ? payload.data : [];
  const meta = payload.meta ?? { page: 1, limit: data.length, total: data.length };
  return { ...payload, data, meta };
}

// Calls only the owner may make: a 401 on them renews the owner's session, whoever else is signed in.
const OWNER_ONLY =
  /^\/(admins\/|users\/getUserDetails|users\/deleteUser\/|products\/(add|update|delete|reorder)|banners\/(add|delete|reorder))/;

function realmOf(path: string, options: RequestOptions): 'customer' | 'owner' {
  return options.realm ?? (OWNER_ONLY.test(path) ? 'owner' : 'customer');
}

/** A file the API answers (a PDF, a CSV, a picture), and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  /** the name of the answer's Content-Disposition, if any */
  filename: string | null;
}

/** `attachment; filename="invoice-MM-2627-000123.pdf"` → the name. */
export function filenameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * A file behind the session, fetched as a blob rather than linked: the session rides in its
 * httpOnly cookie, and a 401 renews it and asks once more, as every call does (a link would
 * download the refusal). The owner's also answers a fresh-proof refusal once proved.
 */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<ApiFile> {
  const ask = () => send(path, options);
  let response = await ask();
  const owner = realmOf(path, options) === 'owner';
  if (response.status === 401 && options.refreshOn401 !== false) {
    const renewal = await (owner ? refreshOwnerSession() : refreshSession());
    if (renewal === 'renewed') response = await ask();
    else if (renewal === 'unanswered') throw new ApiError(NO_ANSWER, 0);
  }
  if (owner && (await provedAfterRefusal(response))) response = await ask();
  if (!response.ok) {
    const payload = await readEnvelope<unknown>(response);
    const message = withReference(
      payload?.message || response.statusText || 'Server error',
      response.status,
      payload && payload.success === false ? payload.requestId : undefined,
    );
    throw new ApiError(message, response.status);
  }
  return {
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('Content-Disposition')),
  };
}

/** Hands a blob to the browser as a download under `name`, then lets the object URL go. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; a tick later the URL can go without cutting it short.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The whole success envelope, for a screen that shows the server's message. */
export async function apiAnswer<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiSuccess<T>> {
  return apiEnvelope<T>(path, options);
}

async function apiEnvelope<T>(path: string, options: RequestOptions): Promise<ApiSuccess<T>> {
  let response = await send(path, options);
  const owner = realmOf(path, options) === 'owner';
  const mayRefresh = options.refreshOn401 ?? !NEVER_REFRESHED.has(path);
  if (response.status === 401 && mayRefresh) {
    const renewal = await (owner ? refreshOwnerSession() : refreshSession());
    if (renewal === 'renewed') response = await send(path, options);
    // The 401 stands, but as no answer: the session was not refused, so nothing takes it as ended.
    else if (renewal === 'unanswered') throw new ApiError(NO_ANSWER, 0);
  }
  if (owner && (await provedAfterRefusal(response))) response = await send(path, options);

  const payload = await readEnvelope<T>(response);
  if (response.status === 429) {
    const message = payload?.message || TOO_MANY_REQUESTS_MESSAGE;
    // The id lets a screen that also reports the failure show it once.
    toast.error(message, { toastId: message });
    throw new ApiError(message, 429);
  }
  if (!response.ok || !payload || payload.success !== true) {
    const refusal = payload && payload.success === false ? payload : null;
    const message = withReference(
      payload?.message || response.statusText || 'Server error',
      response.status,
      refusal?.requestId,
    );
    throw new ApiError(message, response.status, refusal?.errors ?? [], refusal?.data ?? null);
  }
  return payload;
}

/**
 * The answer's envelope, or null when the body is not one (a proxy's error page, say). A body cut
 * off on its way (the page being left while it came) is no answer at all, whatever the status
 * said: taken as the server's word, a 200 whose body never came read as a refusal, and signed
 * the owner out of the next page.
 */
async function readEnvelope<T>(response: Response): Promise<ApiResponse<T> | null> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : NO_ANSWER, 0);
  }
  try {
    return JSON.parse(text) as ApiResponse<T>;
  } catch {
    return null;
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // A browser may hold both sessions: the owner's screens say theirs is meant.
  if (realmOf(path, options) === 'owner') headers['X-Auth-Realm'] = 'owner';
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${API_BASE}${path}`, {
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
    throw new ApiError(error instanceof Error ? error.message : NO_ANSWER, 0);
  }
}

/**
 * A failure of the shop's own (5xx) with the start of its request's id, which the shop's log
 * names: what a shopper quotes when reporting it is enough to find it there. A refusal (4xx) says
 * what to change and needs none.
 */
function withReference(message: string, status: number, requestId: string | undefined): string {
  return status >= 500 && requestId ? `${message} (reference ${requestId.slice(0, 8)})` : message;
}

/**
 * A failed call as plain data, the way the store keeps it (an `ApiError` is not serializable):
 * status 0 when no answer came.
 */
export interface ApiCallError {
  status: number;
  message: string;
  fieldErrors: { field: string; message: string }[];
}

/** A failure as plain data: an API refusal's status, message and fields; anything else, no answer. */
export function toApiCallError(error: unknown): ApiCallError {
  if (error instanceof ApiError) {
    return { status: error.status, message: error.message, fieldErrors: error.fieldErrors };
  }
  if (isApiCallError(error)) return error;
  return { status: 0, message: errorMessage(error, NO_ANSWER), fieldErrors: [] };
}

export function isApiCallError(error: unknown): error is ApiCallError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string' &&
    'status' in error &&
    'fieldErrors' in error &&
    Array.isArray(error.fieldErrors)
  );
}

/** The message a failed call stores: the server's message, else the transport error's. */
export function errorMessage(error: unknown, fallback = 'Server error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (isApiCallError(error) && error.message) return error.message;
  return fallback;
}
