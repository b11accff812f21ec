import { deflateSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import { DESKTOP, expectAccessible, PHONE, screenshotBoth } from './support';

const OWNER = 'owner@mithilamakhana.in';

/** A real 2x2 PNG, so the server's check of the file's first bytes sees an image. */
function invoicePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
