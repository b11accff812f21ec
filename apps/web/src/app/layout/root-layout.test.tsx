import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { ok, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { RootLayout } from './root-layout';

afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function screenIs(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: narrow && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

async function showThreeToasts() {
  stubRoutes({
    'GET /products/getProductDetails': ok([]),
    'GET /banners/getBannerDetails': ok([]),
  });
  renderRoutes([{ element: <RootLayout />, children: [{ path: '/', element: <p>Page</p> }] }]);
  await screen.findByText('Page');
  act(() => {
    toast.success('Added to cart!');
    toast.success('Profile updated successfully');
    toast.error('Server error');
  });
}

describe('RootLayout toasts', () => {
  it('shows at most two at once on a phone; the third waits its turn', async () => {
    screenIs(true);
    await showThreeToasts();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.queryByText('Server error')).toBeNull();
  });

  it('shows three at once on a wider screen', async () => {
    screenIs(false);
    await showThreeToasts();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
  });
});
