import { SITE } from '@makhana/domain/site';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { stubRoutes } from '../../test/customer-fixtures';
import { ok, SHOP_IDENTITY } from '../../test/shop-fixtures';
import { Footer } from './footer';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFooter() {
  const router = createMemoryRouter([{ path: '*', element: <Footer /> }], {
    initialEntries: ['/products'],
  });
  render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('Footer', () => {
  it('says who sells, with the GSTIN and FSSAI licence, and that prices include all taxes', async () => {
    const api = stubRoutes({
      'GET /shop/identity': ok(SHOP_IDENTITY),
    });
    renderFooter();
    const seller = await screen.findByTestId('seller');
    expect(seller.textContent).toContain(
      'Sold by Mithila Makhana Private Limited, Plot 14, Darbhanga, Bihar 846005.',
    );
    expect(seller.textContent).toContain('GSTIN 10AABCU9603R1Z2');
    expect(seller.textContent).toContain('FSSAI Lic. No. 10423999000123');
    expect(
      within(seller).getByRole('link', { name: 'Grievance officer' }).getAttribute('href'),
    ).toBe('/grievance');
    expect(screen.getByText(/Prices are inclusive of all taxes\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain('18% GST');
    expect(api.callsTo('GET /shop/identity')).toHaveLength(1);
  });

  it('shows the copyright line with the current year', () => {
    renderFooter();
    const year = String(new Date().getFullYear());
    expect(screen.getByText(new RegExp(`© ${year} ${SITE.brand}`))).toBeTruthy();
  });

  it('lists the support e-mail and phone from the site settings', () => {
    renderFooter();
    const email = screen.getByRole('link', { name: SITE.supportEmail });
    expect(email.getAttribute('href')).toBe(`mailto:${SITE.supportEmail}`);
    const phone = screen.getByRole('link', { name: SITE.phone });
    expect(phone.getAttribute('href')).toBe(SITE.phoneHref);
  });

  it('shows the business address in Bihar', () => {
    renderFooter();
    const address = screen.getByText(new RegExp(SITE.address.line1)).closest('address');
    expect(address?.textContent).toContain(`${SITE.address.city}, ${SITE.address.state}`);
    expect(address?.textContent).toContain(SITE.address.pincode);
  });

  it('links the policies and customer service pages', () => {
    renderFooter();
    const policies = screen.getByRole('navigation', { name: 'Policies' });
    const expected: Record<string, string> = {
      'Privacy Policy': '/policy',
      'Terms & Conditions': '/term-conditions',
      'Refund Policy': '/refund-policy',
      'Shipping Info': '/shippingInfo',
      'Returns & Cancellation': '/return-cancellation',
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(within(policies).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const service = screen.getByRole('navigation', { name: 'Customer service' });
    expect(within(service).getByRole('link', { name: 'Track orders' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(service).getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/');
  });

  it('links the three social networks in a new tab', () => {
    renderFooter();
    for (const network of SITE.social) {
      const link = screen.getByRole('link', { name: new RegExp(`on ${network.name}`) });
      expect(link.getAttribute('href')).toBe(network.href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('shows the accepted payment methods', () => {
    renderFooter();
    expect(screen.getByRole('img', { name: /accepted payment methods/i }).getAttribute('src')).toBe(
      '/images/payment-methods-720.webp',
    );
  });
});
