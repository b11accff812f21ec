import type { EmailUndoInput } from '@makhana/domain/validation';
import { apiRequest } from '../../../lib/api-client';

/** The old address's link: puts the e-mail back; the server ends every session of the account. */
export function undoEmailChange(token: string): Promise<{ email: string }> {
  const body: EmailUndoInput = { token };
  return apiRequest<{ email: string }>('/users/undoEmailChange', { method: 'POST', body });
}
