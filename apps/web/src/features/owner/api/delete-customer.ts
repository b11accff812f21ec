import type { erasedCustomerShape } from '@makhana/domain/contracts/owner';
import type { z } from 'zod';
import { apiAnswer } from '../../../lib/api-client';

export type ErasedCustomer = z.infer<typeof erasedCustomerShape>;

/**
 * POST /users/deleteUser/{id}: the owner erases a customer. Answers the erased id and the server's
 * message, for the toast.
 */
export async function deleteCustomer(
  userId: string,
): Promise<{ erased: ErasedCustomer; message: string }> {
  const answer = await apiAnswer<ErasedCustomer>(
    `/users/deleteUser/${encodeURIComponent(userId)}`,
    { method: 'POST', realm: 'owner' },
  );
  return { erased: answer.data, message: answer.message };
}
