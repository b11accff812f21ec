import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import { customerWithOrder, newShopper, OWNER, ownerSignsIn } from './owner-kit';

/** The owner-area link of a mail's text part, its quoted-printable undone. */
function ownerLinkIn(mail: string): string {
  const text = mail.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
  const link =
    /https?:\/\/[^\s"<>]{1,200}\/owner\/admin\/dashboard\?tab=orders&order=[\w-]{1,64}/.exec(
      text,
    )?.[0];
  if (!link) throw new Error('The mail names no order in the owner area');
  return link;
}

test("the owner's new-order mail opens that order in the owner area", async ({ page, request }) => {
  const order = await customerWithOrder(request, newShopper());
  let notice = '';
  await expect
    .poll(
      async () => {
        notice =
          (await mailsTo(OWNER.email)).find((mail) => mail.includes(order.orderNumber)) ?? '';
        return notice !== '';
      },
      { message: `the owner's mail about ${order.orderNumber}`, timeout: 15_000 },
    )
    .toBe(true);
  const link = new URL(ownerLinkIn(notice));
  expect(link.searchParams.get('order')).toBe(order.id);

  await ownerSignsIn(page);
  await page.goto(`${link.pathname}${link.search}`);
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Not shipped yet');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/owner\/admin\/dashboard\?tab=orders$/);
});
