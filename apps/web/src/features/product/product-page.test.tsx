import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProducts } from '../../api/get-products';
import { createStore } from '../../stores/store';
import {
  caramel,
  catalogue,
  classic,
  periPeri,
  renderRoutes,
  stubApi,
} from '../../test/shop-fixtures';
import { ProductPage } from './product-page';

function CartStandIn() {
  return <h1>Cart page</h1>;
}

function renderProduct(
  entry: string | { pathname: string; state: unknown },
  store = createStore(),
) {
  return renderRoutes(
    [
      { path: '/product/:id', Component: ProductPage },
      { path: '/cart', Component: CartStandIn },
    ],
    { initialEntries: [entry], store },
  );
}

const price = () => screen.getByTestId('product-price').textContent;
const quantity = () => screen.getByLabelText('Quantity', { selector: 'output' }).textContent;

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProductPage', () => {
  it('loads the product by id on a deep link, with its real rating, title and canonical link', async () => {
    const fetchMock = stubApi();
    renderProduct('/product/prod-classic');
    expect(screen.getByRole('status').textContent).toMatch(/Loading product/);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Classic Roasted Makhana' }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/v1/products/getProductDetails/prod-classic',
    );
    expect(price()).toBe('₹199');
    expect(screen.getByText('Inclusive of all taxes')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Rated 4.3 out of 5' }).length).toBeGreaterThan(0);
    expect(screen.getByText('(12 reviews)')).toBeTruthy();
    expect(screen.queryByText(/130 reviews/)).toBeNull();
    expect(document.title).toBe('Classic Roasted Makhana | Mithila Makhana Co.');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      /\/product\/prod-classic$/,
    );
    const breadcrumb = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(breadcrumb.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe(
      '/products',
    );
  });

  it('uses the product from navigation state without asking the API for it', async () => {
    const fetchMock = stubApi();
    renderProduct({ pathname: '/product/prod-peri-peri', state: { product: periPeri } });
    expect(screen.getByRole('heading', { level: 1, name: 'Peri Peri Makhana' })).toBeTruthy();
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(await screen.findByText('No reviews yet. Be the first to review!')).toBeTruthy();
    // Only its reviews are asked for.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/v1/reviews/get-reviews/prod-peri-peri?page=1&limit=10',
    ]);
  });

  it('shows a friendly not-found view for an unknown id', async () => {
    stubApi();
    renderProduct('/product/does-not-exist');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Browse all products/ }).getAttribute('href')).toBe(
      '/products',
    );
  });

  it('picking a weight sets its price; a sold-out weight is disabled; quantity keeps to 1..stock', async () => {
    stubApi();
    renderProduct({ pathname: '/product/prod-classic', state: { product: classic } });

    const w100 = screen.getByRole('button', { name: '100g' });
    const w250 = screen.getByRole('button', { name: '250g' });
    const w500 = screen.getByRole('button', { name: /500g/ });
    expect(w100.getAttribute('aria-pressed')).toBe('true');
    expect((w500 as HTMLButtonElement).disabled).toBe(true);
    expect(w500.textContent).toContain('Sold out');

    const dec = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const inc = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    expect(quantity()).toBe('1');
    expect(dec.disabled).toBe(true);
    fireEvent.click(dec);
    expect(quantity()).toBe('1');

    for (let i = 0; i < 15; i += 1) fireEvent.click(inc);
    expect(quantity()).toBe('10');
    expect(inc.disabled).toBe(true);

    fireEvent.click(w250);
    expect(w250.getAttribute('aria-pressed')).toBe('true');
    expect(price()).toBe('₹449');
    // 250g has 3 in stock, so the quantity comes down to it and stops there.
    expect(quantity()).toBe('3');
    expect(inc.disabled).toBe(true);
    fireEvent.click(dec);
    expect(quantity()).toBe('2');
  });

  it('adds the chosen line to the cart, shows the loader and goes to /cart after 800 ms', async () => {
    vi.useFakeTimers();
    stubApi();
    const { store, router } = renderProduct({
      pathname: '/product/prod-classic',
      state: { product: classic },
    });

    fireEvent.click(screen.getByRole('button', { name: '250g' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(store.getState().cart.items).toEqual([
      {
        id: 'prod-classic',
        name: 'Classic Roasted Makhana',
        image: '/uploads/demo/products/classic-1.svg',
        weight: 250,
        sku: 'MM-CLS-250',
        price: 449,
        quantity: 2,
      },
    ]);
    expect(store.getState().loader.holders).toBe(1);
    expect(window.scrollTo).toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(router.state.location.pathname).toBe('/product/prod-classic');
    expect(toast.success).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/cart');
    expect(store.getState().loader.holders).toBe(0);
    expect(toast.success).toHaveBeenCalledWith('Added to cart!');
  });

  it('says how few are left only from the weight’s real free stock, and adds nothing unasked', () => {
    stubApi();
    const { store } = renderProduct({
      pathname: '/product/prod-classic',
      state: { product: classic },
    });
    // 100g has 40 free: no urgency.
    expect(screen.queryByText(/left in this weight/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '250g' }));
    expect(screen.getByText('Only 3 left in this weight')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '100g' }));
    expect(screen.queryByText(/left in this weight/)).toBeNull();
    // Looking is not buying: the cart stays as the shopper left it.
    expect(store.getState().cart.items).toEqual([]);
  });

  it('disables buying a product that is not available', () => {
    stubApi();
    renderProduct({ pathname: '/product/prod-caramel', state: { product: caramel } });
    const button = screen.getByRole('button', { name: 'Out of Stock' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('shows similar products without the current one and resets the choices on opening another', async () => {
    vi.useFakeTimers();
    stubApi();
    const store = createStore();
    await store.dispatch(fetchProducts());
    const { router } = renderProduct(
      { pathname: '/product/prod-classic', state: { product: classic } },
      store,
    );

    const section = document.getElementById('products');
    if (!section) throw new Error('no similar-products section');
    expect(within(section).getByRole('heading', { name: 'You may also like' })).toBeTruthy();
    expect(section.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(section).getAllByRole('group', { name: /of \d+$/ })).toHaveLength(
      catalogue.length - 1,
    );
    const cards = within(section).getAllByTestId('similar-product');
    expect(cards).toHaveLength(catalogue.length - 1);
    expect(section.textContent).not.toContain('Classic Roasted Makhana');
    const caramelCard = cards.find((card) => card.textContent?.includes('Caramel'));
    expect(caramelCard && within(caramelCard).getByText('Out of Stock')).toBeTruthy();
    expect(
      caramelCard &&
        (within(caramelCard).getByRole('button', { name: 'Unavailable' }) as HTMLButtonElement)
          .disabled,
    ).toBe(true);
    expect(within(section).getByRole('button', { name: 'Previous products' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Next products' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '250g' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(price()).toBe('₹449');

    const periCard = cards.find((card) => card.textContent?.includes('Peri Peri'));
    if (!periCard) throw new Error('no peri peri card');
    fireEvent.click(within(periCard).getByRole('link', { name: /View details/ }));
    expect(store.getState().loader.holders).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(router.state.location.pathname).toBe('/product/prod-classic');
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(router.state.location.pathname).toBe('/product/prod-peri-peri');
    expect(store.getState().loader.holders).toBe(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Peri Peri Makhana' })).toBeTruthy();
    expect(price()).toBe('₹349');
    expect(screen.getByRole('button', { name: '200g' }).getAttribute('aria-pressed')).toBe('true');
    expect(quantity()).toBe('1');
  });

  it('sets the main image from a thumbnail', () => {
    stubApi();
    renderProduct({ pathname: '/product/prod-classic', state: { product: classic } });
    const main = () =>
      screen.getByRole('img', { name: 'Classic Roasted Makhana' }).getAttribute('src');
    expect(main()).toBe('/uploads/demo/products/classic-1.svg');
    const second = screen.getByRole('button', { name: 'Classic Roasted Makhana, view 2 of 2' });
    fireEvent.click(second);
    expect(main()).toBe('/uploads/demo/products/classic-2.svg');
    expect(second.getAttribute('aria-pressed')).toBe('true');
  });

  it('lists the product attributes', () => {
    stubApi();
    renderProduct({ pathname: '/product/prod-classic', state: { product: classic } });
    const table = screen.getByRole('table', { name: 'Product details' });
    const row = (name: string) =>
      within(table).getByRole('row', { name: new RegExp(`^${name}`) }).textContent;
    expect(row('Shelf life')).toContain('6 months');
    expect(row('Country of origin')).toContain('India');
    expect(row('SKU')).toContain('MM-CLS-100');
  });
});
