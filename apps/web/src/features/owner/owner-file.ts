import { API_BASE } from '@makhana/domain/api';
import { type ApiFile, apiFile } from '../../lib/api-client';

/**
 * A file only the owner may read (a complaint's invoice picture, the CSV export), as a blob: the
 * owner's session in its cookie, named by the realm header (an <img src> could not send it). The
 * API may name the file by its full address (`/api/v1/supports/invoice/…`) or by its path.
 */
export function fetchOwnerFile(path: string, signal?: AbortSignal): Promise<ApiFile> {
  const relative = path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;
  return apiFile(relative, { realm: 'owner', signal });
}
