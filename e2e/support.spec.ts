import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import {
  customerSignsIn,
  customerWithOrder,
  invoicePng,
  newShopper,
  openTab,
  ownerSignsIn,
  searchList,
  shot,
} from './owner-kit';
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

/** A mail as its reader sees it: quoted-printable soft breaks and escapes undone. */
const readable = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The newest link to a ticket's page mailed to `email`, with its key. */
async function ticketLink(email: string, ticketNumber: string, after: number): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await mailsTo(email)).slice(after).map(readable);
      link =
        mails
          .join('\n')
          .match(new RegExp(`https?://[^\\s]+/support/ticket/${ticketNumber}#key=[\\w.-]+`))?.[0] ??
        '';
      return link;
    })
    .not.toBe('');
  return new URL(link).pathname + new URL(link).hash;
}

test('a complaint gets a ticket; the owner answers; the customer replies from the mail', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = newShopper('Meera', 'Thakur');
  const order = await customerWithOrder(request, shopper);
  await page.setViewportSize(PHONE);
  await customerSignsIn(page, shopper.email);

  let ticketNumber = '';
  const acknowledged = (await mailsTo(shopper.email)).length;
  await test.step('the complaint is acknowledged with its ticket number', async () => {
    await page.goto('/raise-complaint');
    await expect(page.getByLabel('Email address')).toHaveValue(shopper.email);
    await page.getByLabel('Order number').fill(order.orderNumber);
    await page.getByLabel('Issue type').selectOption('Damaged Product');
    await page.getByLabel('Describe the problem').fill('One pouch of the two arrived torn.');
    await page
      .getByLabel('Invoice')
      .setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: invoicePng() });
    await page.getByRole('button', { name: 'Submit complaint' }).click();
    const toast = page.getByText(/^Your ticket number is MM-T-\d{6}\./);
    await expect(toast).toBeVisible();
    ticketNumber = (await toast.textContent())?.match(/MM-T-\d{6}/)?.[0] ?? '';
    const mail = readable((await mailsTo(shopper.email)).slice(acknowledged).join('\n'));
    expect(mail).toContain(`Subject: We have your complaint: ticket ${ticketNumber}`);
    expect(mail).toContain('resolve every request within one month');
  });

  await test.step('the customer finds it under My support requests', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'My support requests' }).click();
    const listed = page.getByRole('link', { name: new RegExp(`^Ticket ${ticketNumber}`) });
    await expect(listed).toContainText('Damaged Product');
    await expect(listed).toContainText(`Order #${order.orderNumber}`);
    await expect(listed.getByTestId('ticket-status')).toHaveText('Open');
    await expectAccessible(page);
    await screenshotBoth(page, testInfo, 'my-support-requests');
  });

  const answered = (await mailsTo(shopper.email)).length;
  await test.step('the owner answers it from the inbox, and sees it on the order', async () => {
    const ownerContext = await browser.newContext({ viewport: DESKTOP });
    const owner = await ownerContext.newPage();
    await ownerSignsIn(owner);
    await owner.goto('/owner/admin/dashboard');
    await openTab(owner, 'Support');
    await searchList(owner, ticketNumber);
    const card = owner.getByTestId('support-message').filter({ hasText: ticketNumber });
    await expect(card.getByTestId('ticket-status')).toHaveText('Open');
    await card.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
    const orderDialog = owner.getByRole('dialog', { name: `Order #${order.orderNumber}` });
    await expect(orderDialog.getByRole('link', { name: ticketNumber })).toBeVisible();
    await owner.keyboard.press('Escape');
    await expect(orderDialog).toBeHidden();

    await card.getByRole('button', { name: `Thread and reply: ticket ${ticketNumber}` }).click();
    const dialog = owner.getByRole('dialog', { name: `Ticket ${ticketNumber}` });
    await expect(dialog.getByTestId('ticket-message')).toHaveCount(1);
    await dialog
      .getByLabel('Your answer (mailed to the customer)')
      .fill('Sorry, Meera. A new pouch leaves today; no need to send the torn one back.');
    await expectAccessible(owner);
    await shot(owner, testInfo, 'ticket-owner-desktop');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(owner.getByText('Reply sent')).toBeVisible();
    await expect(dialog.getByTestId('ticket-message')).toHaveCount(2);
    await ownerContext.close();
  });

  await test.step('the customer opens the link in the mail, signed out, and replies', async () => {
    const link = await ticketLink(shopper.email, ticketNumber, answered);
    const visitorContext = await browser.newContext({ viewport: PHONE });
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await expect(
      visitor.getByRole('heading', { level: 2, name: `Ticket ${ticketNumber}` }),
    ).toBeVisible();
    await expect(visitor.getByTestId('ticket-status')).toHaveText('Answered');
    await expect(visitor.getByTestId('ticket-message').nth(1)).toContainText(
      'A new pouch leaves today',
    );
    await visitor.getByLabel('Your reply').fill('Thank you, that is kind.');
    await visitor.getByRole('button', { name: 'Send reply' }).click();
    await expect(visitor.getByText('Reply sent')).toBeVisible();
    await expect(visitor.getByTestId('ticket-message')).toHaveCount(3);
    await expect(visitor.getByTestId('ticket-status')).toHaveText('Open');
    await expectAccessible(visitor);
    await screenshotBoth(visitor, testInfo, 'ticket');
    await visitorContext.close();
    await expect
      .poll(async () => readable((await mailsTo(OWNER)).join('\n')))
      .toContain('Thank you, that is kind.');
  });
});
