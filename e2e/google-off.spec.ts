// A shop whose owner has not set up Google sign-in: a second shop, started without the GOOGLE_*
// variables the journeys' shop has.
import { expect, test } from './fixtures';
import { shot } from './owner-kit';
import { useSecondShop } from './second-shop';
import { DESKTOP, expectAccessible, PHONE } from './support';

const { origin } = useSecondShop({
  offset: 7,
  unset: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER_URL'],
});

test('without Google set up, the login page shows its button off and says why', async ({
  page,
}, testInfo) => {
  const status = await (await fetch(`${origin}/api/v1/users/auth/google/status`)).json();
  expect(status.data).toEqual({ configured: false });

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${origin}/login`);
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeDisabled();
    await expect(google).toHaveAccessibleDescription(
      'Google sign-in is not available in this shop yet.',
    );
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
    // The e-mail sign-in is untouched.
    await expect(page.getByLabel('Email address')).toBeEditable();
    await expectAccessible(page);
    await shot(page, testInfo, `login-without-google-${size}`);
  }
});
