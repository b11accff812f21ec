import { Outlet, ScrollRestoration } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { useStartupData } from '../startup';
import { Footer } from './footer';
import { Header } from './header';
import { LoaderOverlay } from './loader-overlay';

/**
 * The common frame of every page (docs/product.md#common-frame). Toasts show top-right for 5
 * seconds, below the sticky header (index.css), each text once and two or three at a time
 * (lib/toast.ts).
 */
export function RootLayout() {
  useStartupData();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <LoaderOverlay />
      <ToastContainer position="top-right" autoClose={5000} />
      <ScrollRestoration />
    </div>
  );
}
