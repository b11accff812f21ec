import { SITE } from '@makhana/domain/site';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { stubRoutes } from '../../test/customer-fixtures';
import { fail, ok, SHOP_IDENTITY } from '../../test/shop-fixtures';
import { AboutPage } from './about-page';
import { GrievancePage } from './grievance-page';
import { NotFoundPage } from './not-found-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { RefundPolicyPage } from './refund-policy-page';
import { ReturnCancellationPage } from './return-cancellation-page';
import { ShippingInfoPage } from './shipping-info-page';
import { TermsPage } from './terms-page';

function renderPage(Page: ComponentType, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
    initialEntries: [path],
  });
  render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const IDENTITY = SHOP_IDENTITY;

// A shop that has set out no identity yet, unless a test says otherwise.
beforeEach(() => {
  stubRoutes({ 'GET /shop/identity': fail(404, 'The shop has not set out who sells yet.') });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotFoundPage', () => {
  it("is titled 'Page Not Found' and links to home, products and contact", async () => {
    renderPage(NotFoundPage, '/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Page Not Found | ${SITE.brand}`));
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/', '/products', '/contact']));
  });
});

const pages: [string, ComponentType, string, string[]][] = [
  ['About Us', AboutPage, '/about-us', ['Mithila', 'small batches']],
  [
    'Privacy Policy',
    PrivacyPolicyPage,
    '/policy',
    ['Last updated: May 5, 2025', 'one-time code', 'Razorpay', 'local storage'],
  ],
  ['Terms & Conditions', TermsPage, '/term-conditions', ['inclusive of all taxes', '₹500', '₹50']],
  [
    'Refund Policy',
    RefundPolicyPage,
    '/refund-policy',
    ['14 days of delivery', '7-10 business days'],
  ],
  [
    'Shipping Info',
    ShippingInfoPage,
    '/shippingInfo',
    ['within India only', '1-2 business days', '5-7 business days', '2-3 business days'],
  ],
  [
    'Returns & Cancellation',
    ReturnCancellationPage,
    '/return-cancellation',
    ['24 hours', '14 days of delivery', SITE.supportEmail],
  ],
];

describe.each(pages)('%s page', (title, Page, path, phrases) => {
  it('has one h1, its page title and the policy terms', async () => {
    renderPage(Page, path);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual([title]);
    await waitFor(() => expect(document.title).toBe(`${title} | ${SITE.brand}`));
    const text = document.body.textContent ?? '';
    for (const phrase of phrases) expect(text).toContain(phrase);
  });
});

describe('Grievance page', () => {
  it('names the grievance officer the owner set out, and how a complaint is handled', async () => {
    stubRoutes({ 'GET /shop/identity': ok(IDENTITY) });
    renderPage(GrievancePage, '/grievance');
    expect(screen.getByRole('heading', { level: 1, name: 'Grievance Redressal' })).toBeTruthy();
    const officer = await screen.findByTestId('grievance-officer');
    expect(officer.textContent).toContain('Sunita Jha, Grievance Officer');
    expect(within(officer).getByRole('link', { name: 'grievance@example.in' })).toBeTruthy();
    expect(within(officer).getByRole('link', { name: '9876543211' }).getAttribute('href')).toBe(
      'tel:+919876543211',
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('It gets a ticket number at once, by e-mail');
    expect(text).toContain('A person answers it within 48 hours');
    expect(text).toContain('We resolve it within one month of receiving it');
    expect(text).toContain('GSTIN 10AABCU9603R1Z2');
    expect(text).toContain('FSSAI licence number 10423999000123');
  });

  it('sends to the support address while no identity is set out', async () => {
    renderPage(GrievancePage, '/grievance');
    const article = screen.getByRole('article');
    expect(within(article).getByRole('link', { name: SITE.supportEmail })).toBeTruthy();
    // The identity was asked for, and its absence left the page as it was.
    await waitFor(() => expect(screen.queryByTestId('grievance-officer')).toBeNull());
  });
});

describe('Policy pages', () => {
  it('end with the support contact details', () => {
    renderPage(RefundPolicyPage, '/refund-policy');
    expect(screen.getAllByRole('link', { name: SITE.supportEmail })[0]?.getAttribute('href')).toBe(
      `mailto:${SITE.supportEmail}`,
    );
    const help = screen.getByRole('complementary');
    expect(help.textContent).toContain('Mon-Sat 9am-6pm IST');
    expect(help.textContent).toContain(SITE.phone);
  });
});
