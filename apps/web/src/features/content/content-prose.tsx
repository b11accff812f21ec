import { POLICY } from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitleBanner } from '../../components/page-title-banner';
import { ShopContactList } from '../../components/shop-contact-list';
import { usePageMeta } from '../../lib/seo';

const PROSE = [
  'max-w-3xl text-base leading-relaxed text-ink/90',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-forest-800 [&>h2:first-child]:mt-0',
  '[&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-forest-800',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:marker:text-saffron-600 [&_strong]:font-semibold [&_strong]:text-ink',
  '[&_p_a]:font-medium [&_p_a]:text-forest-700 [&_p_a]:underline [&_p_a]:underline-offset-2 [&_li_a]:font-medium [&_li_a]:text-forest-700 [&_li_a]:underline [&_li_a]:underline-offset-2',
].join(' ');

interface ContentPageProps {
  /** the page's one h1, also the start of its document title */
  title: string;
  subtitle?: string;
  description: string;
  canonicalPath: string;
  /** shown under the banner on policies, e.g. POLICY.privacyPolicyUpdated */
  lastUpdated?: string;
  /** the contact card closing every policy; the About page has its own ending */
  contactCard?: boolean;
  children: ReactNode;
}

function ContactCard() {
  return (
    <aside
      aria-labelledby="content-help-title"
      className="card mt-14 max-w-3xl bg-cream-100 p-6 sm:p-8"
    >
      <h2 id="content-help-title" className="font-display text-xl font-semibold text-forest-800">
        Questions? We are here to help
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        Our team replies within {POLICY.supportReplyHours} hours, {POLICY.businessHours}.
      </p>
      <ShopContactList className="space-y-1.5" />
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to="/contact-us" className="btn-primary">
          Contact Us
        </Link>
        <Link to="/raise-complaint" className="btn-outline">
          Raise a Complaint
        </Link>
      </div>
    </aside>
  );
}

/** The shared layout of the information pages: title banner, readable prose, and a way to reach us. */
export function ContentPage({
  title,
  subtitle,
  description,
  canonicalPath,
  lastUpdated,
  contactCard = true,
  children,
}: ContentPageProps) {
  usePageMeta({ title: `${title} | ${SITE.brand}`, description, canonicalPath });

  return (
    <>
      <PageTitleBanner title={title} subtitle={subtitle} />
      <div
        className={`container-page py-10 sm:py-14 ${contactCard ? 'lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-16' : ''}`}
      >
        <div className={contactCard ? '' : 'mx-auto max-w-3xl'}>
          {lastUpdated && (
            <p className="mb-8 text-sm font-medium text-muted">Last updated: {lastUpdated}</p>
          )}
          <article className={PROSE}>{children}</article>
        </div>
        {contactCard && <ContactCard />}
      </div>
    </>
  );
}
