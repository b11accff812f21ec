import { expect, test } from './fixtures';
import {
  customerSignsIn,
  customerWithOrder,
  entry,
  newShopper,
  OWNER,
  openTab,
  ownerFigures,
  shot,
} from './owner-kit';
import { DESKTOP, expectAccessible, fetchProducts, PHONE, picturesInViewSettled } from './support';

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
      // Every tab, a customer's page and an order's pop-up at this size, with a check of each.
      test.slow();
      const shopper = newShopper();
      const { orderNumber } = await customerWithOrder(request, shopper, { paid: false });

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

      const figures = await ownerFigures(request);

      await test.step('the header leads to the dashboard and its four cards', async () => {
        if (label === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).click();
        await expect(page).toHaveURL(/\/owner\/admin\/dashboard/);
        await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();
        await expect(page.getByTestId('figure-sales').locator('[data-figure]')).toHaveText(
          String(figures.totalOrders),
        );
        await expect(page.getByTestId('figure-users').locator('[data-figure]')).toHaveText(
          String(figures.totalUsers),
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

      await test.step("a customer's name opens their page; Back returns to the list", async () => {
        const row = entry(page, ['user-row', 'user-card'], shopper.email);
        await row.getByRole('link', { name: 'Sita Mishra' }).click();
        await expect(page).toHaveURL(/tab=users.*customer=/);
        await expect(page.getByRole('heading', { level: 2, name: 'Sita Mishra' })).toBeVisible();
        const contact = page.getByRole('region', { name: 'Contact' });
        await expect(contact.getByRole('link', { name: shopper.email })).toBeVisible();
        const order = page.getByTestId('customer-order');
        await expect(order).toContainText(orderNumber);
        await expect(order).toContainText('₹');
        await expect(page.getByRole('region', { name: /^Reviews/ })).toContainText('No reviews.');
        await expect(page.getByRole('button', { name: 'Delete Sita Mishra' })).toBeVisible();
        await expectAccessible(page);
        await shot(page, testInfo, `owner-customer-page-${label}`);
        await order.getByRole('button', { name: `View order ${orderNumber}` }).click();
        const dialog = page.getByRole('dialog', { name: `Order #${orderNumber}` });
        await expect(dialog).toContainText('7 Boring Road');
        await page.keyboard.press('Escape');
        await page.goBack();
        await expect(entry(page, ['user-row', 'user-card'], shopper.email)).toBeVisible();
        await page.goForward();
        await expect(page.getByRole('heading', { level: 2, name: 'Sita Mishra' })).toBeVisible();
        await page.getByRole('link', { name: /All customers/ }).click();
        await expect(entry(page, ['user-row', 'user-card'], shopper.email)).toBeVisible();
      });

      await test.step('Orders lists the unpaid order when asked, and opens its pop-up', async () => {
        await openTab(page, 'Orders');
        // The tab opens on paid orders; this one waits for its payment.
        await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('true');
        await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Unpaid' });
        await expect(page).toHaveURL(/[?&]paid=false/);
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

      await test.step('Products, Support, Reviews and Banners open in their tabs', async () => {
        for (const name of ['Products', 'Support', 'Reviews', 'Banners']) {
          await openTab(page, name);
          await expect(page.getByRole('tabpanel')).toBeVisible();
          await picturesInViewSettled(page);
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
        // The customer's access cookie lives seconds here; their session is the refresh cookie.
        const renewed = await page.request.post('/api/v1/users/refresh-token', {
          headers: { Origin: new URL(page.url()).origin },
        });
        expect(renewed.ok()).toBe(true);
        const customer = await page.request.get('/api/v1/users/getUser');
        expect(customer.ok()).toBe(true);
      });
    });
  });
}
