// The owner turns on a second factor and signs in with it. In a second shop: a second factor on
// the journeys' shop would reach every journey that signs the owner in.
import type { Page, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { customerWithOrder, newShopper, OWNER, openTab, searchList, shot } from './owner-kit';
import { useSecondShop } from './second-shop';
import { DESKTOP, expectAccessible, PHONE } from './support';

// A proof of identity opens the dangerous acts for 5 seconds here (10 minutes in a shop).
const PROOF_SECONDS = 5;
const { origin, dataDir } = useSecondShop({
  offset: 8,
  env: { RATE_LIMIT_STRICT_MAX: '1000', OWNER_PROOF_SECONDS: String(PROOF_SECONDS) },
});

/** Up to the password; answers once the shop has said what comes next. */
async function enterPassword(page: Page) {
  await page.goto(`${origin}/login/admin/owner`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function enterCode(page: Page, code: string) {
  const field = page.getByLabel('Code from your authenticator app');
  await expect(field).toBeFocused();
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

async function signedIn(page: Page) {
  await expect(page.getByText('Admin login successfully')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/`);
}

/** The screen as it stands, at a phone's width and then a desktop's (where it stays). */
async function shotBoth(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await shot(page, testInfo, `${name}-${size}`);
  }
}

async function signOut(page: Page) {
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
}

test('the owner sets up a second factor, signs in with it, proves it again for a refund, signs a session out', async ({
  page,
  playwright,
}, testInfo) => {
  // Six sign-ins, a wait past the proof's life and a dozen full-page shots: more than a minute.
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await enterPassword(page);
  await signedIn(page);

  let totp: TOTP | undefined;
  let recoveryCodes: string[] = [];
  await test.step('the dashboard urges it; the Security tab sets it up', async () => {
    await page.goto(`${origin}/owner/admin/dashboard`);
    // The dashboard's other notes (who sells, until the owner saves it) are not this one.
    const note = page.getByRole('note').filter({ hasText: 'Your sign-in is a password alone.' });
    await expect(note).toContainText('Your sign-in is a password alone.');
    await shotBoth(page, testInfo, 'owner-no-second-factor');
    await note.getByRole('button', { name: 'Set it up' }).click();
    await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Set up a second factor' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code to add Mithila Makhana Co. to an authenticator app' }),
    ).toBeVisible();
    const key = (await page.getByTestId('second-factor-key').textContent()) ?? '';
    totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) });
    await expectAccessible(page);
    await shotBoth(page, testInfo, 'owner-second-factor-setup');

    await page.getByLabel('Code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    await expectAccessible(page);
    await shotBoth(page, testInfo, 'owner-recovery-codes');
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await expect(page.getByText(/Signing in asks for the password and the code/)).toBeVisible();
    await expect(note).toHaveCount(0);
  });

  await test.step('sign-in asks for the code after the password, and takes it', async () => {
    await signOut(page);
    await page.setViewportSize(PHONE);
    await enterPassword(page);
    await expect(page.getByLabel('Code from your authenticator app')).toBeVisible();
    await expectAccessible(page);
    await shotBoth(page, testInfo, 'owner-sign-in-code');
    // The code of the next 30 seconds: the one used to turn it on opened its step already.
    const next = totp?.generate({ timestamp: Date.now() + 30_000 }) ?? '';
    await enterCode(page, next);
    await signedIn(page);
  });

  await test.step('a recovery code opens one sign-in, once', async () => {
    const [first] = recoveryCodes;
    expect(first).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await signOut(page);
    await enterPassword(page);
    await enterCode(page, first ?? '');
    await signedIn(page);

    await signOut(page);
    await enterPassword(page);
    await enterCode(page, first ?? '');
    await expect(
      page.getByText(
        'That code is not right. Enter the code your app shows now, or an unused recovery code.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(`${origin}/login/admin/owner`);
  });

  await test.step('a refund asks for a fresh proof; a session elsewhere is signed out', async () => {
    const shop = await playwright.request.newContext({ baseURL: origin });
    const order = await customerWithOrder(shop, newShopper('Ravi', 'Thakur'), {
      dataDir: dataDir(),
    });
    // The owner, signed in on a phone too.
    const elsewhere = await shop.post('/api/v1/admins/onlyAdminTo/login', {
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36',
      },
      data: { ...OWNER, otp: recoveryCodes[1] },
    });
    expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
    const phone = { Authorization: `Bearer ${(await elsewhere.json()).data.accessToken}` };

    await page.setViewportSize(DESKTOP);
    await enterPassword(page);
    await enterCode(page, recoveryCodes[2] ?? '');
    await signedIn(page);
    // Past the proof the sign-in gave.
    await page.waitForTimeout((PROOF_SECONDS + 1) * 1000);
    await page.goto(`${origin}/owner/admin/dashboard`);
    await openTab(page, 'Orders');
    await searchList(page, order.orderNumber);
    await page
      .getByRole('button', { name: `View order ${order.orderNumber}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
    await dialog.getByRole('button', { name: 'Refund this order' }).click();
    await page.getByLabel('Reason for the refund').fill('The customer asked to cancel');
    await dialog.getByRole('button', { name: 'Review the refund' }).click();
    await page
      .getByRole('dialog', { name: /to the customer\?$/ })
      .getByRole('button', { name: /^Refund ₹/ })
      .click();

    const proof = page.getByRole('dialog', { name: 'Confirm it is you' });
    const code = proof.getByLabel('Code from your authenticator app');
    await expect(code).toBeFocused();
    await expectAccessible(page);
    await shotBoth(page, testInfo, 'owner-fresh-proof');
    await code.fill(recoveryCodes[3] ?? '');
    await proof.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/^Order refunded: ₹/)).toBeVisible();
    await expect(proof).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await openTab(page, 'Security');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions).toContainText('This device');
    await expectAccessible(page);
    await shotBoth(page, testInfo, 'owner-sessions');
    await page.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await shop.get('/api/v1/admins/getAdmin', { headers: phone })).status()).toBe(401);
    await shop.dispose();
  });
});
