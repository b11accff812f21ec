import { NO_PRODUCTS_MATCH } from '@makhana/domain/filters';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogue, fail, renderRoutes, stubApi } from '../../test/shop-fixtures';
import { ProductsPage } from './products-page';

function renderProducts(address = '/products') {
  return renderRoutes([{ path: '/products', Component: ProductsPage }], {
    initialEntries: [address],
  });
}

/** Each card as "name · weight · price", as a shopper reads it. */
const cardLines = () =>
  screen.getAllByTestId('product-card').map((card) => {
    const name = within(card).getByRole('heading').textContent;
    return `${name} ${within(card).getByTestId('card-weight').textContent} ${within(card).getByTestId('card-price').textContent}`;
  });

const cardNames = () =>
  screen
    .getAllByTestId('product-card')
    .map((card) => within(card).getByRole('heading').textContent);

const filterBar = () => screen.getByRole('region', { name: 'Filter products' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ProductsPage', () => {
  it('shows a skeleton while loading, then every product card and the page title', async () => {
    stubApi();
    renderProducts();
    expect(screen.getAllByTestId('product-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findAllByTestId('product-card')).toHaveLength(catalogue.length);
    expect(screen.queryByTestId('product-skeleton')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(document.title).toBe('Products | Mithila Makhana Co.');
  });

  it('offers the distinct weights with a g suffix, the flavours and the rupee price bands', async () => {
    stubApi();
    renderProducts();
    await screen.findAllByTestId('product-card');
    const options = (label: string) =>
      [...within(filterBar()).getByLabelText(label).querySelectorAll('option')].map(
        (o) => o.textContent,
      );
    expect(options('Weight')).toEqual(['All', '100g', '200g', '250g', '500g']);
    expect(options('Flavor')).toEqual([
      'All',
      'Classic',
      'Peri Peri',
      'Himalayan Pink Salt',
      'Caramel',
    ]);
    expect(options('Price')).toEqual(['All', '₹0 - ₹300', '₹301 - ₹500', '₹501 & above']);
  });

  it('narrows the grid by each filter and widens it again with All', async () => {
    stubApi();
    renderProducts();
    await screen.findAllByTestId('product-card');
    const bar = within(filterBar());

    fireEvent.change(bar.getByLabelText('Weight'), { target: { value: '500' } });
    expect(cardNames()).toEqual(['Classic Roasted Makhana', 'Peri Peri Makhana']);

    fireEvent.change(bar.getByLabelText('Price'), { target: { value: '501+' } });
    expect(cardNames()).toEqual(['Classic Roasted Makhana', 'Peri Peri Makhana']);

    fireEvent.change(bar.getByLabelText('Weight'), { target: { value: '' } });
    fireEvent.change(bar.getByLabelText('Price'), { target: { value: '' } });
    fireEvent.change(bar.getByLabelText('Flavor'), { target: { value: 'Caramel' } });
    expect(cardNames()).toEqual(['Caramel Makhana']);

    fireEvent.change(bar.getByLabelText('Flavor'), { target: { value: '' } });
    expect(cardNames()).toHaveLength(catalogue.length);
  });

  it('shows the chosen weight and its price on each card, and judges the band on that price', async () => {
    stubApi();
    renderProducts();
    await screen.findAllByTestId('product-card');
    const bar = within(filterBar());

    fireEvent.change(bar.getByLabelText('Weight'), { target: { value: '250' } });
    expect(cardLines()).toEqual([
      'Classic Roasted Makhana 250g ₹449',
      'Himalayan Pink Salt Makhana 250g ₹549',
    ]);

    // Classic's card price is ₹199 (its 100 g pack); its 250 g pack costs ₹449.
    fireEvent.change(bar.getByLabelText('Price'), { target: { value: '0-300' } });
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    expect(screen.getByText(NO_PRODUCTS_MATCH)).toBeTruthy();

    fireEvent.change(bar.getByLabelText('Price'), { target: { value: '301-500' } });
    expect(cardLines()).toEqual(['Classic Roasted Makhana 250g ₹449']);
  });

  it('with a band and no weight, lists a product when any weight is in it, showing the cheapest', async () => {
    stubApi();
    renderProducts();
    await screen.findAllByTestId('product-card');
    fireEvent.change(within(filterBar()).getByLabelText('Price'), {
      target: { value: '301-500' },
    });
    expect(cardLines()).toEqual([
      'Classic Roasted Makhana 250g ₹449',
      'Peri Peri Makhana 200g ₹349',
    ]);
  });

  it('reads the filters from the address and writes each choice there, so Back undoes it', async () => {
    stubApi();
    const { store, router } = renderProducts('/products?weight=250&price=301-500');
    await screen.findAllByTestId('product-card');
    const bar = within(filterBar());
    expect(cardLines()).toEqual(['Classic Roasted Makhana 250g ₹449']);
    expect((bar.getByLabelText('Weight') as HTMLSelectElement).value).toBe('250');
    expect((bar.getByLabelText('Price') as HTMLSelectElement).value).toBe('301-500');
    expect(store.getState().product.filters).toEqual({
      weight: '250',
      price: '301-500',
      flavor: '',
    });

    fireEvent.change(bar.getByLabelText('Price'), { target: { value: '501+' } });
    expect(router.state.location.search).toBe('?weight=250&price=501%2B');
    expect(cardLines()).toEqual(['Himalayan Pink Salt Makhana 250g ₹549']);
    expect(store.getState().product.filters.price).toBe('501+');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?weight=250&price=301-500');
    expect(cardLines()).toEqual(['Classic Roasted Makhana 250g ₹449']);
    expect(store.getState().product.filters.price).toBe('301-500');
  });

  it('reads a weight, band or sort the catalogue does not offer as All and Featured', async () => {
    stubApi();
    renderProducts('/products?weight=999&price=cheap&flavor=Tomato&sort=newest');
    await screen.findAllByTestId('product-card');
    expect(cardNames()).toHaveLength(catalogue.length);
    const bar = within(filterBar());
    for (const label of ['Weight', 'Flavor', 'Price']) {
      expect((bar.getByLabelText(label) as HTMLSelectElement).value).toBe('');
    }
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('featured');
  });

  it('sorts by the price each card shows, both ways, and by rating, keeping it in the address', async () => {
    stubApi();
    const { router } = renderProducts();
    await screen.findAllByTestId('product-card');
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.textContent)).toEqual([
      'Featured',
      'Price: low to high',
      'Price: high to low',
      'Top rated',
    ]);

    fireEvent.change(sort, { target: { value: 'price-asc' } });
    expect(router.state.location.search).toBe('?sort=price-asc');
    expect(cardNames()).toEqual([
      'Classic Roasted Makhana',
      'Caramel Makhana',
      'Peri Peri Makhana',
      'Himalayan Pink Salt Makhana',
    ]);

    fireEvent.change(within(filterBar()).getByLabelText('Weight'), { target: { value: '500' } });
    fireEvent.change(sort, { target: { value: 'price-desc' } });
    expect(router.state.location.search).toBe('?weight=500&sort=price-desc');
    expect(cardLines()).toEqual([
      'Classic Roasted Makhana 500g ₹849',
      'Peri Peri Makhana 500g ₹799',
    ]);

    fireEvent.change(within(filterBar()).getByLabelText('Weight'), { target: { value: '' } });
    fireEvent.change(sort, { target: { value: 'rating' } });
    expect(cardNames()[0]).toBe('Classic Roasted Makhana');
  });

  it('shows the exact empty text when a combination matches nothing', async () => {
    stubApi();
    renderProducts();
    await screen.findAllByTestId('product-card');
    const bar = within(filterBar());
    fireEvent.change(bar.getByLabelText('Flavor'), { target: { value: 'Himalayan Pink Salt' } });
    fireEvent.change(bar.getByLabelText('Weight'), { target: { value: '100' } });
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    expect(screen.getByText(NO_PRODUCTS_MATCH)).toBeTruthy();
  });

  it('opens the mobile panel; Reset clears every filter and closes it; Escape closes it too', async () => {
    stubApi();
    const { store } = renderProducts();
    await screen.findAllByTestId('product-card');

    const openButton = screen.getByRole('button', { name: /^Filters/ });
    fireEvent.click(openButton);
    const dialog = screen.getByRole('dialog', { name: 'Filter products' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Close filters' }),
    );

    fireEvent.change(within(dialog).getByLabelText('Flavor'), { target: { value: 'Peri Peri' } });
    fireEvent.change(within(dialog).getByLabelText('Weight'), { target: { value: '200' } });
    expect(cardNames()).toEqual(['Peri Peri Makhana']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().product.filters).toEqual({ price: '', weight: '', flavor: '' });
    expect(cardNames()).toHaveLength(catalogue.length);
    expect(document.activeElement).toBe(openButton);

    fireEvent.click(openButton);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(openButton);
    fireEvent.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks an out-of-stock product and gives it no link, while others say View Details', async () => {
    stubApi();
    renderProducts();
    const cards = await screen.findAllByTestId('product-card');
    const caramelCard = cards.find((card) => card.textContent?.includes('Caramel Makhana'));
    const classicCard = cards.find((card) => card.textContent?.includes('Classic Roasted'));
    if (!caramelCard || !classicCard) throw new Error('cards missing');

    expect(within(caramelCard).getByText('Out of Stock')).toBeTruthy();
    const unavailable = within(caramelCard).getByRole('button', { name: 'Unavailable' });
    expect((unavailable as HTMLButtonElement).disabled).toBe(true);
    expect(caramelCard.querySelector('a[href]')).toBeNull();

    expect(within(classicCard).queryByText('Out of Stock')).toBeNull();
    const details = within(classicCard).getByRole('link', { name: /View details/i });
    expect(details.textContent).toBe('View Details');
    expect(details.getAttribute('href')).toBe('/product/prod-classic');
    expect(within(classicCard).getByText(/100g/)).toBeTruthy();
    expect(within(classicCard).getByText('₹199')).toBeTruthy();
  });

  it('shows a clear error with Retry when the catalogue cannot load, and Retry loads it', async () => {
    let broken = true;
    stubApi(catalogue, (path) =>
      broken && path === '/products/getProductDetails'
        ? fail(500, 'Database unavailable')
        : undefined,
    );
    renderProducts();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load our products");
    broken = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findAllByTestId('product-card')).toHaveLength(catalogue.length);
  });
});
