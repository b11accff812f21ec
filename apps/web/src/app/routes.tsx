import { EMAIL_UNDO_PATH } from '@makhana/domain/email-change';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { useAppSelector } from '../stores/hooks';
import { RootLayout } from './layout/root-layout';

const LoginScreen = lazy(() =>
  import('../features/account/login-page').then((m) => ({ default: m.LoginPage })),
);
const CheckoutScreen = lazy(() =>
  import('../features/checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);

const OrderStatusScreen = lazy(() =>
  import('../features/order-status/order-status-page').then((m) => ({
    default: m.OrderStatusPage,
  })),
);

/** /checkout: the checkout for a signed-in customer, else the login screen, which returns here. */
function CheckoutRoute() {
  const signedIn = useAppSelector((state) => state.auth.isUserAuthenticated);
  return (
    <Suspense fallback={<div className="min-h-dvh" />}>
      {signedIn ? <CheckoutScreen /> : <LoginScreen />}
    </Suspense>
  );
}

/** /order-status/{id}: the customer's own order; a visitor signs in first, as on /dashboard. */
function OrderStatusRoute() {
  const signedIn = useAppSelector((state) => state.auth.isUserAuthenticated);
  return (
    <Suspense fallback={<div className="min-h-dvh" />}>
      {signedIn ? <OrderStatusScreen /> : <LoginScreen />}
    </Suspense>
  );
}

/** What a route tells the server that renders it (apps/api's storefront module). */
export interface ServedRoute {
  /** the page is rendered on the server, its content in the first response */
  firstResponse: true;
  /** the status the page answers with */
  status: number;
  /** the lazy page's module, as the build's manifest names it, so its files load with the HTML */
  source?: string;
  /** listed in the sitemap: a page of its own, not another path to one */
  listed: boolean;
}

function served(source?: string, status = 200, listed = status === 200): ServedRoute {
  return { firstResponse: true, status, listed, ...(source ? { source } : {}) };
}

/** The product page's route: the server gives it the product's first page of reviews. */
export const PRODUCT_ROUTE_ID = 'product';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A deep link to a lazy page renders the frame's space while its chunk arrives.
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      { path: '/', element: <HomePage />, handle: served() },
      { path: '/faq', element: <HomePage />, handle: served(undefined, 200, false) },
      {
        path: '/products',
        handle: served('src/features/catalogue/products-page.tsx'),
        lazy: () =>
          import('../features/catalogue/products-page').then((m) => ({
            Component: m.ProductsPage,
          })),
      },
      {
        path: '/product/:id',
        id: PRODUCT_ROUTE_ID,
        handle: served('src/features/product/product-page.tsx'),
        lazy: () =>
          import('../features/product/product-page').then((m) => ({ Component: m.ProductPage })),
      },
      { path: '/product', element: <Navigate to="/products" replace /> },
      { path: '/product-review', element: <Navigate to="/products" replace /> },
      { path: '/contact', element: <Navigate to="/contact-us" replace /> },
      {
        path: '/contact-us',
        handle: served('src/features/support/contact-page.tsx'),
        lazy: () =>
          import('../features/support/contact-page').then((m) => ({ Component: m.ContactPage })),
      },
      {
        path: '/raise-complaint',
        lazy: () =>
          import('../features/support/complaint-page').then((m) => ({
            Component: m.ComplaintPage,
          })),
      },
      {
        path: '/support/ticket/:ticketNumber',
        lazy: () =>
          import('../features/support/ticket-page').then((m) => ({ Component: m.TicketPage })),
      },
      {
        path: '/cart',
        // The frame and the cart's box come from the server; the cart itself is this browser's.
        handle: served('src/features/cart/cart-page.tsx', 200, false),
        lazy: () => import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
      },
      {
        path: '/login',
        lazy: () =>
          import('../features/account/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/register',
        lazy: () =>
          import('../features/account/register-page').then((m) => ({
            Component: m.RegisterPage,
          })),
      },
      {
        path: '/google-login',
        lazy: () =>
          import('../features/account/google-login-page').then((m) => ({
            Component: m.GoogleLoginPage,
          })),
      },
      {
        path: EMAIL_UNDO_PATH,
        lazy: () =>
          import('../features/account/undo-email-change-page').then((m) => ({
            Component: m.UndoEmailChangePage,
          })),
      },
      {
        path: '/dashboard',
        lazy: () =>
          import('../features/account/dashboard-page').then((m) => ({
            Component: m.DashboardPage,
          })),
      },
      {
        path: '/login/admin/owner',
        lazy: () =>
          import('../features/owner/owner-login-page').then((m) => ({
            Component: m.OwnerLoginPage,
          })),
      },
      {
        path: '/owner/admin/dashboard',
        lazy: () =>
          import('../features/owner/owner-dashboard-page').then((m) => ({
            Component: m.OwnerDashboardPage,
          })),
      },
      { path: '/checkout', Component: CheckoutRoute },
      { path: '/order-status/:id', Component: OrderStatusRoute },
      {
        path: '/about-us',
        handle: served('src/features/content/about-page.tsx'),
        lazy: () =>
          import('../features/content/about-page').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: '/policy',
        handle: served('src/features/content/privacy-policy-page.tsx'),
        lazy: () =>
          import('../features/content/privacy-policy-page').then((m) => ({
            Component: m.PrivacyPolicyPage,
          })),
      },
      {
        path: '/term-conditions',
        handle: served('src/features/content/terms-page.tsx'),
        lazy: () =>
          import('../features/content/terms-page').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: '/grievance',
        handle: served('src/features/content/grievance-page.tsx'),
        lazy: () =>
          import('../features/content/grievance-page').then((m) => ({
            Component: m.GrievancePage,
          })),
      },
      {
        path: '/refund-policy',
        handle: served('src/features/content/refund-policy-page.tsx'),
        lazy: () =>
          import('../features/content/refund-policy-page').then((m) => ({
            Component: m.RefundPolicyPage,
          })),
      },
      {
        path: '/shippingInfo',
        handle: served('src/features/content/shipping-info-page.tsx'),
        lazy: () =>
          import('../features/content/shipping-info-page').then((m) => ({
            Component: m.ShippingInfoPage,
          })),
      },
      {
        path: '/return-cancellation',
        handle: served('src/features/content/return-cancellation-page.tsx'),
        lazy: () =>
          import('../features/content/return-cancellation-page').then((m) => ({
            Component: m.ReturnCancellationPage,
          })),
      },
      {
        path: '*',
        handle: served('src/features/content/not-found-page.tsx', 404),
        lazy: () =>
          import('../features/content/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
