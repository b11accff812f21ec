import { expect, test } from './fixtures';
import { openTab, ownerSignsIn, shot } from './owner-kit';
import { DESKTOP, expectAccessible, PHONE } from './support';

const SELLER = {
  legalName: 'Mithila Makhana Foods Private Limited',
  gstin: '10AABCU9603R1Z2',
  fssaiLicence: '10423999000123',
  officer: 'Sunita Jha',
};

test('the owner sets out who sells; every page and the grievance page show it', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await ownerSignsIn(page);
  await page.goto('/owner/admin/dashboard');
  await openTab(page, 'Settings');
  const form = page.getByRole('form', { name: 'Who sells' });
  await expect(page.getByTestId('settings-status')).toBeVisible();

  await test.step('a GSTIN with a typo is caught at its field before anything is sent', async () => {
    await form.getByLabel('GSTIN').fill('10AABCU9603R1Z3');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('This GSTIN does not add up: check it for a typo')).toBeVisible();
  });

  await test.step('the whole identity is saved', async () => {
    await form.getByLabel('Legal name').fill(SELLER.legalName);
    await form.getByLabel('GSTIN').fill(SELLER.gstin.toLowerCase());
    await form.getByLabel('FSSAI licence or registration number').fill(SELLER.fssaiLicence);
    const officer = page.getByRole('group', { name: 'Grievance officer' });
    await officer.getByLabel('Name').fill(SELLER.officer);
    await officer.getByLabel('Designation').fill('Grievance Officer');
    await expectAccessible(page);
    await shot(page, testInfo, 'settings-desktop');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Shop settings saved')).toBeVisible();
    await expect(page.getByTestId('settings-status')).toContainText('Saved on');
    await expect(page.getByTestId('identity-missing')).toHaveCount(0);
    // The owner's own footer says the saved seller at once.
    await expect(page.getByTestId('seller')).toContainText(`Sold by ${SELLER.legalName}`);
    await page.setViewportSize(PHONE);
    await expect(form.getByLabel('GSTIN')).toHaveValue(SELLER.gstin);
    await expectAccessible(page);
    await shot(page, testInfo, 'settings-phone');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('the first response of a page says who sells, in its footer', async () => {
    const html = await (
      await request.get('/grievance', { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toContain(SELLER.legalName);
    // React marks where two pieces of text meet with an empty comment.
    expect(html.replaceAll('<!-- -->', '')).toContain(`GSTIN ${SELLER.gstin}`);
    expect(html).toContain(SELLER.officer);
    expect(html).not.toContain('18% GST');
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await test.step(`the grievance page and the footer at ${name} width`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/grievance');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Grievance Redressal' }),
      ).toBeVisible();
      await expect(page.getByTestId('grievance-officer')).toContainText(
        `${SELLER.officer}, Grievance Officer`,
      );
      const seller = page.getByTestId('seller');
      await expect(seller).toContainText(`Sold by ${SELLER.legalName}`);
      await expect(seller).toContainText(`FSSAI Lic. No. ${SELLER.fssaiLicence}`);
      await expectAccessible(page);
      await shot(page, testInfo, `grievance-${name}`);
      await page.goto('/contact-us');
      await expect(page.getByTestId('grievance-officer')).toContainText(SELLER.officer);
      await shot(page, testInfo, `contact-${name}`);
    });
  }
});
