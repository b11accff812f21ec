import { API_BASE } from '@makhana/domain/api';
import { ApiError, apiRequest, provedAfterRefusal } from '../../lib/api-client';

export interface OwnerFile {
  blob: Blob;
  /** the name the server gave it (Content-Disposition), if any */
  filename: string | null;
}

/** `attachment; filename="orders-2026-11-01-to-2026-11-30.csv"` → the name. */
export function filenameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function send(path: string, signal?: AbortSignal): Promise<Response> {
  // The owner's session rides in its httpOnly cookie, named by the realm header: no token in
  // the address, none a script could read. An <img src> could not send the header.
  // The API may name the file by its full address (`/api/v1/supports/invoice/…`) or by its path.
  const url = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`;
  return fetch(url, {
    credentials: 'include',
    headers: { 'X-Auth-Realm': 'owner' },
    signal,
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  });
}

async function refusal(response: Response): Promise<ApiError> {
  const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message =
    typeof payload?.message === 'string' && payload.message
      ? payload.message
      : response.statusText || 'Server error';
  return new ApiError(message, response.status);
}

/**
 * A file only the owner may read (an invoice, the CSV export), as a blob. A 401 renews the
 * owner's session through the API client (which also ends it and sends the owner to sign in when
 * it cannot be renewed) and asks once more; so does a 403 asking for a fresh proof, once given.
 */
export async function fetchOwnerFile(path: string, signal?: AbortSignal): Promise<OwnerFile> {
  let response = await send(path, signal);
  if (response.status === 401) {
    await apiRequest('/admins/getAdmin', { realm: 'owner', signal });
    response = await send(path, signal);
  }
  if (await provedAfterRefusal(response)) response = await send(path, signal);
  if (!response.ok) throw await refusal(response);
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
