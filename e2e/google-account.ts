/** The one Google account the local OpenID Connect server signs in during the journeys. */
export const GOOGLE_ACCOUNT = {
  sub: 'google-e2e-shopper',
  email: 'meera.google@example.in',
  email_verified: true,
  given_name: 'Meera',
  family_name: 'Jha',
};
