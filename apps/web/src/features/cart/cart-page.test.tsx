import type { CartItem } from '@makhana/domain/cart';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authReducer } from '../../stores/auth-slice';
import { addItem, blankCartState } from '../../stores/cart-slice';
import { shopReducers } from '../../stores/reducers';
import { createStore } from '../../stores/store';
import { renderRoutes } from '../../test/shop-fixtures';
import { CartPage } from './cart-page';

const classic250: CartItem = {
  id: 'prod-classic',
  name: 'Classic Roasted Makhana',
  image: '/uploads/demo/products/classic-1.svg',
  weight: 250,
  sku: 'MM-CLS-250',
  price: 449,
  quantity: 1,
};
const peri200: CartItem = {
  id: 'prod-peri-peri',
  name: 'Peri Peri Makhana',
  image: '/uploads/demo/products/peri-peri-1.svg',
  weight: 200,
  sku: 'MM-PPR-200',
  price: 25,
  quantity: 2,
};

function ProductsStandIn() {
  return <h1>All products</h1>;
}

function renderCart(items: CartItem[]) {
  const store = createStore();
  for (const item of items) store.dispatch(addItem(item));
  return renderRoutes(
    [
      { path: '/cart', Component: CartPage },
      { path: '/products', Component: ProductsStandIn },
    ],
    { initialEntries: ['/cart'], store },
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CartPage', () => {
  it('shows the empty state with a link to the products', () => {
    renderCart([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe(
      '/products',
    );
    expect(document.title).toBe('Cart | Mithila Makhana Co.');
  });

  it('lists each line with weight, unit price and line total, and scrolls to top on opening', () => {
    renderCart([classic250, peri200]);
    expect(window.scrollTo).toHaveBeenCalled();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    const peri = within(lines[1] as HTMLElement);
    expect(peri.getByRole('link', { name: 'Peri Peri Makhana' }).getAttribute('href')).toBe(
      '/product/prod-peri-peri',
    );
    expect(peri.getByText('200g · ₹25 each')).toBeTruthy();
    expect(peri.getByTestId('line-total').textContent).toBe('₹50');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe(
      '/checkout',
    );
    expect(screen.getByText('Prices are inclusive of all taxes.')).toBeTruthy();
  });

  it('charges ₹50 shipping up to ₹500 and ships free above it', () => {
    const { store } = renderCart([{ ...classic250, price: 500 }]);
    expect(text('cart-subtotal')).toBe('₹500');
    expect(text('cart-shipping')).toBe('₹50');
    expect(text('cart-total')).toBe('₹550');
    expect(text('free-shipping-hint')).toBe('Add ₹1 more for free shipping.');

    act(() => {
      store.dispatch(addItem({ ...peri200, price: 1, quantity: 1 }));
    });
    expect(text('cart-subtotal')).toBe('₹501');
    expect(text('cart-shipping')).toBe('Free');
    expect(text('cart-total')).toBe('₹501');
    expect(screen.queryByTestId('free-shipping-hint')).toBeNull();
  });

  it('keeps the quantity within 1..10 and updates the totals', () => {
    const { store } = renderCart([classic250]);
    const dec = screen.getByRole('button', {
      name: 'Decrease quantity of Classic Roasted Makhana 250g',
    }) as HTMLButtonElement;
    const inc = screen.getByRole('button', {
      name: 'Increase quantity of Classic Roasted Makhana 250g',
    }) as HTMLButtonElement;
    expect(dec.disabled).toBe(true);
    fireEvent.click(dec);
    expect(text('line-quantity')).toBe('1');

    fireEvent.click(inc);
    expect(text('line-quantity')).toBe('2');
    expect(text('line-total')).toBe('₹898');
    expect(text('cart-shipping')).toBe('Free');
    expect(text('cart-total')).toBe('₹898');

    for (let i = 0; i < 12; i += 1) fireEvent.click(inc);
    expect(text('line-quantity')).toBe('10');
    expect(inc.disabled).toBe(true);
    expect(store.getState().cart.items[0]?.quantity).toBe(10);

    fireEvent.click(dec);
    expect(store.getState().cart.items[0]?.quantity).toBe(9);
  });

  it('removes a line with the exact toast, and shows the empty state after the last one', () => {
    const { store } = renderCart([classic250, peri200]);
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove Peri Peri Makhana 200g from cart' }),
    );
    expect(toast.success).toHaveBeenCalledWith('Item remove successfull');
    expect(store.getState().cart.items.map((item) => item.sku)).toEqual(['MM-CLS-250']);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);

    fireEvent.click(
      screen.getByRole('button', { name: 'Remove Classic Roasted Makhana 250g from cart' }),
    );
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
  });

  it('Continue Shopping goes to /products after 600 ms', async () => {
    vi.useFakeTimers();
    const { router } = renderCart([classic250]);
    fireEvent.click(screen.getByRole('button', { name: /Continue Shopping/ }));
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(router.state.location.pathname).toBe('/cart');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/products');
  });
});

describe('CartPage rendered on the server', () => {
  it("keeps the empty cart's box unfilled: the server cannot know this browser's cart", async () => {
    const reducer = combineReducers({ auth: authReducer, ...shopReducers });
    const store = configureStore({
      reducer,
      preloadedState: { ...reducer(undefined, { type: 'test/start' }), cart: blankCartState() },
    });
    const routes = [{ path: '/cart', Component: CartPage }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://shop.test/cart'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(
      <Provider store={store}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
        />
      </Provider>,
    );
    expect(html).toContain('Loading your cart…');
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/class="card[^"]{0,200}invisible"[^>]{0,100}aria-hidden="true"/);
  });
});
