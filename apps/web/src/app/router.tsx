import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { setNavigator } from '../lib/api-client';
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A deep link to a lazy page renders the frame's space while its chunk arrives.
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/faq', element: <HomePage /> },
      {
        path: '/products',
        lazy: () =>
          import('../features/catalogue/products-page').then((m) => ({
            Component: m.ProductsPage,
          })),
      },
      {
        path: '/product/:id',
        lazy: () =>
          import('../features/product/product-page').then((m) => ({ Component: m.ProductPage })),
      },
      { path: '/product', element: <Navigate to="/products" replace /> },
      { path: '/product-review', element: <Navigate to="/products" replace /> },
      { path: '/contact', element: <Navigate to="/contact-us" replace /> },
      {
        path: '/contact-us',
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
        path: '/cart',
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
        lazy: () =>
          import('../features/content/about-page').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: '/policy',
        lazy: () =>
          import('../features/content/privacy-policy-page').then((m) => ({
            Component: m.PrivacyPolicyPage,
          })),
      },
      {
        path: '/term-conditions',
        lazy: () =>
          import('../features/content/terms-page').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: '/refund-policy',
        lazy: () =>
          import('../features/content/refund-policy-page').then((m) => ({
            Component: m.RefundPolicyPage,
          })),
      },
      {
        path: '/shippingInfo',
        lazy: () =>
          import('../features/content/shipping-info-page').then((m) => ({
            Component: m.ShippingInfoPage,
          })),
      },
      {
        path: '/return-cancellation',
        lazy: () =>
          import('../features/content/return-cancellation-page').then((m) => ({
            Component: m.ReturnCancellationPage,
          })),
      },
      {
        path: '*',
        lazy: () =>
          import('../features/content/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A refused token refresh sends the shopper to /login through the router, not a page reload.
setNavigator((path) => {
  router.navigate(path);
});
