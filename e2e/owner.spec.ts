import { isProductAvailable } from '@makhana/domain/product';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestCode, mailsTo } from './mail';
import { DESKTOP, expectAccessible, fetchProducts, PHONE } from './support';

const OWNER = { email: 'owner@mithilamakhana.in', password: 'makhana-owner-dev' };

interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

function newShopper(): Shopper {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Sita',
    lastName: 'Mishra',
    email: `sita.${id}@example.in`,
    phoneNumber: '9123456780',
  };
}

/** Registers a shopper and places a (still unpaid) order for them through the API. */
async function shopperWithOrder(request: APIRequestContext, shopper: Shopper): Promise<string> {
  expect((await request.post('/api/v1/users/registerUser', { data: shopper })).ok()).toBe(true);
  const sent = (await mailsTo(shopper.email)).length;
  expect(
    (await request.post('/api/v1/users/loginUser', { data: { email: shopper.email } })).ok(),
  ).toBe(true);
  const login = await request.post('/api/v1/users/loginVerificationUser', {
    data: { email: shopper.email, otp: await latestCode(shopper.email, sent) },
  });
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };

  const product = (await fetchProducts(request)).find(isProductAvailable);
  const variant = product?.quantity.find((q) => q.stock > 0);
  if (!product || !variant) throw new Error('The demo catalogue needs a product in stock');
  const shippingCost = variant.price > 500 ? 0 : 50;
  const placed = await request.post('/api/v1/orders/createOrder', {
    headers,
    data: {
      items: [
        {
          id: product._id,
          weight: variant.weight,
          sku: variant.sku,
          price: variant.price,
          quantity: 1,
        },
      ],
      shippingCost,
      totalAmount: variant.price + shippingCost,
      shippingAddress: {
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        email: shopper.email,
        phone: shopper.phoneNumber,
        address: '7 Boring Road, Sri Krishna Puri',
        city: 'Patna',
        state: 'Bihar',
        pincode: '800001',
      },
      paymentMethod: 'Prepaid',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  await request.post('/api/v1/users/logoutUser', { headers });
  return ((await placed.json()).data as { orderNumber: string }).orderNumber;
}

async function customerSignsIn(page: Page, email: string) {
  await page.goto('/login');
  const sent = (await mailsTo(email)).length;
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('One-time code').fill(await latestCode(email, sent));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The owner's figures as the API gives them, to compare with the cards. */
async function ownerCounts(request: APIRequestContext) {
  const login = await request.post('/api/v1/admins/onlyAdminTo/login', { data: OWNER });
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const orders = await (await request.get('/api/v1/orders/orderDetails', { headers })).json();
  const users = await (await request.get('/api/v1/users/getUserDetails', { headers })).json();
  await request.post('/api/v1/admins/logoutAdmin', { headers });
  // The Total Sales card counts paid orders only, as the server's figures do.
  const paid = (orders.data as { paymentStatus: string; needsRefund: boolean }[]).filter(
    (order) => order.paymentStatus === 'completed' && !order.needsRefund,
  );
  return { orders: paid.length, users: (users.data as unknown[]).length };
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** A list's entry: a table row from a small tablet up, a card on a phone. */
function entry(page: Page, testIds: [row: string, card: string], text: string) {
  return page
    .locator(`[data-testid="${testIds[0]}"], [data-testid="${testIds[1]}"]`)
    .filter({ visible: true, hasText: text });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tab=${name.toLowerCase()}`));
}

for (const [label, size] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the owner area at ${label} size`, () => {
    test.use({ viewport: size });

    test('a customer gets the owner sign-in; the owner signs in, sees every tab and signs out', async ({
      page,
      request,
    }, testInfo) => {
      const shopper = newShopper();
      const orderNumber = await shopperWithOrder(request, shopper);

      await test.step('a customer on the owner dashboard sees the owner sign-in', async () => {
        await customerSignsIn(page, shopper.email);
        await page.goto('/owner/admin/dashboard?tab=users');
        await expect(page.getByRole('heading', { level: 1, name: 'Owner sign-in' })).toBeVisible();
        await expect(page.getByRole('tablist')).toHaveCount(0);
        await expect(page.getByText(shopper.email)).toHaveCount(0);
        await expectAccessible(page);
      });

      await test.step('the owner sign-in keeps its rules, then signs the owner in', async () => {
        await page.goto('/login/admin/owner');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByText('Email is required')).toBeVisible();
        await expect(page.getByText('Password is required')).toBeVisible();
        await expectAccessible(page);
        await shot(page, testInfo, `owner-sign-in-${label}`);
        await page.getByLabel('Email').fill(OWNER.email);
        await page.getByLabel('Password').fill(OWNER.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByText('Admin login successfully')).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
      });

      const counts = await ownerCounts(request);

      await test.step('the header leads to the dashboard and its four cards', async () => {
        if (label === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).click();
        await expect(page).toHaveURL(/\/owner\/admin\/dashboard/);
        await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();
        await expect(page.getByTestId('figure-sales').locator('[data-figure]')).toHaveText(
          String(counts.orders),
        );
        await expect(page.getByTestId('figure-users').locator('[data-figure]')).toHaveText(
          String(counts.users),
        );
        const products = (await fetchProducts(request)).length;
        await expect(page.getByTestId('figure-products').locator('[data-figure]')).toHaveText(
          String(products),
        );
        await expect(page.getByTestId('figure-growth')).not.toContainText('+25%');
        await expectAccessible(page);
        await shot(page, testInfo, `owner-dashboard-${label}`);
      });

      await test.step('Users lists the customer', async () => {
        await openTab(page, 'Users');
        await expect(entry(page, ['user-row', 'user-card'], shopper.email)).toBeVisible();
        await expectAccessible(page);
        await shot(page, testInfo, `owner-users-${label}`);
      });

      await test.step('Orders lists the order and opens its pop-up', async () => {
        await openTab(page, 'Orders');
        const row = entry(page, ['owner-order-row', 'owner-order-card'], orderNumber);
        await expect(row).toContainText('Sita Mishra');
        await expectAccessible(page);
        await shot(page, testInfo, `owner-orders-${label}`);
        await row.getByRole('button', { name: `View order ${orderNumber}` }).click();
        const dialog = page.getByRole('dialog', { name: `Order #${orderNumber}` });
        await expect(dialog).toContainText('7 Boring Road');
        await expect(dialog).toContainText('Not shipped yet');
        await expectAccessible(page);
        await shot(page, testInfo, `owner-order-popup-${label}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      });

      await test.step('Products and Banners open in their tabs', async () => {
        for (const name of ['Products', 'Banners']) {
          await openTab(page, name);
          await expect(page.getByRole('tabpanel')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectAccessible(page);
          await shot(page, testInfo, `owner-${name.toLowerCase()}-${label}`);
        }
      });

      await test.step('the owner signs out from the header; the customer stays signed in', async () => {
        if (label === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
        await expect(page.getByText('Admin Logout successfully')).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
        await page.goto('/owner/admin/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: 'Owner sign-in' })).toBeVisible();
        const owner = await page.request.get('/api/v1/admins/getAdmin');
        expect(owner.status()).toBe(401);
        const customer = await page.request.get('/api/v1/users/getUser');
        expect(customer.ok()).toBe(true);
      });
    });
  });
}
