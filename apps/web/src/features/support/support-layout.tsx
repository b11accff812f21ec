import type { ReactNode } from 'react';
import { PageTitleBanner } from '../../components/page-title-banner';
import { ContactDetails } from './contact-details';

interface SupportLayoutProps {
  title: string;
  subtitle: string;
  formTitle: string;
  children: ReactNode;
}

/** The contact and complaint pages: title banner, the form under its heading, our details beside. */
export function SupportLayout({ title, subtitle, formTitle, children }: SupportLayoutProps) {
  return (
    <>
      <PageTitleBanner title={title} subtitle={subtitle} />
      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="support-form-title">
          <h2
            id="support-form-title"
            className="font-display text-2xl font-semibold text-forest-800"
          >
            {formTitle}
          </h2>
          {children}
        </section>
        <ContactDetails />
      </div>
    </>
  );
}
