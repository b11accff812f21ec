import { accountThunk, post, type Session, startSession } from './account-thunk';

/** POST /users/googleLogin: the single-use code the Google callback handed the page. */
export async function exchangeGoogleCode(body: { code: string }): Promise<Session> {
  return startSession(await post<Session>('/users/googleLogin', body));
}

/** Exchanges the single-use code the Google callback handed the page for the session cookies. */
export const googleLogin = accountThunk('auth/googleLogin', exchangeGoogleCode);
