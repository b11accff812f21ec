import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import { invoicePng } from './owner-kit';
import { DESKTOP, expectAccessible, PHONE, screenshotBoth } from './support';

const OWNER = 'owner@mithilamakhana.in';

test.describe('support', () => {
  test('a visitor sends a contact message that reaches the owner', async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Required').first()).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'contact');

    const before = (await mailsTo(OWNER)).length;
    await page.getByLabel('Your name').fill('Kavya Rao');
    await page.getByLabel('Email address').fill('kavya@example.in');
    await page.getByLabel('Phone number').fill('9988776655');
    await page
      .getByLabel('Message', { exact: true })
      .fill('Do you ship 5 kg packs for a wedding in Pune?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => (await mailsTo(OWNER)).slice(before).join('\n'))
      .toContain('5 kg packs');

    await page.goto('/contact-us');
    await page.getByRole('link', { name: 'Check our FAQs' }).click();
    await expect(page.locator('#faq')).toBeInViewport();
  });

  test('a shopper raises a complaint with an invoice image', async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/raise-complaint');
    await expect(page.getByRole('heading', { level: 1, name: 'Raise a Complaint' })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'complaint');

    const before = (await mailsTo(OWNER)).length;
    await page.getByLabel('Your name').fill('Kavya Rao');
    await page.getByLabel('Email address').fill('kavya@example.in');
    await page.getByLabel('Order number').fill('MM-261121-1234');
    await page.getByLabel('Issue type').selectOption('Damaged Product');
    await page
      .getByLabel('Describe the problem')
      .fill('The pouch arrived torn and half the makhana spilled.');
    await page
      .getByLabel('Invoice')
      .setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: invoicePng() });
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    await expect(page.getByText('Complaint submitted successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => (await mailsTo(OWNER)).slice(before).join('\n'))
      .toMatch(/filename=invoice\.png/i);
  });
});
