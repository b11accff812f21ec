import type { User } from '@makhana/domain/account';
import { apiRequest } from '../../../lib/api-client';

/** Asks for a new code by saving the profile again with the new address. */
export function resendEmailChangeCode(user: User, email: string): Promise<User> {
  return apiRequest<User>('/users/updateUserAccount', {
    method: 'POST',
    body: {
      firstName: user.firstName,
      lastName: user.lastName,
      gender: user.gender ?? null,
      email,
      phoneNumber: user.phoneNumber,
    },
  });
}
