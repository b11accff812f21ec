import { createBrowserRouter, Navigate } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { RootLayout } from './layout/root-layout';

export const router = createBrowserRouter([
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
        path: '/cart',
        lazy: () => import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
      },
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
]);
