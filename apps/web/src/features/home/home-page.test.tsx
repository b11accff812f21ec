import type { Banner, Product } from '@makhana/domain/product';
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBanners } from '../../api/get-banners';
import { fetchProducts } from '../../api/get-products';
import { scrollToSection } from '../../lib/scroll';
import { hideLoader, showLoader } from '../../stores/loader-slice';
import { type AppStore, createStore } from '../../stores/store';
import { DECLARATIONS, fixtureVariant } from '../../test/shop-fixtures';
import { HomePage } from './home-page';

vi.mock('../../lib/scroll', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/scroll')>()),
  scrollToSection: vi.fn(() => true),
}));

function product(n: number): Product {
  return {
    _id: `p${n}`,
    name: `Makhana ${n}`,
    description: 'Roasted makhana',
    brand: 'Mithila Makhana Co.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    price: 199 + n,
    variant: 'Classic',
    listed: true,
    inStock: true,
    images: [`/uploads/p${n}.svg`],
    imageAlts: [`Makhana ${n} 100g`],
    shelfLife: 6,
    modelNumber: `M${n}`,
    countryOfOrigin: 'India',
    healthBenefits: 'High protein',
    containerType: 'Pouch',
    dietaryPreference: 'Vegetarian',
    sku: `SKU${n}`,
    ...DECLARATIONS,
    quantity: [
      fixtureVariant({
        weight: 100,
        price: 199 + n,
        sku: `SKU${n}-100`,
        stock: 5,
        lowStockBelow: 5,
      }),
    ],
    rating: { average: 4.5, count: 3 },
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
  };
}

function renderHome(path = '/', state?: unknown, store: AppStore = createStore()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/faq', element: <HomePage /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

function loadCatalogue(store: AppStore, products: Product[], banners: Banner[]) {
  act(() => {
    store.dispatch(fetchProducts.fulfilled(products, 'test'));
    store.dispatch(fetchBanners.fulfilled(banners, 'test'));
  });
}

beforeEach(() => {
  vi.mocked(scrollToSection).mockClear();
});

describe('HomePage', () => {
  it('has one h1, in the hero, and the sections the frame links to', () => {
    renderHome();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.closest('section')?.textContent).toContain('Purchase Now');
    expect(document.getElementById('features')?.textContent).toContain('Why Choose Our Makhana');
    expect(document.getElementById('products')).not.toBeNull();
    expect(document.getElementById('faq')).not.toBeNull();
    for (const title of ['Premium Quality', 'High Protein', 'Certified Organic']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
  });

  it('features at most six products and links to the full catalogue', () => {
    const store = renderHome();
    loadCatalogue(
      store,
      Array.from({ length: 8 }, (_, i) => product(i + 1)),
      [],
    );
    const section = document.getElementById('products');
    if (!section) throw new Error('No products section');
    expect(within(section).getAllByTestId('product-card')).toHaveLength(6);
    expect(within(section).getByText('Makhana 1')).toBeTruthy();
    expect(within(section).queryByText('Makhana 7')).toBeNull();
    expect(
      within(section).getByRole('link', { name: 'View all products' }).getAttribute('href'),
    ).toBe('/products');
  });

  it('shows the images of the first banner, the first one loaded eagerly', () => {
    const store = renderHome();
    loadCatalogue(
      store,
      [],
      [
        { _id: 'b1', images: ['/uploads/b1-1.svg', '/uploads/b1-2.svg'] },
        { _id: 'b2', images: ['/uploads/b2-1.svg'] },
      ],
    );
    const carousel = screen.getByRole('region', { name: 'Offers' });
    const sources = within(carousel)
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/uploads/b1-1.svg', '/uploads/b1-2.svg']);
    const [first, second] = within(carousel).getAllByRole('img');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(second?.getAttribute('loading')).toBe('lazy');
    // The artwork says "Shop Now", so each banner opens the catalogue.
    const links = within(carousel).getAllByRole('link', { name: 'Shop our makhana range' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/products', '/products']);
    expect(within(carousel).getByRole('button', { name: 'Go to slide 2' })).toBeTruthy();
    expect(within(carousel).getByRole('button', { name: 'Pause banner slideshow' })).toBeTruthy();
  });

  it('shows the customer testimonials as a carousel', () => {
    renderHome();
    const carousel = screen.getByRole('region', { name: 'Loved in kitchens across India' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(carousel).getAllByRole('group')).toHaveLength(6);
    expect(within(carousel).getByText('Priya Sharma')).toBeTruthy();
    expect(within(carousel).getByRole('button', { name: 'Pause testimonials' })).toBeTruthy();
  });

  it('shows a static banner, not a broken image, when there are no banners', () => {
    const store = renderHome();
    loadCatalogue(store, [], []);
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
    expect(screen.getByText(/From the ponds of Mithila to your snack bowl/)).toBeTruthy();
  });

  it('scrolls to the faq section on /faq once the start-up loads settle', async () => {
    const store = createStore();
    store.dispatch(showLoader());
    renderHome('/faq', undefined, store);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollToSection).not.toHaveBeenCalled();

    act(() => {
      store.dispatch(hideLoader());
    });
    await vi.waitFor(() => expect(scrollToSection).toHaveBeenCalledWith('faq'));
  });

  it('scrolls to the section named in the navigation state', async () => {
    renderHome('/', { scrollTo: 'features' });
    await vi.waitFor(() => expect(scrollToSection).toHaveBeenCalledWith('features'));
    expect(scrollToSection).toHaveBeenCalledTimes(1);
  });

  it('does not scroll on a plain visit to the home page', async () => {
    renderHome('/');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollToSection).not.toHaveBeenCalled();
  });
});
