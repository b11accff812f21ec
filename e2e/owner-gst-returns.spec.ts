import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { customerWithOrder, newShopper, openTab, ownerSignsIn } from './owner-kit';
import { DESKTOP, expectAccessible, screenshotBoth } from './support';

test("the owner reads this month's GST returns and downloads them for the accountant", async ({
  page,
  request,
}, testInfo) => {
  // A sale of this month, so the month has an invoice whatever ran before.
  await customerWithOrder(request, newShopper('Kiran', 'Yadav'));
  await page.setViewportSize(DESKTOP);
  await ownerSignsIn(page);
  await page.goto('/owner/admin/dashboard');
  await openTab(page, 'Orders');
  await page.getByRole('button', { name: 'GST returns' }).click();
  const dialog = page.getByRole('dialog', { name: 'GST returns' });

  const documents = dialog.getByRole('table', { name: 'Documents issued' });
  const invoices = documents.getByRole('row', { name: /^Invoices/ });
  await expect(invoices).toContainText(/MM\/\d{4}\/\d{6}/);
  const count = Number((await invoices.getByRole('cell').nth(3).textContent()) ?? '0');
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(dialog.getByRole('table', { name: /^B2C \(small\)/ })).toContainText('10-Bihar');
  await expect(dialog.getByRole('table', { name: 'HSN summary' })).toContainText('NOS');
  await expectAccessible(page);
  await screenshotBoth(page, testInfo, 'gst-returns');

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Documents issued CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^gst-documents-\d{4}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toContain('Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled');
  expect(csv).toMatch(
    new RegExp(`Invoices for outward supply,MM/\\d{4}/\\d{6},MM/\\d{4}/\\d{6},${count},0`),
  );
});
