import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { drawPictures, fillDeclarations, ownerSignsIn, searchList, shot } from './owner-kit';
import { DESKTOP, expectAccessible, fetchProducts, PHONE } from './support';

async function openTab(page: Page, tab: 'products' | 'banners') {
  await page.goto(`/owner/admin/dashboard?tab=${tab}`);
  await expect(
    page.getByRole('tab', { name: tab === 'products' ? 'Products' : 'Banners', selected: true }),
  ).toBeVisible();
}

const productRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Products' }).getByRole('row', { name: new RegExp(name) });

async function editProduct(page: Page, name: string): Promise<Locator> {
  await searchList(page, name, page.getByRole('searchbox', { name: 'Search' }));
  await productRow(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the owner runs the catalogue', () => {
  test.use({ viewport: DESKTOP });

  test('adds a product with two weights and two pictures, edits it, removes a picture; adds and removes a banner', async ({
    page,
    request,
  }, testInfo) => {
    // Drawing, dragging and uploading pictures, then every catalogue write after: a long journey.
    test.slow();
    const name = `Mint Makhana ${Date.now()}`;
    const pictures = await test.step('sign in', async () => {
      await ownerSignsIn(page);
      return drawPictures(page, ['#c2410c', '#166534', '#1e3a8a']);
    });

    await test.step('adds the product with two weights', async () => {
      await openTab(page, 'products');
      await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Add product', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Add product' });
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('textbox', { name: 'Brand' }).fill('Mithila Makhana Co.');
      await form.getByRole('textbox', { name: 'Category' }).fill('Roasted Makhana');
      await form.getByRole('textbox', { name: 'Flavour' }).fill('Mint');
      await form.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('249');
      await form.getByRole('spinbutton', { name: 'Shelf life (months)' }).fill('6');
      await form.getByRole('textbox', { name: 'Description' }).fill('Cool, crunchy fox nuts.');
      await form
        .getByRole('spinbutton', { name: 'Weight (g) of weight 1', exact: true })
        .fill('100');
      await form.getByRole('spinbutton', { name: 'Price (₹) of weight 1' }).fill('249');
      await form.getByRole('spinbutton', { name: 'Stock of weight 1' }).fill('20');
      await form.getByRole('button', { name: 'Add weight' }).click();
      await form
        .getByRole('spinbutton', { name: 'Weight (g) of weight 2', exact: true })
        .fill('250');
      await form.getByRole('spinbutton', { name: 'Price (₹) of weight 2' }).fill('549');
      await form.getByRole('spinbutton', { name: 'Stock of weight 2' }).fill('8');

      // Listed without its label's declarations, it is refused at each one missing.
      await form.getByRole('button', { name: 'Add product' }).click();
      await expect(form.getByRole('textbox', { name: 'Ingredients' })).toHaveAccessibleDescription(
        'Required before the product is listed',
      );
      await fillDeclarations(form);
      await form.getByRole('heading', { name: 'Label and tax' }).scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'product-form-declarations-desktop');

      // The pictures in the same form: three chosen, the third dragged first, the old first
      // removed, one moved by its arrow button, one described.
      await form.getByLabel('Choose pictures').setInputFiles(pictures);
      const tiles = form.getByTestId('chosen-picture');
      await expect(tiles).toHaveCount(3);
      await expect(form.getByRole('img', { name: `${name} 100g` })).toHaveCount(3);
      await tiles.nth(2).dragTo(tiles.nth(0));
      await expect(form.getByText('Picture 3 is now picture 1.')).toBeAttached();
      await form.getByRole('button', { name: 'Remove picture 2' }).click();
      await expect(tiles).toHaveCount(2);
      await form.getByRole('button', { name: 'Move picture 2 earlier' }).focus();
      await page.keyboard.press('Enter');
      await expect(form.getByText('Picture 2 is now picture 1.')).toBeAttached();
      await form.getByLabel('Picture 2: what it shows').fill('Blue pouch of mint makhana');
      await expectAccessible(page);
      await shot(page, testInfo, 'product-form-pictures-desktop');
      await form.getByRole('button', { name: 'Add product' }).click();
      await expect(page.getByText('Product Added successfully')).toBeVisible();
    });

    await test.step('the one save added the pictures in their order', async () => {
      const form = page.getByRole('dialog', { name: `Edit ${name}` });
      const group = form.getByRole('group', { name: 'Pictures' });
      await expect(group.getByRole('img')).toHaveCount(2);
      await expect(group.getByRole('img', { name: 'Blue pouch of mint makhana' })).toBeVisible();
      await expect(group.getByLabel('Picture 1: what it shows')).toHaveValue(`${name} 100g`);
      await expectAccessible(page);
      // A saved picture dragged first is saved so at once; its arrow puts it back.
      const saved = group.getByTestId('saved-picture');
      await saved.nth(1).dragTo(saved.nth(0));
      await expect(group.getByText('Picture 2 is now picture 1.')).toBeAttached();
      await expect(group.getByRole('img').first()).toHaveAccessibleName(
        'Blue pouch of mint makhana',
      );
      expect((await fetchProducts(request)).find((p) => p.name === name)?.imageAlts).toEqual([
        'Blue pouch of mint makhana',
        `${name} 100g`,
      ]);
      await group.getByRole('button', { name: 'Move picture 1 right' }).click();
      await expect(group.getByRole('img').first()).toHaveAccessibleName(`${name} 100g`);
      await form.getByRole('button', { name: 'Done' }).click();
      // The stock column: each weight's free stock.
      await expect(
        productRow(page, name).getByRole('cell').nth(1).getByRole('listitem'),
      ).toHaveText(['100 g: 20', '250 g: 8']);
    });

    const saved = (await fetchProducts(request)).find((p) => p.name === name);
    expect(saved?.quantity.map((v) => [v.weight, v.price, v.stock])).toEqual([
      [100, 249, 20],
      [250, 549, 8],
    ]);
    expect(saved?.images).toHaveLength(2);
    expect(saved?.imageAlts).toEqual([`${name} 100g`, 'Blue pouch of mint makhana']);
    expect(saved?.quantity.every((v) => v.sku !== '')).toBe(true);

    await test.step('the shop shows it on /products and its page', async () => {
      await page.goto('/products');
      const card = page.getByRole('link', { name: new RegExp(name) }).first();
      await expect(card).toBeVisible();
      await expect(page.getByRole('img', { name: `${name} 100g` }).first()).toBeVisible();
      await card.click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Blue pouch of mint makhana, view 2 of 2' }),
      ).toBeVisible();
      await expect(page.getByText(/^250\s*g$/).first()).toBeVisible();
    });

    await test.step('edits the price of a weight', async () => {
      await openTab(page, 'products');
      const form = await editProduct(page, name);
      await form.getByRole('spinbutton', { name: 'Price (₹) of weight 1' }).fill('259');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Product updated successfully')).toBeVisible();
      const updated = (await fetchProducts(request)).find((p) => p.name === name);
      expect(updated?.quantity[0]?.price).toBe(259);
      await page.goto(`/product/${saved?._id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('₹259').first()).toBeVisible();
    });

    await test.step('removes a picture', async () => {
      await openTab(page, 'products');
      const form = await editProduct(page, name);
      const group = form.getByRole('group', { name: 'Pictures' });
      await group.getByRole('button', { name: 'Remove chosen picture' }).click();
      await expect(group.getByText('Please select image to delete')).toBeVisible();
      await group.getByRole('radio', { name: 'Choose picture 2' }).check();
      await group.getByRole('button', { name: 'Remove chosen picture' }).click();
      await page
        .getByRole('dialog', { name: 'Remove this picture?' })
        .getByRole('button', { name: 'Remove picture' })
        .click();
      await expect(page.getByText('Images delete successfully')).toBeVisible();
      await expect(group.getByRole('img')).toHaveCount(1);
      const after = (await fetchProducts(request)).find((p) => p.name === name);
      expect(after?.images).toEqual(saved?.images.slice(0, 1));
    });

    await test.step('adds a banner, and the home carousel shows it; removes it again', async () => {
      await openTab(page, 'banners');
      const group = page.getByRole('group', { name: 'Banner images' });
      await expect(group).toBeVisible();
      const before = await group.getByRole('img').count();
      await expectAccessible(page);
      await group.getByLabel('Add pictures').setInputFiles(pictures.slice(2));
      await group.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByText('Banner images added successfully')).toBeVisible();
      await expect(group.getByRole('img')).toHaveCount(before + 1);

      await page.goto('/');
      await expect(
        page.getByAltText(new RegExp(`offer 1 of ${before + 1}$`)).first(),
      ).toBeAttached();

      await openTab(page, 'banners');
      await group.getByRole('radio', { name: `Choose picture ${before + 1}` }).check();
      await group.getByRole('button', { name: 'Remove chosen picture' }).click();
      await page
        .getByRole('dialog', { name: 'Remove this picture?' })
        .getByRole('button', { name: 'Remove picture' })
        .click();
      await expect(page.getByText('Banner image deleted')).toBeVisible();
      await expect(group.getByRole('img')).toHaveCount(before);

      await page.goto('/');
      await expect(page.getByAltText(new RegExp(`offer 1 of ${before}$`)).first()).toBeAttached();
    });

    await test.step('deletes the product after a confirmation', async () => {
      await openTab(page, 'products');
      await searchList(page, name, page.getByRole('searchbox', { name: 'Search' }));
      await productRow(page, name)
        .getByRole('button', { name: `Delete ${name}` })
        .click();
      await page
        .getByRole('dialog', { name: `Delete ${name}?` })
        .getByRole('button', { name: 'Delete product' })
        .click();
      await expect(page.getByText('Product Delete successfully')).toBeVisible();
      await expect(productRow(page, name)).toHaveCount(0);
      expect((await fetchProducts(request)).some((p) => p.name === name)).toBe(false);
    });
  });
});

test.describe('the owner catalogue tabs on a phone', () => {
  test.use({ viewport: PHONE });

  test('the product cards, the form and the banners are accessible and fit the screen', async ({
    page,
  }, testInfo) => {
    await ownerSignsIn(page);
    await openTab(page, 'products');
    // A card per product on a phone, its buttons at hand.
    const cards = page.getByRole('list', { name: 'Products' });
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0);
    await expect(cards.getByRole('button', { name: 'Edit Tangy Tomato Makhana' })).toBeVisible();
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Add product', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add product' });
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill('Mint Makhana');
    await form
      .getByLabel('Choose pictures')
      .setInputFiles(await drawPictures(page, ['#166534', '#1e3a8a']));
    await expect(form.getByRole('img', { name: 'Mint Makhana' })).toHaveCount(2);
    await form.getByLabel('Picture 2: what it shows').scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('product-form-pictures-phone.png') });
    await page.keyboard.press('Escape');

    await openTab(page, 'banners');
    await expect(page.getByRole('group', { name: 'Banner images' })).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});
