import { formatIndianNumber, formatRupees } from '@makhana/domain/money';
import { isProductAvailable, type Product } from '@makhana/domain/product';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestCode, mailsTo } from './mail';
import {
  DESKTOP,
  expectAccessible,
  fetchProducts,
  keptPdfText,
  PHONE,
  screenshotBoth,
} from './support';

interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

function newShopper(): Shopper {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Ravi',
    lastName: 'Sinha',
    email: `ravi.${id}@example.in`,
    phoneNumber: '9123456780',
  };
}

/** Registers a customer and saves an address through the API, as an earlier visit would have. */
async function customerWithSavedAddress(request: APIRequestContext, shopper: Shopper) {
  expect((await request.post('/api/v1/users/registerUser', { data: shopper })).ok()).toBe(true);
  expect(
    (await request.post('/api/v1/users/loginUser', { data: { email: shopper.email } })).ok(),
  ).toBe(true);
  const otp = await latestCode(shopper.email);
  const login = await request.post('/api/v1/users/loginVerificationUser', {
    data: { email: shopper.email, otp },
  });
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const saved = await request.post('/api/v1/users/newAddress', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      name: `${shopper.firstName} ${shopper.lastName}`,
      street: '7 Boring Road',
      locality: 'Sri Krishna Puri',
      city: 'Patna',
      state: 'Bihar',
      country: 'India',
      pincode: '800001',
      phoneNumber: shopper.phoneNumber,
      label: 'Home',
    },
  });
  expect(saved.ok()).toBe(true);
  // The browser signs in on its own; this API session ends here.
  await request.post('/api/v1/users/logoutUser', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
}

async function addToCart(page: Page, product: Product, weight: number) {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: `${weight}g`, exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

async function signInAtCheckout(page: Page, email: string) {
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  const sent = (await mailsTo(email)).length;
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('One-time code').fill(await latestCode(email, sent));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

function buyable(products: Product[]) {
  const lines = products
    .filter(isProductAvailable)
    .map((product) => ({ product, variant: product.quantity.find((q) => q.stock >= 3)! }))
    .filter((line) => line.variant);
  if (lines.length < 2) throw new Error('The demo catalogue needs two products in stock');
  return lines;
}

test.describe('checkout and payment', () => {
  test('a visitor buys two products, signs in, pays in the simulated window and finds the order', async ({
    page,
    request,
  }, testInfo) => {
    const shopper = newShopper();
    await customerWithSavedAddress(request, shopper);
    const [first, second] = buyable(await fetchProducts(request));
    await page.setViewportSize(DESKTOP);

    await test.step('two products in the cart, then sign in from checkout', async () => {
      await addToCart(page, first!.product, first!.variant.weight);
      await addToCart(page, second!.product, second!.variant.weight);
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await signInAtCheckout(page, shopper.email);
    });

    const subtotal = first!.variant.price + second!.variant.price;
    const total = subtotal + (subtotal > 500 ? 0 : 50);

    await test.step('a served pincode fills City and State', async () => {
      await page.getByLabel('Pincode').fill('846004');
      await expect(page.getByTestId('pincode-serviceable')).toContainText('Darbhanga, BR');
      await expect(page.getByLabel('City')).toHaveValue('Darbhanga');
      await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Bihar');
      await expect(
        page.getByRole('checkbox', { name: 'Save this address to my addresses' }),
      ).toBeChecked();
      await screenshotBoth(page, testInfo, 'checkout-filled-from-pincode');
    });

    await test.step('a saved address, a bad pincode first, then a deliverable one', async () => {
      await page.getByRole('radio', { name: /Ravi Sinha, Home: Patna 800001/ }).check();
      await expect(page.getByLabel('City')).toHaveValue('Patna');
      const pincode = page.getByLabel('Pincode');
      await pincode.fill('999999');
      await expect(page.getByText('Not deliverable')).toBeVisible();
      const placeOrder = page.getByRole('button', { name: /^Place Order/ });
      await expect(placeOrder).toBeDisabled();
      await screenshotBoth(page, testInfo, 'checkout-not-deliverable');
      await pincode.fill('800001');
      await expect(page.getByTestId('pincode-serviceable')).toContainText('Patna, BR');
      await expect(placeOrder).toBeEnabled();
      await expect(placeOrder).toContainText(formatRupees(total));
      await expectAccessible(page);
    });

    let orderId = '';
    await test.step('place the order and pay in the simulated window', async () => {
      await page.getByRole('button', { name: /^Place Order/ }).click();
      const window = page.getByRole('dialog');
      await expect(window).toBeVisible();
      await expect(window).toContainText(formatRupees(total));
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'payment-window');
      await window.getByRole('button', { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/order-status\/[\w-]+$/);
      orderId = page.url().split('/').pop()!;
      await expect(page.getByText('Order Placed successfully')).toBeVisible();
    });

    await test.step('the order page shows the total and the transaction id', async () => {
      await expect(
        page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }),
      ).toBeVisible();
      // Asked with the browser's own cookies. Its access cookie lives seconds here, so it may have
      // run out: the session is the refresh cookie, renewed as the page would.
      const detailsPath = `/api/v1/orders/order-id-details/${orderId}`;
      let answer = await page.request.get(detailsPath);
      if (answer.status() === 401) {
        const renewed = await page.request.post('/api/v1/users/refresh-token', {
          headers: { Origin: new URL(page.url()).origin },
        });
        expect(renewed.ok()).toBe(true);
        answer = await page.request.get(detailsPath);
      }
      expect(answer.ok(), await answer.text()).toBe(true);
      const details = (await answer.json()).data as {
        orderNumber: string;
        transactionId: string;
        totalAmount: number;
        status: string;
      };
      expect(details.status).toBe('Confirmed');
      expect(details.totalAmount).toBe(total);
      expect(details.transactionId).toMatch(/^pay_/);
      await expect(page.getByRole('main')).toContainText(details.orderNumber);
      await expect(page.getByRole('main')).toContainText(details.transactionId);
      await expect(page.getByRole('main')).toContainText(formatRupees(total));
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'order-status');

      // The tax invoice comes a moment after the payment; the page shows it once it is issued.
      const download = page.getByRole('button', { name: /^Download invoice / });
      await expect(download).toBeVisible({ timeout: 15_000 });
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^invoice-MM-\d{4}-\d{6}\.pdf$/);
      const text = await keptPdfText(file, testInfo, 'invoice');
      expect(text).toContain('Tax Invoice');
      expect(text).toContain(details.orderNumber);
      // The cart's prices are whole rupees: the invoice prints them with two decimals.
      expect(text).toContain(`₹${formatIndianNumber(total)}.00`);
      await expect(page.getByRole('banner').getByRole('link', { name: /cart/i })).not.toContainText(
        /\d/,
      );

      await page.getByRole('link', { name: 'View my orders' }).click();
      await expect(page.getByRole('main')).toContainText(details.orderNumber);
      await screenshotBoth(page, testInfo, 'my-orders');
      const confirmation = (await mailsTo(shopper.email)).at(-1) ?? '';
      expect(confirmation).toContain(details.orderNumber);
    });
  });

  test('closing the payment window cancels the order and says so', async ({
    page,
    request,
  }, testInfo) => {
    const shopper = newShopper();
    await customerWithSavedAddress(request, shopper);
    const [line] = buyable(await fetchProducts(request));
    await page.setViewportSize(PHONE);
    await addToCart(page, line!.product, line!.variant.weight);
    await signInAtCheckout(page, shopper.email);
    await page.getByRole('radio', { name: /Ravi Sinha, Home: Patna 800001/ }).check();
    await expect(page.getByTestId('pincode-serviceable')).toBeVisible();
    await page.getByRole('button', { name: /^Place Order/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'Close payment window' }).click();
    await expect(page.getByText('Payment was cancelled or not completed.')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(
      page
        .getByTestId('cart-line')
        .or(page.getByRole('main').getByText(line!.product.name))
        .first(),
    ).toBeVisible();

    // The closed payment is an attempt, not an order: My Orders lists it only when asked.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'My Orders' }).click();
    await expect(page.getByText('You have no paid orders yet.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show unpaid attempts (1)' }).check();
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'my-orders-unpaid-attempt');
  });
});
