import type { loginVerifySchema } from '@makhana/domain/validation';
import type { z } from 'zod';
import { accountThunk, post, type Session, startSession } from './account-thunk';

export type LoginVerifyInput = z.infer<typeof loginVerifySchema>;

/** POST /users/loginVerificationUser: the mailed code starts the session (cookies). */
export async function verifyLogin(body: LoginVerifyInput): Promise<Session> {
  return startSession(await post<Session>('/users/loginVerificationUser', body));
}

export const loginVerification = accountThunk('auth/loginVerification', verifyLogin);
