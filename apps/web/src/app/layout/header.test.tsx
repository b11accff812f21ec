import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { REHYDRATE } from 'redux-persist';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addItem } from '../../stores/cart-slice';
import { type AppStore, createStore } from '../../stores/store';
import { signInOwner } from '../../test/owner-fixtures';
import { fail, ok, stubApi } from '../../test/shop-fixtures';
import { Header } from './header';

function renderHeader(store: AppStore = createStore()) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Header />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path: '/products', element: <h1>Products page</h1> },
          { path: '/about-us', element: <h1>About page</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

/** A returning shopper's auth state arrives the way redux-persist delivers it. */
function signIn(
  store: AppStore,
  flags: { isUserAuthenticated?: boolean; isAdminAuthenticated?: boolean },
) {
  store.dispatch({ type: REHYDRATE, key: 'auth', payload: flags });
}

const line = {
  id: 'p1',
  name: 'Classic Makhana',
  image: '/x.svg',
  weight: 100,
  sku: 'MM-1',
  price: 199,
};

describe('Header', () => {
  it('shows the logo linking home and the main navigation', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Mithila Makhana Co.' })).toHaveProperty(
      'pathname',
      '/',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Products', 'Features', 'About Us', 'Contact Us']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      '/contact-us',
    );
  });

  it('shows a cart badge only when the cart has items, with the number of items', () => {
    const { store } = renderHeader();
    const cart = screen.getByRole('link', { name: 'Cart' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(screen.queryByTestId('cart-badge')).toBeNull();

    act(() => {
      store.dispatch(addItem({ ...line, quantity: 2 }));
      store.dispatch(addItem({ ...line, sku: 'MM-2', weight: 250, quantity: 3 }));
    });

    const badge = screen.getByTestId('cart-badge');
    expect(badge.textContent).toContain('5');
    expect(cart.getAttribute('aria-describedby')).toBe(badge.id);
  });

  it('shows a visitor the Login link and no Dashboard', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: /dashboard/i })).toBeNull();
  });

  it('shows a signed-in customer a Dashboard button instead of Login', () => {
    const store = createStore();
    signIn(store, { isUserAuthenticated: true });
    renderHeader(store);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('shows a signed-in owner Dashboard and Logout, in the bar and in the mobile menu', async () => {
    const store = createStore();
    signIn(store, { isAdminAuthenticated: true, isUserAuthenticated: true });
    renderHeader(store);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/owner/admin/dashboard',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/owner/admin/dashboard',
    );
    expect(within(mobile).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('shows a customer and a visitor no Logout button', () => {
    const store = createStore();
    signIn(store, { isUserAuthenticated: true });
    renderHeader(store);
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('opens and closes the mobile menu, which repeats the items and closes on navigation', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'Products', 'Features', 'About Us', 'Contact Us', 'Login']) {
      expect(within(mobile).getByRole('link', { name })).toBeTruthy();
    }

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(toggle);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', {
        name: 'About Us',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'About page' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('closes the mobile menu with Escape', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('Header: the owner signs out', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function ownerHeader() {
    const store = createStore();
    signInOwner(store);
    signIn(store, { isUserAuthenticated: true });
    return renderHeader(store);
  }

  it("toasts the server's message, scrolls to the top and goes home 600 ms later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
    const fetchMock = stubApi(undefined, (path) =>
      path === '/admins/logoutAdmin' ? ok(null) : undefined,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { store, router } = ownerHeader();
    await act(() => router.navigate('/products'));
    expect(router.state.location.pathname).toBe('/products');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      expect.stringMatching(/\/api\/v1\/admins\/logoutAdmin$/),
    ]);
    expect(success).toHaveBeenCalledWith('Success');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(store.getState().auth).toMatchObject({ admin: null, isAdminAuthenticated: false });
    // The customer's session is not the owner's.
    expect(store.getState().auth.isUserAuthenticated).toBe(true);
    expect(router.state.location.pathname).toBe('/products');
    await act(async () => {
      vi.advanceTimersByTime(450);
    });
    expect(router.state.location.pathname).toBe('/products');
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it("falls back to 'Admin Logout successfully' without a server message", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
    stubApi(undefined, (path) =>
      path === '/admins/logoutAdmin'
        ? { body: { statusCode: 200, data: null, message: '', success: true } }
        : undefined,
    );
    ownerHeader();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(success).toHaveBeenCalledWith('Admin Logout successfully');
  });

  it("toasts a refusal's message, or 'Logout failed' when the call throws, and clears the owner", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
    stubApi(undefined, (path) =>
      path === '/admins/logoutAdmin' ? fail(500, 'Database unavailable') : undefined,
    );
    const { store, router } = ownerHeader();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(error).toHaveBeenCalledWith('Database unavailable');
    expect(store.getState().auth.isAdminAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('');
      }),
    );
    const again = createStore();
    signInOwner(again);
    signIn(again, { isAdminAuthenticated: true });
    renderHeader(again);
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Logout' }).at(-1)!);
    expect(error).toHaveBeenLastCalledWith('Logout failed');
    expect(again.getState().auth.isAdminAuthenticated).toBe(false);
  });
});
