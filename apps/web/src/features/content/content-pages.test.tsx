import { SITE } from '@makhana/domain/site';
import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';
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
  render(<RouterProvider router={router} />);
}

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
  ['Terms & Conditions', TermsPage, '/term-conditions', ['18% GST', '₹500', '₹50']],
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
