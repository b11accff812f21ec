import { isProductAvailable, type Product } from '@makhana/domain/product';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestCode, mailsTo } from './mail';
import { DESKTOP, expectAccessible, fetchProducts, PHONE, screenshotBoth } from './support';

interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

function newShopper(firstName: string, lastName: string): Shopper {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${id}@example.in`,
    phoneNumber: '9123456780',
  };
}

/** Registers a shopper and signs them in through the API; answers their bearer token. */
async function apiCustomer(request: APIRequestContext, shopper: Shopper): Promise<string> {
  expect((await request.post('/api/v1/users/registerUser', { data: shopper })).ok()).toBe(true);
  const sent = (await mailsTo(shopper.email)).length;
  expect(
    (await request.post('/api/v1/users/loginUser', { data: { email: shopper.email } })).ok(),
  ).toBe(true);
  const otp = await latestCode(shopper.email, sent);
  const login = await request.post('/api/v1/users/loginVerificationUser', {
    data: { email: shopper.email, otp },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()).data as { accessToken: string }).accessToken;
}

/** Reviews written earlier by other customers, through the API. */
async function earlierReviews(request: APIRequestContext, product: Product) {
  const written = [
    {
      shopper: newShopper('Meera', 'Jha'),
      rating: 5,
      comment:
        'Light, crunchy and not oily at all. The roast is even, and the pouch keeps them fresh for weeks.',
    },
    {
      shopper: newShopper('Arjun', 'Singh'),
      rating: 4,
      comment: 'Good with evening chai. <b>A bit salty</b> for my taste, but I would buy it again.',
    },
    {
      shopper: newShopper('Kavya', 'Rao'),
      rating: 3,
      comment: 'Decent snack.\nI expected a stronger flavour.',
    },
  ];
  for (const { shopper, rating, comment } of written) {
    const token = await apiCustomer(request, shopper);
    const added = await request.post('/api/v1/reviews/add-review', {
      headers: { Authorization: `Bearer ${token}` },
      data: { productId: product._id, rating, comment },
    });
    expect(added.ok()).toBe(true);
  }
  return written;
}

async function openProduct(page: Page, product: Product) {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
}

/** Clicks a star, as a shopper does: the radio itself is drawn as the star beside it. */
async function pickStars(page: Page, form: Locator, stars: number) {
  const name = `${stars} ${stars === 1 ? 'star' : 'stars'}`;
  await form.locator('label', { has: page.getByRole('radio', { name }) }).click();
  await expect(form.getByRole('radio', { name })).toBeChecked();
}

/**
 * The reviews at phone and desktop size, as test output: the section itself, or what the screen
 * shows when a dialog is open over it.
 */
async function reviewShots(page: Page, testInfo: TestInfo, name: string, { dialog = false } = {}) {
  const original = page.viewportSize();
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const path = testInfo.outputPath(`${name}-${label}.png`);
    if (dialog) await page.screenshot({ path });
    else await reviewsSection(page).screenshot({ path });
  }
  if (original) await page.setViewportSize(original);
}

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Customer reviews' });
const reviewList = (page: Page) => page.getByRole('region', { name: 'Reviews list' });

async function expectSummary(page: Page, average: string, count: number) {
  const section = reviewsSection(page);
  await expect(section.getByText(average, { exact: true })).toBeVisible();
  await expect(
    section.getByText(`Based on ${count} ${count === 1 ? 'review' : 'reviews'}`),
  ).toBeVisible();
}

test.describe('product reviews', () => {
  test('a visitor reads; a customer writes, edits and deletes a review', async ({
    page,
    request,
  }, testInfo) => {
    const products = (await fetchProducts(request)).filter(isProductAvailable);
    const reviewed = products[0]!;
    const unreviewed = products[1]!;
    const earlier = await earlierReviews(request, reviewed);
    const shopper = newShopper('Ravi', 'Sinha');
    expect((await request.post('/api/v1/users/registerUser', { data: shopper })).ok()).toBe(true);

    await test.step('a visitor on a phone sees the reviews, and no form', async () => {
      await page.setViewportSize(PHONE);
      await openProduct(page, reviewed);
      await expectSummary(page, '4.0', 3);
      const items = reviewList(page).getByRole('article');
      await expect(items).toHaveCount(3);
      // Newest first.
      await expect(items.first()).toHaveAccessibleName('Review by Kavya Rao');
      await expect(
        reviewList(page).getByText('<b>A bit salty</b>', { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Edit your review' })).toHaveCount(0);
      await reviewsSection(page).scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'product-with-reviews');
      await reviewShots(page, testInfo, 'reviews-visitor');
    });

    await test.step('signing in from the reviews comes back to them', async () => {
      await page.setViewportSize(DESKTOP);
      await reviewsSection(page).getByRole('link', { name: 'Sign in to write a review' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      const sent = (await mailsTo(shopper.email)).length;
      await page.getByLabel('Email address').fill(shopper.email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByLabel('One-time code').fill(await latestCode(shopper.email, sent));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(page).toHaveURL(new RegExp(`/product/${reviewed._id}#reviews$`));
      await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
    });

    await test.step('writing a review: the rules first, then it shows first with the new average', async () => {
      const form = page.getByRole('form', { name: 'Write a review' });
      await form.getByRole('button', { name: 'Submit review' }).click();
      await expect(form.getByText('Please enter a comment.')).toBeVisible();
      await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
      await form.getByRole('radio', { name: '5 stars' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await pickStars(page, form, 2);
      await form
        .getByLabel('Your review')
        .fill('Too crunchy for my grandmother, but the kids loved it.');
      await reviewShots(page, testInfo, 'reviews-form');
      await form.getByRole('button', { name: 'Submit review' }).click();
      await expect(page.getByText('Review submitted successfully!')).toBeVisible();
      const first = reviewList(page).getByRole('article').first();
      await expect(first).toHaveAccessibleName('Review by Ravi Sinha');
      await expect(first.getByText('Too crunchy for my grandmother')).toBeVisible();
      // (5 + 4 + 3 + 2) / 4
      await expectSummary(page, '3.5', 4);
      await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
      await expectAccessible(page);
    });

    await test.step('editing it', async () => {
      await reviewList(page).getByRole('button', { name: 'Edit your review' }).click();
      const edit = page.getByRole('form', { name: 'Edit your review' });
      await expect(edit.getByRole('radio', { name: '2 stars' })).toBeChecked();
      await pickStars(page, edit, 4);
      await edit.getByLabel('Your review').fill('Second pack was perfect. The kids still love it.');
      await reviewShots(page, testInfo, 'reviews-editing');
      await expectAccessible(page);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Review updated successfully!')).toBeVisible();
      await expect(reviewList(page).getByText('Second pack was perfect.')).toBeVisible();
      await expect(page.getByRole('form', { name: 'Edit your review' })).toHaveCount(0);
      // (5 + 4 + 3 + 4) / 4
      await expectSummary(page, '4.0', 4);
    });

    await test.step('deleting it after confirming; the count goes back', async () => {
      await reviewList(page).getByRole('button', { name: 'Delete your review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete review' });
      await expect(dialog.getByText('Are you sure you want to delete this review?')).toBeVisible();
      await reviewShots(page, testInfo, 'reviews-delete-confirm', { dialog: true });
      await dialog.getByRole('button', { name: 'Delete review' }).click();
      await expect(page.getByText('Review deleted successfully!')).toBeVisible();
      await expect(reviewList(page).getByRole('article')).toHaveCount(earlier.length);
      await expectSummary(page, '4.0', 3);
      await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
    });

    await test.step('a product without reviews says so and offers the form', async () => {
      await openProduct(page, unreviewed);
      await expect(
        reviewsSection(page).getByText('No reviews yet. Be the first to review!'),
      ).toBeVisible();
      await reviewsSection(page).scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await reviewShots(page, testInfo, 'reviews-empty');
    });
  });
});
