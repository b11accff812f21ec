import { expect, test } from './fixtures';
import {
  customerSignsIn,
  customerWithOrder,
  newShopper,
  openTab,
  ownerSignsIn,
  searchList,
  shot,
} from './owner-kit';
import { DESKTOP, expectAccessible, keptPdfText, PHONE, screenshotBoth } from './support';

test.describe('shipping with the courier', () => {
  test('the owner books a paid order with the simulated courier and prints its slip; the parcel travels and the customer follows it to Delivered', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const shopper = newShopper('Kavita', 'Jha');
    const order = await customerWithOrder(request, shopper);
    let waybill = '';

    await test.step('the owner selects the order, creates its shipment and prints the slip', async () => {
      const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
      const owner = await context.newPage();
      await ownerSignsIn(owner);
      await owner.goto('/owner/admin/dashboard');
      await openTab(owner, 'Orders');
      await searchList(owner, order.orderNumber);
      const select = owner.getByRole('checkbox', { name: `Select order ${order.orderNumber}` });
      await select.check();
      await expect(owner.getByText('1 selected')).toBeVisible();
      await owner.getByRole('button', { name: 'Create shipments' }).click();
      const result = owner.getByTestId('shipment-result').filter({ hasText: order.orderNumber });
      await expect(result).toContainText(/Booked: waybill \d{14}/);
      waybill = /\d{14}/.exec((await result.textContent()) ?? '')?.[0] ?? '';
      await expect(owner.getByRole('status').filter({ hasText: 'Booked 1 of 1' })).toBeVisible();
      await expectAccessible(owner);
      await shot(owner, testInfo, 'owner-shipments-desktop');

      const [download] = await Promise.all([
        owner.waitForEvent('download'),
        owner.getByRole('button', { name: 'Packing slips' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('packing-slips.pdf');
      const slip = await keptPdfText(download, testInfo, 'packing-slip');
      expect(slip).toContain(waybill);
      expect(slip).toContain(order.orderNumber);
      expect(slip).toContain('800001');
      expect(slip).toContain('Prepaid');

      await owner
        .getByRole('button', { name: `View order ${order.orderNumber}` })
        .first()
        .click();
      const shipment = owner.getByTestId('order-shipment');
      await expect(shipment).toContainText('Simulated courier');
      await expect(shipment).toContainText(waybill);
      await owner.setViewportSize(PHONE);
      await shot(owner, testInfo, 'owner-order-shipment-phone');
      await context.close();
    });

    await test.step('the clock moves: the customer sees the timeline, then Delivered', async () => {
      await page.setViewportSize(PHONE);
      await customerSignsIn(page, shopper.email);
      await page.goto(`/order-status/${order.id}`);
      await expect(page.getByTestId('shipment-waybill')).toContainText(waybill);
      // The simulated courier moves a parcel one step every 2 s here, and the sweeper asks it
      // every second: booked, picked up, in transit, out for delivery, delivered.
      await expect
        .poll(
          async () => {
            await page.reload();
            // count() does not wait: the timeline must have come with the order first.
            await expect(page.getByTestId('shipment-waybill')).toContainText(waybill);
            return page.getByTestId('tracking-step').count();
          },
          { timeout: 60_000, intervals: [1000] },
        )
        .toBe(5);
      const steps = page.getByTestId('tracking-step');
      await expect(steps.first()).toContainText('Delivered');
      await expect(steps.nth(2)).toContainText('In transit at Patna Hub');
      await expect(steps.last()).toContainText('Shipment booked');
      await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectAccessible(page);
      await screenshotBoth(page, testInfo, 'order-tracking');
    });
  });
});
