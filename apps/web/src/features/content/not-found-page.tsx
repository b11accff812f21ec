import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { PageTitleBanner } from '../../components/page-title-banner';
import { usePageMeta } from '../../lib/seo';

export function NotFoundPage() {
  usePageMeta({ title: `Page Not Found | ${SITE.brand}`, noindex: true });

  return (
    <>
      <PageTitleBanner
        title="Page Not Found"
        subtitle="We could not find the page you were looking for."
      />
      <div className="container-page py-14 text-center sm:py-20">
        <p className="font-display text-7xl font-semibold text-saffron-600" aria-hidden="true">
          404
        </p>
        <p className="mx-auto mt-4 max-w-md text-muted">
          The link may be broken or the page may have moved. Here are some good places to continue.
        </p>
        <nav
          aria-label="Helpful links"
          className="mt-8 flex flex-col justify-center gap-3 sm:flex-row"
        >
          <Link to="/" className="btn-primary px-7 py-3">
            Back to Home
          </Link>
          <Link to="/products" className="btn-accent px-7 py-3">
            Browse Products
          </Link>
          <Link to="/contact" className="btn-outline px-7 py-3">
            Contact Us
          </Link>
        </nav>
      </div>
    </>
  );
}
