import type { ShopIdentity } from '@makhana/domain/contracts/shop';
import type { Product } from '@makhana/domain/product';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchShopIdentity } from '../../api/get-shop-identity';
import { shopReducers } from '../../stores/reducers';
import { createStore } from '../../stores/store';
import {
  classic,
  makeProduct,
  renderRoutes,
  SHOP_IDENTITY,
  stubApi,
} from '../../test/shop-fixtures';
import { ProductInformation } from './product-information';
import { ProductPage } from './product-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const identity = SHOP_IDENTITY;

/** The section for one weight, with the shop's identity in the store as a served page brings it. */
function renderInformation(
  product: Product,
  weightIndex = 0,
  withIdentity: ShopIdentity | null = null,
) {
  const store = createStore();
  store.dispatch(fetchShopIdentity.fulfilled(withIdentity, 'served'));
  render(
    <Provider store={store}>
      <ProductInformation product={product} variant={product.quantity[weightIndex]} />
    </Provider>,
  );
}

const pack = () => screen.getByTestId('chosen-pack');
/** The value a fact of the chosen pack shows, by its term. */
function fact(term: string): string {
  const dt = within(pack()).getByText(term);
  return dt.nextElementSibling?.textContent ?? '';
}
/** The value of a row of the declarations, by its term. */
function row(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('ProductInformation', () => {
  it("shows the chosen weight's net quantity and MRP, its price per gram below a kilogram and per 100 g", () => {
    renderInformation(classic, 1);
    expect(fact('Net quantity')).toBe('250 g');
    expect(fact('MRP')).toBe('₹449');
    expect(fact('Unit sale price')).toBe('₹1.80 per g₹179.60 per 100 g');
    expect(screen.getByText('MRP inclusive of all taxes (GST 5% included)')).toBeTruthy();
  });

  it('shows the price per kilogram from a kilogram up, and the rate of GST the product carries', () => {
    const bulk = makeProduct({
      gstRate: 18,
      quantity: [
        { weight: 1000, price: 1499, sku: 'B-1000', stock: 5, lowStockBelow: 1 },
        { weight: 1500, price: 2099, sku: 'B-1500', stock: 5, lowStockBelow: 1 },
      ],
    });
    renderInformation(bulk, 0);
    expect(fact('Net quantity')).toBe('1 kg');
    expect(fact('MRP')).toBe('₹1,499');
    expect(fact('Unit sale price')).toBe('₹1,499 per kg₹149.90 per 100 g');
    expect(screen.getByText(/GST 18% included/)).toBeTruthy();
  });

  it('shows a kilogram and a half per kilogram, to the paisa', () => {
    const bulk = makeProduct({
      quantity: [{ weight: 1500, price: 2099, sku: 'B-1500', stock: 5, lowStockBelow: 1 }],
    });
    renderInformation(bulk, 0);
    expect(fact('Net quantity')).toBe('1.5 kg');
    expect(fact('Unit sale price')).toBe('₹1,399.33 per kg₹139.93 per 100 g');
  });

  it('follows the weight the shopper picks on the product page', async () => {
    stubApi();
    renderRoutes([{ path: '/product/:id', Component: ProductPage }], {
      initialEntries: [{ pathname: '/product/prod-classic', state: { product: classic } }],
    });
    expect(fact('Net quantity')).toBe('100 g');
    expect(fact('Unit sale price')).toBe('₹1.99 per g₹199 per 100 g');
    fireEvent.click(screen.getByRole('button', { name: '250g' }));
    expect(fact('Net quantity')).toBe('250 g');
    expect(fact('MRP')).toBe('₹449');
    expect(fact('Unit sale price')).toBe('₹1.80 per g₹179.60 per 100 g');
    expect(await screen.findByText('No reviews yet. Be the first to review!')).toBeTruthy();
  });

  it('lists the nutrition per 100 g in a table, in the order a label prints it, with units', () => {
    renderInformation(classic);
    const table = screen.getByRole('table', { name: 'Nutrition information per 100 g' });
    const rows = within(table)
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Nutrient', 'Per 100 g'],
      ['Energy', '410 kcal'],
      ['Protein', '9 g'],
      ['Carbohydrate', '70 g'],
      ['Total sugars', '0.5 g'],
      ['Added sugars', '0 g'],
      ['Total fat', '10 g'],
      ['Saturated fat', '1.8 g'],
      ['Trans fat', '0 g'],
      ['Sodium', '450 mg'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Sodium' })).toBeTruthy();
  });

  it('says nothing of nutrition when the product declares none', () => {
    renderInformation(makeProduct({ nutrition: null }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.body.textContent).not.toMatch(/nutri|kcal/i);
  });

  it('draws the veg mark for vegetarian food, the non-veg mark for the rest, and none until told', () => {
    renderInformation(makeProduct({ vegetarian: true }));
    expect(screen.getByRole('img', { name: 'Vegetarian' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Non-vegetarian' })).toBeNull();
    document.body.innerHTML = '';

    renderInformation(makeProduct({ vegetarian: false }));
    expect(screen.getByRole('img', { name: 'Non-vegetarian' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Vegetarian' })).toBeNull();
    document.body.innerHTML = '';

    renderInformation(makeProduct({ vegetarian: null }));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('declares the ingredients, allergens, best before, makers and country of origin', () => {
    renderInformation(
      makeProduct({
        shelfLife: 6,
        countryOfOrigin: 'India',
        packer: { name: 'Darbhanga Packers', address: 'Ward 3, Laheriasarai, Darbhanga 846001' },
      }),
    );
    expect(row('Ingredients')).toBe(
      'Fox nuts (makhana, 90%), cold-pressed groundnut oil, sea salt.',
    );
    expect(row('Allergens')).toBe('Groundnut (peanut) oil.');
    expect(row('Best before')).toBe('6 months from packaging');
    expect(row('Manufactured by')).toBe(
      'Mithila Makhana Co.Plot 14, Makhana Processing Cluster, Darbhanga, Bihar 846005',
    );
    expect(row('Packed by')).toBe('Darbhanga PackersWard 3, Laheriasarai, Darbhanga 846001');
    expect(row('Country of origin')).toBe('India');
  });

  it('names no packer when the manufacturer packed it', () => {
    renderInformation(makeProduct({ packer: null }));
    expect(screen.queryByText('Packed by')).toBeNull();
  });

  it("shows the shop's FSSAI licence and consumer care from its identity", () => {
    renderInformation(classic, 0, identity);
    expect(screen.getByText('Lic. No. 10423999000123')).toBeTruthy();
    expect(screen.getByTitle('Food Safety and Standards Authority of India').textContent).toBe(
      'fssai',
    );
    const care = screen.getByTestId('consumer-care');
    expect(care.textContent).toContain('Consumer Care Cell');
    expect(care.textContent).toContain('Plot 14, Darbhanga, Bihar 846005');
    expect(within(care).getByRole('link', { name: '9876543210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    );
    expect(
      within(care).getByRole('link', { name: 'care@mithilamakhana.in' }).getAttribute('href'),
    ).toBe('mailto:care@mithilamakhana.in');
  });

  it('leaves the licence and consumer care out while the shop has set out no identity', () => {
    renderInformation(classic);
    expect(screen.queryByText('FSSAI licence')).toBeNull();
    expect(screen.queryByText('Consumer care')).toBeNull();
    expect(screen.getByText('Ingredients')).toBeTruthy();
  });

  it('is in the HTML the server renders, with the identity the page was served with', () => {
    const reducer = combineReducers(shopReducers);
    const store = configureStore({
      reducer,
      preloadedState: {
        ...reducer(undefined, { type: 'test/start' }),
        shop: { identity, asked: true },
      },
    });
    const product = makeProduct({
      quantity: [{ weight: 250, price: 449, sku: 'S-250', stock: 3, lowStockBelow: 1 }],
    });
    // React marks where one text ends and the next begins; a crawler reads the text without them.
    const html = renderToString(
      <Provider store={store}>
        <ProductInformation product={product} variant={product.quantity[0]} />
      </Provider>,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Product information');
    expect(html).toContain('₹1.80 per g');
    expect(html).toContain('Lic. No. 10423999000123');
    expect(html).toContain('Nutrition information per 100 g');
    expect(html).toContain('aria-label="Vegetarian"');
  });
});
