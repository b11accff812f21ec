import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct } from '../test/shop-fixtures';
import { ProductCard } from './product-card';

afterEach(cleanup);

const ID = '0123456789abcdef0123456789abcdef';

function renderCard(images: string[]) {
  render(
    <MemoryRouter>
      <ProductCard product={makeProduct({ name: 'Peri Peri Makhana', images })} />
    </MemoryRouter>,
  );
  return screen.getByRole('img', { name: 'Peri Peri Makhana' }) as HTMLImageElement;
}

describe('the product card picture', () => {
  it('offers every stored width, so a phone downloads a small one', () => {
    const main = `/uploads/products/${ID}-1280.webp`;
    const img = renderCard([main, `/uploads/products/${'f'.repeat(32)}-640.webp`]);
    expect(img.getAttribute('src')).toBe(main);
    expect(img.getAttribute('srcset')).toBe(
      [320, 640, 960, 1280].map((w) => `/uploads/products/${ID}-${w}.webp ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe(
      '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw',
    );
  });

  it('shows a picture without renditions (the demo SVGs) as it is', () => {
    const img = renderCard(['/uploads/demo/products/classic-1.svg']);
    expect(img.getAttribute('src')).toBe('/uploads/demo/products/classic-1.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});

describe('the product card weight and price', () => {
  const product = makeProduct({
    variant: 'Classic',
    price: 99,
    quantity: [
      { weight: 50, price: 99, sku: 'CLS-50', stock: 5, lowStockBelow: 5 },
      { weight: 250, price: 399, sku: 'CLS-250', stock: 5, lowStockBelow: 5 },
    ],
  });
  const line = () =>
    `${screen.getByTestId('card-weight').textContent} ${screen.getByTestId('card-price').textContent}`;

  it('shows the first weight and the card price by default, as on home', () => {
    render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    expect(line()).toBe('50g ₹99');
  });

  it('shows the weight the catalogue chose, with that weight’s price', () => {
    render(
      <MemoryRouter>
        <ProductCard product={product} shown={{ weight: 250, price: 399 }} />
      </MemoryRouter>,
    );
    expect(line()).toBe('250g ₹399');
  });
});
