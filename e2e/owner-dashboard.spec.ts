import { expect, test } from './fixtures';
import { customerWithOrder, entry, newShopper, ownerSignsIn, shot } from './owner-kit';
import { DESKTOP, expectAccessible, PHONE } from './support';

for (const [label, size] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the owner's dashboard at ${label} size`, () => {
    test.use({ viewport: size });

    test('says what to do today; each card opens its list; the chart reads by hover and keys', async ({
      page,
      request,
    }, testInfo) => {
      const { orderNumber } = await customerWithOrder(request, newShopper('Asha', 'Kumari'));
      await ownerSignsIn(page);
      await page.goto('/owner/admin/dashboard');

      await test.step('the cards of the day', async () => {
        const toShip = page.getByTestId('figure-to-ship');
        await expect(toShip.locator('[data-figure]')).not.toHaveText('0');
        await expect(toShip).toContainText('the oldest waiting');
        await expect(page.getByTestId('figure-month-revenue').locator('[data-figure]')).toHaveText(
          /^₹[\d,]+(\.\d+)?$/,
        );
        await expect(page.getByTestId('figure-average-order').locator('[data-figure]')).toHaveText(
          /^₹[\d,]+(\.\d+)?$/,
        );
        await expect(page.getByTestId('sales-axis')).toContainText('₹0');
        await expectAccessible(page);
        await shot(page, testInfo, `owner-dashboard-today-${label}`);
      });

      await test.step('Orders to ship opens the paid orders not shipped', async () => {
        await page.getByTestId('figure-to-ship').click();
        await expect(page).toHaveURL(/tab=orders&toShip=true/);
        await expect(page.getByLabel('To ship')).toBeChecked();
        await expect(
          entry(page, ['owner-order-row', 'owner-order-card'], orderNumber),
        ).toBeVisible();
        await expectAccessible(page);
        await page.goBack();
      });

      await test.step('the other cards open their lists', async () => {
        await page.getByTestId('figure-open-support').click();
        await expect(page).toHaveURL(/tab=support&status=open/);
        await expect(page.getByRole('tab', { name: /Support/, selected: true })).toBeVisible();
        await page.goBack();
        await page.getByTestId('figure-low-stock').click();
        await expect(page).toHaveURL(/tab=products&lowStock=true/);
        await expect(page.getByLabel('Low on stock')).toBeChecked();
        const low = page.getByTestId('stock-by-weight').filter({ visible: true });
        await expect(low.first()).toContainText(/\d+ g: \d+low/);
        await expect(
          page
            .getByText(/^Listed( · sold out)?$/)
            .filter({ visible: true })
            .first(),
        ).toBeVisible();
        await expectAccessible(page);
        await shot(page, testInfo, `owner-products-low-stock-${label}`);
        await page.goBack();
        await page.getByTestId('figure-month-revenue').click();
        await expect(page).toHaveURL(/tab=orders&sales=this-month/);
        await expect(page.getByLabel('Sales', { exact: true })).toHaveValue('this-month');
        await expect(
          entry(page, ['owner-order-row', 'owner-order-card'], orderNumber),
        ).toBeVisible();
        await page.goBack();
      });

      await test.step("a weight's low-stock mark set in the form counts on the card", async () => {
        const figure = page.getByTestId('figure-low-stock').locator('[data-figure]');
        const before = Number(await figure.textContent());
        await page.goto('/owner/admin/dashboard?tab=products&sort=name');
        const edit = page.getByRole('button', { name: /^Edit / }).filter({ visible: true });
        const firstNotLow = page
          .locator('tr, li.card')
          .filter({ visible: true, has: page.getByTestId('stock-by-weight') })
          .filter({ hasNotText: 'low' })
          .first();
        await firstNotLow.getByRole('button', { name: /^Edit / }).click();
        await expect(edit.first()).toBeVisible();
        const dialog = page.getByRole('dialog');
        const mark = dialog.getByRole('spinbutton', { name: 'Low below for weight 1' });
        await mark.fill('1000000');
        await expectAccessible(page);
        await shot(page, testInfo, `owner-product-form-mark-${label}`);
        await dialog.getByRole('button', { name: 'Save changes' }).click();
        await expect(page.getByText('Product updated successfully')).toBeVisible();
        await page.goto('/owner/admin/dashboard');
        await expect(figure).toHaveText(String(before + 1));
      });

      await test.step("the chart shows a day's figures on hover and on keyboard focus", async () => {
        const days = page.getByTestId('sales-day');
        await expect(days).toHaveCount(30);
        await days.nth(10).hover();
        await expect(page.getByRole('tooltip')).toBeVisible();
        await page.mouse.move(0, 0);
        await expect(page.getByRole('tooltip')).toHaveCount(0);
        await days.nth(29).focus();
        const tip = page.getByRole('tooltip');
        await expect(tip).toBeVisible();
        await expect(tip).toContainText(/₹[\d,]+/);
        await expect(tip).toContainText(/paid orders?/);
        await page.keyboard.press('ArrowLeft');
        await expect(days.nth(28)).toBeFocused();
        await expect(page.getByTestId('sales-table').getByRole('row')).toHaveCount(31);
        await page.keyboard.press('End');
        await expectAccessible(page);
        await shot(page, testInfo, `owner-dashboard-tooltip-${label}`);
      });
    });
  });
}
