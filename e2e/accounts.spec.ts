import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { GOOGLE_ACCOUNT } from './google-account';
import { latestCode, mailsTo } from './mail';
import { DESKTOP, expectAccessible, PHONE, screenshotBoth } from './support';

function newShopper() {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Asha',
    lastName: 'Kumari',
    email: `asha.${id}@example.in`,
    phone: '9876543210',
  };
}

async function register(page: Page, shopper: ReturnType<typeof newShopper>) {
  await page.goto('/register');
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await page.getByLabel('First name').fill(shopper.firstName);
  await page.getByLabel('Last name').fill(shopper.lastName);
  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByLabel('Mobile number').fill(shopper.phone);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page.getByText('Account created successfully')).toBeVisible();
}

async function enterCode(page: Page, email: string, after = 0) {
  const code = await latestCode(email, after);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('User Login successfully')).toBeVisible();
}

test.describe('customer accounts', () => {
  test('register, sign in with the mailed code, edit the profile, manage addresses, sign out', async ({
    page,
  }, testInfo) => {
    const shopper = newShopper();
    await page.setViewportSize(DESKTOP);

    await test.step('register, then sign in with the code from the mail', async () => {
      await register(page, shopper);
      await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('One-time code').fill('12345');
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(page.getByText('Please enter a valid OTP')).toBeVisible();
      await enterCode(page, shopper.email);
      expect(await mailsTo(shopper.email)).toHaveLength(1);
    });

    await test.step('the dashboard: edit the profile, then cancel', async () => {
      await page.goto('/dashboard');
      await expect(
        page.getByRole('heading', { name: `Hello, ${shopper.firstName}` }),
      ).toBeVisible();
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'dashboard-profile');
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('First name').fill('Changed');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Changed')).toHaveCount(0);
      await expect(page.getByRole('main').getByText(shopper.firstName).first()).toBeVisible();

      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Last name').fill('Jha');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Profile updated successfully')).toBeVisible();
      await expect(page.getByRole('main').getByText('Jha').first()).toBeVisible();
    });

    await test.step('addresses: a validation error on the way, add, edit, delete', async () => {
      await page.getByRole('button', { name: 'Manage Addresses' }).click();
      await page.getByRole('button', { name: 'Add new address' }).click();
      const form = page.getByRole('form', { name: 'Address form' });
      await form.getByLabel('Full name').fill('Asha Jha');
      await form.getByLabel('Mobile number').fill('98765');
      await form.getByLabel('House no., building, street').fill('12 Station Road');
      await form.getByLabel('City').fill('Darbhanga');
      await form.getByLabel('State').selectOption('Bihar');
      await form.getByLabel('Pincode').fill('84600');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
      await expect(form.getByText('Please enter a valid 6-digit pincode')).toBeVisible();
      await expect(form.getByText('Address type is required')).toBeVisible();
      await screenshotBoth(page, testInfo, 'address-errors');

      await form.getByLabel('Mobile number').fill('9876543210');
      await form.getByLabel('Pincode').fill('846004');
      await form.getByLabel('Home').check();
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(page.getByText('Address Added successfully')).toBeVisible();
      await expect(page.getByText('12 Station Road')).toBeVisible();

      await page.getByRole('button', { name: 'Edit address of Asha Jha' }).click();
      await page
        .getByRole('form', { name: 'Address form' })
        .getByLabel('House no., building, street')
        .fill('14 Lalbagh Road');
      await page.getByRole('button', { name: 'Update address' }).click();
      await expect(page.getByText('Address Update successfully')).toBeVisible();
      await expect(page.getByText('14 Lalbagh Road')).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Delete address of Asha Jha' }).click();
      await page.getByRole('button', { name: 'Delete address', exact: true }).click();
      await expect(page.getByText('Address deleted successfully')).toBeVisible();
      await expect(page.getByText('14 Lalbagh Road')).toHaveCount(0);
    });

    await test.step('sign out', async () => {
      await page.getByRole('button', { name: 'User Logout' }).click();
      await expect(page.getByText('Logout successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    });
  });

  test('an expired access token is refreshed silently during a page action', async ({ page }) => {
    const shopper = newShopper();
    await page.setViewportSize(PHONE);
    await register(page, shopper);
    await enterCode(page, shopper.email);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Hello, ${shopper.firstName}` })).toBeVisible();

    const ttl = Number(process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ?? 6);
    await page.waitForTimeout((ttl + 1) * 1000);
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/users/refresh-token') && r.ok(),
    );
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Last name').fill('Mishra');
    await page.getByRole('button', { name: 'Save' }).click();
    await refreshed;
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a visitor who signs up from checkout comes back to checkout', async ({ page }) => {
    const shopper = newShopper();
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel('First name').fill(shopper.firstName);
    await page.getByLabel('Last name').fill(shopper.lastName);
    await page.getByLabel('Email address').fill(shopper.email);
    await page.getByLabel('Mobile number').fill(shopper.phone);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /create account/i }).click();
    await expect(page.getByText('Account created successfully')).toBeVisible();
    await enterCode(page, shopper.email);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  });

  test('a visitor at /checkout is asked to sign in and comes back to checkout', async ({
    page,
  }) => {
    const shopper = newShopper();
    await register(page, shopper);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await page.getByLabel('Email address').fill(shopper.email);
    const sent = (await mailsTo(shopper.email)).length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await enterCode(page, shopper.email, sent);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  });

  test('Google sign-in through the OpenID Connect dance ends signed in', async ({
    page,
    browser,
  }) => {
    // Every address the browser asked for or showed, redirects included.
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    await page.goto('/login');
    await page.getByRole('link', { name: /continue with google/i }).click();
    await expect(page.getByText('User Login successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The callback hands the page a single-use code, never a token.
    for (const url of urls) expect(url).not.toMatch(/accessToken|refreshToken/);
    const landing = [...new Set(urls.filter((url) => new URL(url).pathname === '/google-login'))];
    expect(landing.filter((url) => /[?&]code=[\w-]{43}$/.test(url))).toHaveLength(1);
    const handOff = landing.find((url) => url.includes('code='))!;

    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: `Hello, ${GOOGLE_ACCOUNT.given_name}` }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText(GOOGLE_ACCOUNT.email)).toBeVisible();

    // The link works once, and only where the sign-in started: elsewhere it signs nobody in.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto(handOff);
      await expect(
        other.getByText('Google sign-in could not be completed. Please try again.'),
      ).toBeVisible();
      await expect(other).toHaveURL(/\/login$/);
      await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });
});

test.describe('the browser session', () => {
  test('survives a reload through httpOnly cookies alone, and the login page shows only known words', async ({
    page,
  }) => {
    const shopper = newShopper();
    await register(page, shopper);
    await enterCode(page, shopper.email);
    await page.goto('/dashboard');
    const hello = page.getByRole('heading', { name: `Hello, ${shopper.firstName}` });
    await expect(hello).toBeVisible();

    await test.step('a reload keeps the shopper signed in', async () => {
      // The dashboard may be renewing the short-lived access token: a reload that aborts that
      // answer loses the rotated refresh cookie, which this journey is not about.
      await page.waitForLoadState('networkidle');
      await page.reload();
      await expect(hello).toBeVisible();
      await expect(page.getByRole('main').getByText(shopper.email)).toBeVisible();
    });

    await test.step('no script-readable place holds a token', async () => {
      const cookies = await page.context().cookies();
      const sessionCookies = cookies.filter((c) =>
        ['accessToken', 'refreshToken'].includes(c.name),
      );
      // The refresh cookie lives on; the access cookie may have lapsed (short-lived here).
      expect(sessionCookies.map((c) => c.name)).toContain('refreshToken');
      for (const cookie of sessionCookies) expect(cookie.httpOnly, cookie.name).toBe(true);
      const tokens = sessionCookies.map((c) => c.value);

      const readable = await page.evaluate(() => {
        const dump = (storage: Storage) =>
          Object.keys(storage).map((key) => ({ key, value: storage.getItem(key) ?? '' }));
        return {
          entries: [...dump(localStorage), ...dump(sessionStorage)],
          cookie: document.cookie,
        };
      });
      expect(readable.entries.length).toBeGreaterThan(0);
      for (const { key, value } of readable.entries) {
        expect(key, 'a storage key named like a token').not.toMatch(/token/i);
        expect(value, `storage entry ${key}`).not.toMatch(/token/i);
        for (const token of tokens) expect(value, `storage entry ${key}`).not.toContain(token);
      }
      for (const token of tokens) expect(readable.cookie).not.toContain(token);
    });

    await test.step('the login page shows a known code as its fixed message, and nothing else', async () => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });

      await page.goto('/login?error=google_cancelled');
      await expect(page.getByText('Google sign-in was cancelled.', { exact: false })).toBeVisible();

      const attack = '<script>alert(1)</script>';
      await page.goto(`/login?error=${encodeURIComponent(attack)}`);
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      // The page drops the parameter once it has read it: from then on nothing more can appear.
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(attack)).toHaveCount(0);
      await expect(page.getByText('alert(1)')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await page.locator('.Toastify__toast').count()).toBe(0);
      expect(dialogs).toEqual([]);
    });
  });
});

test.describe('e-mail is identity', () => {
  test('a new e-mail needs the old mailbox to approve it, and the old mailbox can undo it', async ({
    page,
  }, testInfo) => {
    const shopper = newShopper();
    const next = `new.${shopper.email}`;
    await register(page, shopper);
    await enterCode(page, shopper.email);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Hello, ${shopper.firstName}` })).toBeVisible();
    /** the e-mail the profile lists (the code forms name addresses too) */
    const profileShows = (email: string) =>
      page.getByRole('main').locator('dd').getByText(email, { exact: true });
    const approval = page.getByRole('form', {
      name: 'Approve the change from your current e-mail',
    });
    const confirmation = page.getByRole('form', { name: 'Confirm your new e-mail' });

    await test.step('saving a new e-mail asks the current mailbox first and changes nothing yet', async () => {
      const before = (await mailsTo(shopper.email)).length;
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Email address').fill(next);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByText(
          `We sent a code to ${shopper.email}. Enter it to approve changing your e-mail to ${next}.`,
        ),
      ).toBeVisible();
      await expect(approval.getByText('Step 1 of 2')).toBeVisible();
      await expect(profileShows(shopper.email)).toBeVisible();
      expect(await mailsTo(next)).toHaveLength(0);
      await approval.getByLabel('One-time code').fill(await latestCode(shopper.email, before));
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'email-change-approve');
    });

    await test.step('the code from the current mailbox approves; the new mailbox gets its own', async () => {
      await approval.getByRole('button', { name: 'Approve' }).click();
      await expect(
        page.getByText(`We sent a code to ${next}. Enter it to change your e-mail.`),
      ).toBeVisible();
      await expect(confirmation.getByText(`Enter the code we sent to ${next}`)).toBeVisible();
      await expect(approval).toHaveCount(0);
      await screenshotBoth(page, testInfo, 'email-change-confirm');
    });

    const notices = (await mailsTo(shopper.email)).length;
    await test.step('the code from the new mailbox confirms it', async () => {
      await confirmation.getByLabel('One-time code').fill(await latestCode(next));
      await confirmation.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Email updated successfully')).toBeVisible();
      await expect(profileShows(next)).toBeVisible();
      await expect(confirmation).toHaveCount(0);
      await page.reload();
      await expect(profileShows(next)).toBeVisible();
    });

    let link = '';
    await test.step('the old mailbox is told, with a link that undoes the change', async () => {
      await expect
        .poll(async () => (await mailsTo(shopper.email)).length, { timeout: 15_000 })
        .toBeGreaterThan(notices);
      const notice = (await mailsTo(shopper.email)).at(-1)!.replace(/=\r?\n/g, '');
      expect(notice).toContain('Subject: Your Mithila Makhana e-mail was changed');
      link = notice.match(/^(http\S+\/undo-email-change#\S+)$/m)?.[1] ?? '';
      expect(link).toMatch(/#[\w-]{36}\.[\w-]{43}$/);
    });

    await test.step('the link, opened, asks first; undone, the e-mail is back and every session over', async () => {
      await page.goto(new URL(link).pathname + new URL(link).hash);
      await expect(page).toHaveURL(/\/undo-email-change$/);
      await expect(page.getByRole('heading', { name: 'Undo the e-mail change' })).toBeVisible();
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'email-change-undo');
      await page.getByRole('button', { name: 'Undo the change' }).click();
      await expect(page.getByRole('heading', { name: 'Your e-mail is back' })).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: `Your e-mail is ${shopper.email} again` }),
      ).toBeVisible();
      await screenshotBoth(page, testInfo, 'email-change-undone');
      await page.goto('/dashboard');
      await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    });

    await test.step('the old e-mail signs in again; the link works once', async () => {
      await page.getByLabel('Email address').fill(shopper.email);
      const sent = (await mailsTo(shopper.email)).length;
      await page.getByRole('button', { name: 'Send code' }).click();
      await enterCode(page, shopper.email, sent);
      await page.goto('/dashboard');
      await expect(profileShows(shopper.email)).toBeVisible();
      await page.goto(new URL(link).pathname + new URL(link).hash);
      await page.getByRole('button', { name: 'Undo the change' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'This link has expired or was already used.',
      );
    });
  });
});
