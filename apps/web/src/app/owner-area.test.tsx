import type { DashboardFigures } from '@makhana/domain/contracts/owner';
import type { Order } from '@makhana/domain/orders';
import { MESSAGES } from '@makhana/domain/validation';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../features/owner/use-owner-list';
import { createStore } from '../stores/store';
import { customer, signIn, stubRoutes } from '../test/customer-fixtures';
import { allOrders, customers, owner, ownerPassword, signInOwner } from '../test/owner-fixtures';
import { fail, ok, okPage, renderRoutes, SHOP_IDENTITY } from '../test/shop-fixtures';
import { routes } from './routes';

let success: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  error = vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// The journeys below sign in through the form and load lazy screens: slow on a busy machine.
const JOURNEY_MS = 20_000;

/** Thirty days to 15 November 2026, with sales on two of them. */
function figuresWith(
  growth: number | null,
  failingFollowUps = 0,
  owed = { toRefund: 0, toRefundAmount: 0, refundsSentBack: 0 },
): DashboardFigures {
  const salesByDay = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 17 + i)).toISOString().slice(0, 10),
    orders: 0,
    revenue: 0,
  }));
  salesByDay[24] = { date: '2026-11-10', orders: 2, revenue: 1000 };
  salesByDay[29] = { date: '2026-11-15', orders: 1, revenue: 498.5 };
  return {
    totalOrders: 3,
    totalUsers: 7,
    totalProducts: 5,
    revenue: 1498.5,
    growth,
    salesByDay,
    failingFollowUps,
    openReturns: 0,
    ...owed,
    toShip: 2,
    oldestToShipPaidAt: '2026-11-12T05:00:00.000Z',
    openSupport: 1,
    supportReplyOverdue: 0,
    supportResolutionOverdue: 0,
    lowStockProducts: 3,
    monthOrders: 3,
    monthRevenue: 1498.5,
    averageOrderValue: 499.5,
  };
}

// The first page of each owner list, as the tabs ask for it.
const ORDERS_PAGE = 'GET /orders/orderDetails?page=1&limit=50&paid=true';
const OPEN_SUPPORT_COUNT = 'GET /supports/inbox?page=1&limit=1&status=open';
const ordersPage = (orders: Order[]) =>
  okPage(orders, { page: 1, limit: 50, total: orders.length });

/** Who sells, as an owner saved it: nothing missing. */
const savedSettings = {
  ...SHOP_IDENTITY,
  invoicePrefix: 'MM',
  savedAt: '2026-11-20T05:00:00.000Z',
  missing: [],
};

const ownerApi = {
  'GET /admins/dashboard': ok(figuresWith(null)),
  'GET /admins/shop-settings': ok(savedSettings),
  [OPEN_SUPPORT_COUNT]: okPage([], { page: 1, limit: 1, total: 0 }),
  'GET /banners/getBannerDetails': ok([]),
  'POST /admins/onlyAdminTo/login': ok({ admin: owner, accessToken: 'a', refreshToken: 'r' }),
  'GET /admins/getAdmin': ok(owner),
  [ORDERS_PAGE]: ordersPage(allOrders),
};

const OWNER_CALLS = [
  'GET /admins/getAdmin',
  'GET /users/getUserDetails',
  'POST /admins/onlyAdminTo/login',
];

/** The routes under a layout that prints the path React has rendered, which may trail the router's. */
function withRenderedPath(children: RouteObject[]): RouteObject[] {
  function RenderedPath() {
    const { pathname } = useLocation();
    return (
      <>
        <span hidden data-testid="rendered-path">
          {pathname}
        </span>
        <Outlet />
      </>
    );
  }
  return [{ element: <RenderedPath />, children }];
}

async function signInAsOwner(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), owner.email);
  await user.type(screen.getByLabelText('Password'), ownerPassword);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

function ownerStore() {
  const store = createStore();
  signInOwner(store);
  return store;
}

describe('/login/admin/owner: the owner sign-in', () => {
  it("keeps the form's rules and messages, calling nothing until they hold", async () => {
    const api = stubRoutes(ownerApi);
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntries: ['/login/admin/owner'] });

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Email'), 'owner@');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(api.callsTo('POST /admins/onlyAdminTo/login')).toHaveLength(0);
  });

  it('sends an owner who is already signed in on to the dashboard', async () => {
    stubRoutes(ownerApi);
    const { router } = renderRoutes(routes, {
      initialEntries: ['/login/admin/owner'],
      store: ownerStore(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/admin/dashboard'));
    expect(await screen.findByRole('tablist')).toBeTruthy();
  });

  it(
    'signs in, loads the admin, toasts and goes home',
    async () => {
      const api = stubRoutes(ownerApi);
      const user = userEvent.setup();
      const { store, router } = renderRoutes(routes, { initialEntries: ['/login/admin/owner'] });

      await signInAsOwner(user);

      await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
      const ownerCalls = api
        .order()
        .filter(
          (call) =>
            !call.includes('/products/') &&
            !call.includes('/banners/') &&
            !call.includes('/shop/identity'),
        );
      expect(ownerCalls.slice(0, 2)).toEqual([
        'POST /admins/onlyAdminTo/login',
        'GET /admins/getAdmin',
      ]);
      // Orders and customers are their tabs', asked for a page at a time when a tab opens.
      expect(ownerCalls.slice(2)).toEqual([]);
      expect(api.callsTo('POST /admins/onlyAdminTo/login')[0]?.body).toEqual({
        email: owner.email,
        password: ownerPassword,
      });
      expect(success).toHaveBeenCalledWith('Admin login successfully');
      expect(store.getState().auth).toMatchObject({
        admin: owner,
        isAdminAuthenticated: true,
      });
      // Who is signed in is remembered, never how: no password or token in the persisted state.
      expect(JSON.stringify(store.getState().auth)).not.toContain(ownerPassword);
      expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    },
    JOURNEY_MS,
  );

  it(
    "toasts the server's refusal, or 'server error' when the call fails on the way",
    async () => {
      stubRoutes({
        ...ownerApi,
        'POST /admins/onlyAdminTo/login': fail(401, 'Invalid email or password'),
      });
      const user = userEvent.setup();
      const { store, router } = renderRoutes(routes, { initialEntries: ['/login/admin/owner'] });
      await signInAsOwner(user);
      await waitFor(() =>
        expect(error).toHaveBeenCalledWith('Invalid email or password', expect.anything()),
      );
      expect(store.getState().auth.isAdminAuthenticated).toBe(false);
      expect(router.state.location.pathname).toBe('/login/admin/owner');

      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() =>
        expect(error).toHaveBeenLastCalledWith('server error', expect.anything()),
      );
      expect(success).not.toHaveBeenCalled();
    },
    JOURNEY_MS,
  );
});

describe("the owner's second factor", () => {
  const NEEDS_CODE = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
  const WRONG_CODE =
    'That code is not right. Enter the code your app shows now, or an unused recovery code.';
  const withCode = { ...owner, secondFactor: true };
  const withoutCode = { ...owner, secondFactor: false };

  it(
    'asks for the code after the right password, in the same form, and signs in with it',
    async () => {
      const api = stubRoutes({
        ...ownerApi,
        'POST /admins/onlyAdminTo/login': (body) => {
          const { otp } = body as { otp?: string };
          if (otp === undefined) {
            return {
              status: 401,
              body: {
                statusCode: 401,
                data: { needsOtp: true },
                message: NEEDS_CODE,
                success: false,
                errors: [],
              },
            };
          }
          if (otp !== '123456') return fail(401, WRONG_CODE);
          return ok({ admin: withCode, accessToken: 'a', refreshToken: 'r' });
        },
        'GET /admins/getAdmin': ok(withCode),
      });
      const user = userEvent.setup();
      const { store, router } = renderRoutes(routes, { initialEntries: ['/login/admin/owner'] });
      await signInAsOwner(user);

      const code = await screen.findByLabelText('Code from your authenticator app');
      await waitFor(() => expect(document.activeElement).toBe(code));
      // Asking for the code is not a failure to report.
      expect(error).not.toHaveBeenCalled();
      expect(store.getState().auth.isAdminAuthenticated).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(await screen.findByText(NEEDS_CODE)).toBeTruthy();
      await user.type(code, '654321');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith(WRONG_CODE, expect.anything()));

      await user.clear(code);
      await user.type(code, '123456');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
      expect(api.callsTo('POST /admins/onlyAdminTo/login').map((call) => call.body)).toEqual([
        { email: owner.email, password: ownerPassword },
        { email: owner.email, password: ownerPassword, otp: '654321' },
        { email: owner.email, password: ownerPassword, otp: '123456' },
      ]);
      expect(store.getState().auth.admin).toEqual(withCode);
    },
    JOURNEY_MS,
  );

  it('urges an owner without one to set it up, and the Security tab does', async () => {
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
    let confirmed = false;
    const api = stubRoutes({
      ...ownerApi,
      'GET /admins/getAdmin': () => ok(confirmed ? withCode : withoutCode),
      'POST /admins/totp/setup': ok({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl:
          'otpauth://totp/Mithila%20Makhana%20Co.:owner?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      }),
      'POST /admins/totp/confirm': (body) => {
        if ((body as { otp: string }).otp !== '246810') {
          return fail(400, 'That code is not right. Enter the 6-digit code your app shows now.');
        }
        confirmed = true;
        return ok({ recoveryCodes });
      },
    });
    const store = createStore();
    signInOwner(store, withoutCode);
    const user = userEvent.setup();
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard'], store });

    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Your sign-in is a password alone.');
    await user.click(within(note).getByRole('button', { name: 'Set it up' }));
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Set up a second factor' }));
    expect(
      await screen.findByTitle('QR code to add Mithila Makhana Co. to an authenticator app'),
    ).toBeTruthy();
    expect(screen.getByTestId('second-factor-key').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    const code = screen.getByLabelText('Code from the app');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('That code is not right. Enter the 6-digit code your app shows now.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /admins/totp/confirm')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.callsTo('POST /admins/totp/confirm')).toHaveLength(1));
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const shown = within(screen.getByRole('list', { name: 'Recovery codes' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toEqual(recoveryCodes);
    await waitFor(() => expect(store.getState().auth.admin?.secondFactor).toBe(true));
    expect(success).toHaveBeenCalledWith('Second factor set up');

    await user.click(screen.getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByText(/Signing in asks for the password and the code/)).toBeTruthy();
    expect(screen.queryByText('abcde-fgh0k')).toBeNull();
  });
});

describe("the owner's sessions", () => {
  it('lists where the owner is signed in, and signs one or all the others out', async () => {
    const here = {
      _id: 'session-here',
      device: 'Edge on Windows',
      clientIp: '192.0.2.10',
      signedInAt: '2026-11-28T03:30:00.000Z',
      lastUsedAt: '2026-11-28T04:00:00.000Z',
      current: true,
    };
    const phone = {
      ...here,
      _id: 'session-phone',
      device: 'Chrome on Android',
      clientIp: '198.51.100.7',
      current: false,
    };
    const tablet = { ...phone, _id: 'session-tablet', clientIp: '203.0.113.9' };
    let live = [here, phone, tablet];
    const api = stubRoutes({
      ...ownerApi,
      'GET /admins/sessions': () => ok(live),
      'POST /admins/sessions/revoke/session-phone': () => {
        live = live.filter((s) => s._id !== 'session-phone');
        return {
          body: { statusCode: 200, data: null, message: 'Session signed out', success: true },
        };
      },
      'POST /admins/sessions/revoke-others': () => {
        live = [here];
        return {
          body: {
            statusCode: 200,
            data: { ended: 1 },
            message: 'Other sessions signed out',
            success: true,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, {
      initialEntries: ['/owner/admin/dashboard?tab=security'],
      store: ownerStore(),
    });

    const list = await screen.findByRole('list', { name: 'Sessions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(first.textContent).toContain('Edge on Windows');
    expect(first.textContent).toContain('This device');
    expect(first.textContent).toContain('192.0.2.10 · signed in 28 Nov 2026, 9:00 am');
    expect(within(first).queryByRole('button')).toBeNull();

    await user.click(
      screen.getByRole('button', { name: 'Sign out Chrome on Android, 198.51.100.7' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Session signed out'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Other sessions signed out'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(api.callsTo('GET /admins/sessions').length).toBeGreaterThanOrEqual(3);
  });
});

describe('/owner/admin/dashboard: the owner only', () => {
  it('shows a visitor the owner sign-in and loads no owner data', async () => {
    const api = stubRoutes(ownerApi);
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard?tab=users'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Owner sign-in' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    // The owner's pages stay out of search engines.
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    await act(async () => {});
    for (const call of [...OWNER_CALLS, ORDERS_PAGE, OPEN_SUPPORT_COUNT]) {
      expect(api.callsTo(call), call).toHaveLength(0);
    }
  });

  it(
    'shows a customer the owner sign-in, never owner data, and keeps them on the page',
    async () => {
      const api = stubRoutes({ ...ownerApi, 'GET /users/getUser': ok(customer) });
      const store = createStore();
      signIn(store);
      const { router } = renderRoutes(routes, {
        initialEntries: ['/owner/admin/dashboard?tab=orders'],
        store,
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Owner sign-in' })).toBeTruthy();
      await act(async () => {});
      for (const call of OWNER_CALLS) expect(api.callsTo(call), call).toHaveLength(0);
      expect(screen.queryByText(customers[1]!.email)).toBeNull();

      // Signing in there opens the tab asked for, and the customer's session stays.
      await signInAsOwner(userEvent.setup());
      expect(
        await screen.findByRole('tab', { name: 'Orders', selected: true }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/owner/admin/dashboard?tab=orders',
      );
      expect(store.getState().auth.isUserAuthenticated).toBe(true);
    },
    JOURNEY_MS,
  );

  it('loads the owner data at start-up only for a signed-in owner and shows the four cards', async () => {
    const api = stubRoutes(ownerApi);
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard'], store: ownerStore() });
    // The server's figures, not counts of the lists loaded (four orders, two customers).
    const sales = await screen.findByTestId('figure-sales');
    expect(within(sales).getByText('3')).toBeTruthy();
    expect(sales.textContent).toContain('paid orders, ₹1,498.5 in all');
    expect(within(screen.getByTestId('figure-users')).getByText('7')).toBeTruthy();
    expect(within(screen.getByTestId('figure-products')).getByText('5')).toBeTruthy();
    const growth = screen.getByTestId('figure-growth');
    expect(within(growth).getByText('—')).toBeTruthy();
    expect(growth.textContent).toContain('No sales last month');
    expect(growth.textContent).not.toContain('+25%');
    const days = screen.getAllByTestId('sales-day');
    expect(days).toHaveLength(30);
    expect(days[24]!.getAttribute('aria-label')).toBe('10 Nov: 2 paid orders, ₹1,000');
    expect(days[29]!.getAttribute('aria-label')).toBe('15 Nov: 1 paid order, ₹498.5');
    expect(days[0]!.getAttribute('aria-label')).toBe('17 Oct: 0 paid orders, ₹0');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    // No follow-up is failing, no money is owed, who sells is saved: nothing to warn about.
    expect(screen.queryByTestId('failing-follow-ups')).toBeNull();
    expect(screen.queryByTestId('identity-missing')).toBeNull();
    expect(screen.queryByTestId('money-owed')).toBeNull();
    expect(api.callsTo('GET /admins/dashboard')).toHaveLength(1);
    expect(api.callsTo('GET /admins/getAdmin')).toHaveLength(1);
    // Orders and customers belong to their tabs now: the Dashboard tab loads neither.
    expect(api.calls.filter((call) => call.path.startsWith('/orders/'))).toEqual([]);
    expect(api.calls.filter((call) => call.path.startsWith('/users/getUserDetails'))).toEqual([]);
  });

  it("shows today's tasks and this month's takings, each opening its filtered list", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    const api = stubRoutes({
      ...ownerApi,
      'GET /orders/orderDetails?page=1&limit=50&paid=true&toShip=true': ordersPage(
        allOrders.slice(0, 1),
      ),
      'GET /orders/orderDetails?page=1&limit=50&paid=true&sales=this-month': ordersPage(allOrders),
      'GET /supports/inbox?page=1&limit=50&status=open': okPage([], {
        page: 1,
        limit: 50,
        total: 0,
      }),
      'GET /products/owner-list?page=1&limit=50&lowStock=true': okPage([], {
        page: 1,
        limit: 50,
        total: 0,
      }),
    });
    const { router } = renderRoutes(routes, {
      initialEntries: ['/owner/admin/dashboard'],
      store: ownerStore(),
    });
    const toShip = await screen.findByTestId('figure-to-ship');
    vi.useRealTimers();
    expect(toShip.textContent).toContain('2');
    expect(toShip.textContent).toContain('the oldest waiting 3 days');
    expect(screen.getByTestId('figure-open-support').textContent).toContain('1');
    expect(screen.getByTestId('figure-low-stock').textContent).toContain('3');
    expect(screen.getByTestId('figure-average-order').textContent).toContain('₹499.5');
    expect(screen.getByTestId('figure-average-order').textContent).toContain('over 3 sales');
    const month = screen.getByTestId('figure-month-revenue');
    expect(month.textContent).toContain('₹1,498.5');

    const opens = [
      [
        'figure-to-ship',
        '?tab=orders&toShip=true',
        'GET /orders/orderDetails?page=1&limit=50&paid=true&toShip=true',
      ],
      [
        'figure-open-support',
        '?tab=support&status=open',
        'GET /supports/inbox?page=1&limit=50&status=open',
      ],
      [
        'figure-low-stock',
        '?tab=products&lowStock=true',
        'GET /products/owner-list?page=1&limit=50&lowStock=true',
      ],
      [
        'figure-month-revenue',
        '?tab=orders&sales=this-month',
        'GET /orders/orderDetails?page=1&limit=50&paid=true&sales=this-month',
      ],
    ] as const;
    for (const [card, search, call] of opens) {
      await act(() => router.navigate('/owner/admin/dashboard'));
      await userEvent.click(await screen.findByTestId(card));
      await waitFor(() => expect(router.state.location.search).toBe(search));
      await waitFor(() => expect(api.callsTo(call).length).toBeGreaterThan(0));
    }
    expect(screen.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
  });

  it('gives the chart an axis in rupees, each day on hover and focus, and a table', async () => {
    stubRoutes(ownerApi);
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard'], store: ownerStore() });
    const chart = await screen.findByTestId('sales-chart');
    expect(within(chart).getByTestId('sales-axis').textContent).toBe('₹0₹250₹500₹750₹1,000');
    const table = within(chart).getByTestId('sales-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[25]!.textContent).toBe('10 Nov2₹1,000');

    const days = within(chart).getAllByTestId('sales-day');
    // One stop on the way through the page: today's bar.
    expect(days.filter((day) => day.tabIndex === 0)).toEqual([days[29]]);
    await userEvent.hover(days[24]!);
    expect(screen.getByTestId('sales-tip').textContent).toBe('10 Nov₹1,0002 paid orders');
    await userEvent.unhover(days[24]!);
    expect(screen.queryByTestId('sales-tip')).toBeNull();

    act(() => days[29]!.focus());
    expect(screen.getByTestId('sales-tip').textContent).toBe('15 Nov₹498.51 paid order');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(days[28]);
    expect(screen.getByTestId('sales-tip').textContent).toBe('14 Nov₹00 paid orders');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(days[0]);
    expect(days[0]!.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(days[29]);
  });

  it("shows this month's growth, or why the figures are missing", async () => {
    stubRoutes({ ...ownerApi, 'GET /admins/dashboard': ok(figuresWith(12.5)) });
    const first = renderRoutes(routes, {
      initialEntries: ['/owner/admin/dashboard'],
      store: ownerStore(),
    });
    const growth = await screen.findByTestId('figure-growth');
    expect(within(growth).getByText('+12.5%')).toBeTruthy();
    expect(growth.textContent).not.toContain('No sales last month');
    first.unmount();

    stubRoutes({ ...ownerApi, 'GET /admins/dashboard': fail(500, 'Internal Server Error') });
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard'], store: ownerStore() });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The figures could not be loaded',
    );
    expect(screen.queryByTestId('figure-sales')).toBeNull();
  });

  it('says when order mails keep failing, so that none is lost in silence', async () => {
    stubRoutes({ ...ownerApi, 'GET /admins/dashboard': ok(figuresWith(null, 2)) });
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard'], store: ownerStore() });
    const warning = await screen.findByTestId('failing-follow-ups');
    expect(warning.getAttribute('role')).toBe('status');
    expect(warning.textContent).toContain('2 order mails could not be sent yet.');
    expect(warning.textContent).toContain('check the mail server settings');
  });

  it('counts the payments owed back until each is refunded, and opens the orders that need one', async () => {
    stubRoutes({
      ...ownerApi,
      'GET /admins/dashboard': ok(
        figuresWith(null, 0, { toRefund: 2, toRefundAmount: 898, refundsSentBack: 0 }),
      ),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      initialEntries: ['/owner/admin/dashboard'],
      store: ownerStore(),
    });
    const owed = await screen.findByTestId('money-owed');
    expect(owed.getAttribute('role')).toBe('status');
    expect(owed.textContent).toContain('2 payments to refund, ₹898 in all.');
    await user.click(
      within(owed).getByRole('link', { name: 'Open the orders that need a refund' }),
    );
    expect(router.state.location.search).toBe('?tab=orders&needsRefund=true');
  });

  it('says when the bank sent refunds back, among the payments owed', async () => {
    stubRoutes({
      ...ownerApi,
      'GET /admins/dashboard': ok(
        figuresWith(null, 0, { toRefund: 1, toRefundAmount: 549, refundsSentBack: 1 }),
      ),
    });
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard'], store: ownerStore() });
    const owed = await screen.findByTestId('money-owed');
    expect(owed.textContent).toContain('1 payment to refund, ₹549 in all.');
    expect(owed.textContent).toContain('The bank sent a refund back: send it again.');
  });

  it('says on every tab that production takes no order until who sells is saved, and opens Settings', async () => {
    stubRoutes({
      ...ownerApi,
      'GET /admins/shop-settings': ok({
        ...savedSettings,
        savedAt: null,
        missing: ['legalName', 'address', 'gstin', 'fssaiLicence'],
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      initialEntries: ['/owner/admin/dashboard?tab=orders'],
      store: ownerStore(),
    });
    const note = await screen.findByTestId('identity-missing');
    expect(note.textContent).toContain('In production the shop takes no order yet.');
    expect(note.textContent).toContain(
      'Save who sells first: legal name, registered address, GSTIN, FSSAI licence.',
    );
    await user.click(within(note).getByRole('button', { name: 'Open Settings' }));
    expect(router.state.location.search).toBe('?tab=settings');
    expect(await screen.findByRole('heading', { name: 'Who sells' })).toBeTruthy();
    expect(screen.queryByTestId('identity-missing')).toBeNull();
  });

  it('moves between tabs with the arrow keys, Home and End, keeping the tab in the address', async () => {
    stubRoutes(ownerApi);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      initialEntries: [{ pathname: '/owner/admin/dashboard', state: { section: 'Users' } }],
      store: ownerStore(),
    });
    const users = await screen.findByRole('tab', { name: 'Users', selected: true });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Dashboard',
      'Products',
      'Users',
      'Orders',
      'Discounts',
      'Support',
      'Reviews',
      'Banners',
      'Security',
      'Settings',
    ]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(users.id);

    users.focus();
    await user.keyboard('{ArrowRight}');
    const orders = await screen.findByRole('tab', { name: 'Orders', selected: true });
    expect(document.activeElement).toBe(orders);
    expect(router.state.location.search).toBe('?tab=orders');
    expect(await screen.findAllByTestId('owner-order-row')).toHaveLength(4);

    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(
      await screen.findByRole('tab', { name: 'Dashboard', selected: true }),
    );
    expect(router.state.location.search).toBe('?tab=dashboard');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(
      await screen.findByRole('tab', { name: 'Settings', selected: true }),
    );
    await user.keyboard('{End}');
    await screen.findByRole('tab', { name: 'Settings', selected: true });
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(
      await screen.findByRole('tab', { name: 'Dashboard', selected: true }),
    );
    for (const tab of screen.getAllByRole('tab')) {
      expect(tab.tabIndex).toBe(tab.getAttribute('aria-selected') === 'true' ? 0 : -1);
    }
  });

  it('keeps a tab opened while the words typed in the last one are still waiting to go out', async () => {
    stubRoutes(ownerApi);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      initialEntries: ['/owner/admin/dashboard?tab=users'],
      store: ownerStore(),
    });
    await screen.findByRole('tab', { name: 'Users', selected: true });
    await user.type(await screen.findByRole('searchbox'), 'asha');
    // The words go out 300 ms after the last key. The tab opens within the click, so the Users
    // panel and the search it was about to send are gone before anything can undo the switch.
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(screen.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 100)));
    expect(router.state.location.search).toBe('?tab=orders');
    expect(screen.getByRole('tab', { name: 'Orders', selected: true })).toBeTruthy();
  });

  it('lists every order with its colours and opens a pop-up with lines, address and tracking', async () => {
    stubRoutes(ownerApi);
    const user = userEvent.setup();
    renderRoutes(routes, {
      initialEntries: ['/owner/admin/dashboard?tab=orders'],
      store: ownerStore(),
    });
    const rows = await screen.findAllByTestId('owner-order-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '#MM-250514-0003',
      '#MM-250513-0002',
      '#MM-2025-0042',
      '#MM-2025-0001',
    ]);
    const delivered = rows[3]!;
    expect(delivered.textContent).toContain('Asha Jha');
    expect(delivered.textContent).toContain('₹898');
    expect(within(delivered).getByTestId('order-status').dataset.tone).toBe('green');
    expect(within(rows[2]!).getByTestId('order-status').dataset.tone).toBe('yellow');
    expect(rows[1]!.textContent).toContain('Ravi Kumar');
    // A phone gets the same orders as cards.
    const cards = screen.getAllByTestId('owner-order-card');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual(
      rows.map((row) => within(row).getByRole('rowheader').textContent),
    );
    expect(within(cards[3]!).getByRole('button', { name: 'View order MM-2025-0001' })).toBeTruthy();

    await user.click(within(delivered).getByRole('button', { name: 'View order MM-2025-0001' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #MM-2025-0001' });
    expect(within(dialog).getAllByTestId('owner-order-line')).toHaveLength(1);
    expect(dialog.textContent).toContain('Classic Roasted Makhana');
    expect(dialog.textContent).toContain('12 Station Road');
    expect(dialog.textContent).toContain('DLV998877');
    expect(
      within(dialog).getByRole('link', { name: 'Track the parcel' }).getAttribute('href'),
    ).toBe('https://track.example.com/DLV998877');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renews an expired owner session once and retries, leaving the customer alone', async () => {
    let renewed = false;
    const api = stubRoutes({
      ...ownerApi,
      'POST /admins/refresh-token': () => {
        renewed = true;
        return ok({ accessToken: 'a2', refreshToken: 'r2' });
      },
      [ORDERS_PAGE]: () => (renewed ? ordersPage(allOrders) : fail(401, 'Access token expired')),
    });
    const store = ownerStore();
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard?tab=orders'], store });
    expect(await screen.findAllByTestId('owner-order-row')).toHaveLength(4);
    expect(api.callsTo('POST /admins/refresh-token')).toHaveLength(1);
    expect(api.callsTo(ORDERS_PAGE)).toHaveLength(2);
    expect(api.callsTo('POST /users/refresh-token')).toHaveLength(0);
    expect(store.getState().auth.isAdminAuthenticated).toBe(true);
  });

  it(
    'sends an owner whose session ended to the owner sign-in, and back after signing in',
    async () => {
      let signedIn = false;
      const api = stubRoutes({
        ...ownerApi,
        'GET /users/getUser': ok(customer),
        'POST /admins/refresh-token': fail(401, 'Session expired. Please log in again.'),
        'POST /admins/onlyAdminTo/login': () => {
          signedIn = true;
          return ok({ admin: owner, accessToken: 'a', refreshToken: 'r' });
        },
        'GET /admins/getAdmin': () => (signedIn ? ok(owner) : fail(401, 'Access token expired')),
        [ORDERS_PAGE]: () => (signedIn ? ordersPage(allOrders) : fail(401, 'Access token expired')),
        [OPEN_SUPPORT_COUNT]: () =>
          signedIn
            ? okPage([], { page: 1, limit: 1, total: 0 })
            : fail(401, 'Access token expired'),
      });
      const store = ownerStore();
      signIn(store);
      const { router } = renderRoutes(withRenderedPath(routes), {
        initialEntries: ['/owner/admin/dashboard?tab=orders'],
        store,
      });

      // The router's address changes first and the page follows in a transition; until then the
      // dashboard shows its own sign-in in place. Typing into that one while keystrokes keep
      // postponing the transition loses the text when the sign-in page replaces it: the flake.
      await waitFor(() => expect(router.state.location.pathname).toBe('/login/admin/owner'), {
        timeout: 10_000,
      });
      await waitFor(() =>
        expect(screen.getByTestId('rendered-path').textContent).toBe('/login/admin/owner'),
      );
      expect(store.getState().auth).toMatchObject({
        admin: null,
        isAdminAuthenticated: false,
        // The customer's session is not the owner's.
        isUserAuthenticated: true,
      });
      expect(api.callsTo('POST /admins/refresh-token')).toHaveLength(1);
      expect(api.callsTo('POST /users/refresh-token')).toHaveLength(0);

      await signInAsOwner(userEvent.setup());
      await waitFor(
        () =>
          expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
            '/owner/admin/dashboard?tab=orders',
          ),
        { timeout: 10_000 },
      );
      expect(await screen.findAllByTestId('owner-order-row', {}, { timeout: 10_000 })).toHaveLength(
        4,
      );
    },
    JOURNEY_MS,
  );
});

describe("/owner/admin/dashboard?tab=orders: the owner's Ship and Deliver", () => {
  const ravisOrder = allOrders[1]!;
  const shippedOrder: Order = {
    ...ravisOrder,
    _id: 'order-shipped',
    orderNumber: 'MM-250510-0007',
    status: 'Shipped',
    trackingNumber: 'DL555',
    trackingUrl: null,
    createdAt: '2025-05-10T09:30:00.000Z',
  };
  const cancelledOrder: Order = {
    ...allOrders[0]!,
    _id: 'order-cancelled',
    orderNumber: 'MM-250509-0006',
    status: 'Cancelled',
    paymentStatus: 'failed',
    createdAt: '2025-05-09T09:30:00.000Z',
  };
  const orders = [...allOrders, shippedOrder, cancelledOrder];

  const answer = (data: Order, message: string) => ({
    body: { statusCode: 200, data, message, success: true },
  });

  function renderOrders(routesOverride: Parameters<typeof stubRoutes>[0] = {}) {
    const api = stubRoutes({
      ...ownerApi,
      [ORDERS_PAGE]: ordersPage(orders),
      ...routesOverride,
    });
    const store = ownerStore();
    renderRoutes(routes, { initialEntries: ['/owner/admin/dashboard?tab=orders'], store });
    return { api };
  }

  async function openOrder(user: ReturnType<typeof userEvent.setup>, orderNumber: string) {
    const row = (await screen.findAllByTestId('owner-order-row')).find((candidate) =>
      candidate.textContent?.includes(orderNumber),
    )!;
    await user.click(within(row).getByRole('button', { name: `View order ${orderNumber}` }));
    return { row, dialog: screen.getByRole('dialog', { name: `Order #${orderNumber}` }) };
  }

  it('ships a confirmed, paid order with its tracking, updating the pop-up and the row from the answer', async () => {
    const path = `POST /orders/update-status/${ravisOrder._id}`;
    const { api } = renderOrders({
      [path]: answer(
        {
          ...ravisOrder,
          status: 'Shipped',
          trackingNumber: 'DL123',
          trackingUrl: 'https://track.example.in/DL123',
          history: [
            {
              event: 'shipped',
              by: 'owner',
              from: 'Confirmed',
              to: 'Shipped',
              at: '2025-05-14T04:30:00.000Z',
              trackingNumber: 'DL123',
              trackingUrl: 'https://track.example.in/DL123',
              note: null,
            },
          ],
        },
        'Order marked as shipped',
      ),
    });
    const user = userEvent.setup();
    const { row, dialog } = await openOrder(user, ravisOrder.orderNumber);
    const form = within(dialog).getByRole('form', { name: 'Ship this order' });
    await user.type(within(form).getByLabelText('Tracking number'), 'DL123');
    await user.type(
      within(form).getByLabelText('Tracking link (optional)'),
      'https://track.example.in/DL123',
    );
    await user.click(within(form).getByRole('button', { name: 'Ship' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Order marked as shipped'));
    expect(api.callsTo(path).map((call) => call.body)).toEqual([
      { status: 'Shipped', trackingNumber: 'DL123', trackingUrl: 'https://track.example.in/DL123' },
    ]);
    expect(within(dialog).getByTestId('order-status').textContent).toContain('Shipped');
    expect(dialog.textContent).toContain('DL123');
    expect(
      within(dialog).getByRole('link', { name: 'Track the parcel' }).getAttribute('href'),
    ).toBe('https://track.example.in/DL123');
    expect(within(dialog).queryByRole('form', { name: 'Ship this order' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Mark as delivered' })).toBeTruthy();
    expect(within(row).getByTestId('order-status').textContent).toContain('Shipped');
    // The answer's history, with the move's time in India's time.
    const [move] = within(dialog).getAllByTestId('order-history-move');
    expect(move!.textContent).toContain('Confirmed → Shipped');
    expect(move!.textContent).toContain('14 May 2025, 10:00 am');
    // Nothing was asked again: the row and the pop-up took the server's answer.
    expect(api.callsTo(ORDERS_PAGE)).toHaveLength(1);
  });

  it("shows the form's messages under the fields and calls nothing until they hold", async () => {
    const { api } = renderOrders();
    const user = userEvent.setup();
    const { dialog } = await openOrder(user, ravisOrder.orderNumber);
    const form = within(dialog).getByRole('form', { name: 'Ship this order' });
    await user.click(within(form).getByRole('button', { name: 'Ship' }));
    expect(await within(form).findByText(MESSAGES.trackingNumberRequired)).toBeTruthy();
    expect(within(form).getByLabelText('Tracking number').getAttribute('aria-invalid')).toBe(
      'true',
    );

    await user.type(within(form).getByLabelText('Tracking number'), 'DL123');
    await user.type(within(form).getByLabelText('Tracking link (optional)'), 'track.example.in/1');
    await user.click(within(form).getByRole('button', { name: 'Ship' }));
    expect(await within(form).findByText(MESSAGES.trackingUrl)).toBeTruthy();
    expect(within(form).queryByText(MESSAGES.trackingNumberRequired)).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/orders/update-status'))).toEqual([]);
  });

  it('marks a shipped order delivered after the owner confirms', async () => {
    const path = `POST /orders/update-status/${shippedOrder._id}`;
    const { api } = renderOrders({
      [path]: answer({ ...shippedOrder, status: 'Delivered' }, 'Order marked as delivered'),
    });
    const user = userEvent.setup();
    const { row, dialog } = await openOrder(user, shippedOrder.orderNumber);
    expect(within(dialog).queryByRole('form', { name: 'Ship this order' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Mark as delivered' }));
    const confirm = screen.getByRole('dialog', { name: 'Mark this order as delivered?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Mark this order as delivered?' })).toBeNull();
    expect(api.callsTo(path)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Mark as delivered' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark this order as delivered?' })).getByRole(
        'button',
        { name: 'Mark delivered' },
      ),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order marked as delivered'));
    expect(api.callsTo(path).map((call) => call.body)).toEqual([{ status: 'Delivered' }]);
    expect(screen.queryByRole('dialog', { name: 'Mark this order as delivered?' })).toBeNull();
    expect(within(dialog).getByTestId('order-status').textContent).toContain('Delivered');
    expect(within(dialog).queryByRole('button', { name: 'Mark as delivered' })).toBeNull();
    expect(within(row).getByTestId('order-status').textContent).toContain('Delivered');
  });

  it("toasts the server's refusal and leaves the order as it was", async () => {
    const refusal = 'An order that is Cancelled cannot be marked as Shipped.';
    const path = `POST /orders/update-status/${ravisOrder._id}`;
    const { api } = renderOrders({ [path]: fail(409, refusal) });
    const user = userEvent.setup();
    const { row, dialog } = await openOrder(user, ravisOrder.orderNumber);
    const form = within(dialog).getByRole('form', { name: 'Ship this order' });
    await user.type(within(form).getByLabelText('Tracking number'), 'DL123');
    await user.click(within(form).getByRole('button', { name: 'Ship' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal, { toastId: refusal }));
    expect(api.callsTo(path).map((call) => call.body)).toEqual([
      { status: 'Shipped', trackingNumber: 'DL123' },
    ]);
    expect(success).not.toHaveBeenCalled();
    expect(within(row).getByTestId('order-status').textContent).toContain('Confirmed');
    expect((within(form).getByRole('button', { name: 'Ship' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(within(dialog).getByTestId('order-status').textContent).toContain('Confirmed');
  });

  it('offers no move on a pending, a cancelled or a delivered order', async () => {
    renderOrders();
    const user = userEvent.setup();
    for (const orderNumber of ['MM-250514-0003', cancelledOrder.orderNumber, 'MM-2025-0001']) {
      const { dialog } = await openOrder(user, orderNumber);
      expect(within(dialog).queryByRole('form', { name: 'Ship this order' })).toBeNull();
      expect(within(dialog).queryByLabelText('Tracking number')).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Mark as delivered' })).toBeNull();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });
});
