import { FREE_SHIPPING_ABOVE_RUPEES, POLICY, SHIPPING_FEE_RUPEES } from '@makhana/domain/constants';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { PlusIcon } from '../../components/icons';
import { artworkSources, HALF_PAGE_SIZES } from '../../lib/artwork';

interface FaqItem {
  question: string;
  answer: ReactNode;
}

const FAQS: FaqItem[] = [
  {
    question: 'How long will my order take to arrive?',
    answer: (
      <>
        We pack and dispatch every order within {POLICY.processingBusinessDays} business days.
        Standard shipping then takes {POLICY.standardShippingBusinessDays} business days and
        expedited shipping {POLICY.expeditedShippingBusinessDays} business days. We ship{' '}
        {POLICY.shippingArea}; standard shipping is free above ₹{FREE_SHIPPING_ABOVE_RUPEES}, and ₹
        {SHIPPING_FEE_RUPEES} otherwise.
      </>
    ),
  },
  {
    question: 'How should I store makhana, and how long does it stay fresh?',
    answer: (
      <>
        Unopened packs keep until the best-before date printed on them (each product page lists its
        shelf life). Keep them in a cool, dry place away from sunlight. Once opened, move the
        makhana to an airtight container and enjoy it within two to three weeks. If it ever softens
        in humid weather, warm it in a dry pan for two minutes and the crunch comes back.
      </>
    ),
  },
  {
    question: 'Is your makhana really certified organic?',
    answer: (
      <>
        Yes. Our lotus seeds come from ponds farmed without chemical fertilisers or pesticides by
        certified organic growers in Mithila, and are processed in an FSSAI-licensed facility. The
        certification details are printed on every pack.
      </>
    ),
  },
  {
    question: 'Can I cancel or return an order?',
    answer: (
      <>
        You can cancel within {POLICY.cancellationWindowHours} hours of placing an order. If a pack
        arrives damaged, defective or not what you ordered, tell us within {POLICY.returnWindowDays}{' '}
        days of delivery and we will replace it or refund you; refunds reach your original payment
        method in {POLICY.refundBusinessDays} business days. Read the full{' '}
        <Link to="/return-cancellation" className="font-semibold text-forest-700 underline">
          returns and cancellation policy
        </Link>
        .
      </>
    ),
  },
];

/** The 'faq' section: one answer open at a time; clicking the open question closes it. */
export function HomeFaq() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const baseId = useId();

  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="below-fold [--fold-height:1250px] lg:[--fold-height:900px] scroll-mt-20 bg-cream-100 py-14 sm:py-20"
    >
      <div className="container-page grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="eyebrow text-[#9a560b]">FAQ</p>
          <h2 id="faq-title" className="section-heading mt-3">
            Frequently asked questions
          </h2>
          <div className="mt-8 divide-y divide-cream-200 rounded-2xl border border-cream-200 bg-white">
            {FAQS.map((item, index) => {
              const open = openIndex === index;
              const buttonId = `${baseId}-q${index}`;
              const panelId = `${baseId}-a${index}`;
              return (
                <div key={item.question}>
                  <h3>
                    <button
                      type="button"
                      id={buttonId}
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={() => setOpenIndex(open ? null : index)}
                      className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-sans text-base font-semibold text-forest-800 transition-colors hover:bg-cream-50 sm:px-6 sm:py-5"
                    >
                      {item.question}
                      <PlusIcon
                        strokeWidth={1.6}
                        className={`h-5 w-5 shrink-0 text-saffron-600 transition-transform duration-200 ${open ? 'rotate-45' : ''}`}
                      />
                    </button>
                  </h3>
                  <section
                    id={panelId}
                    aria-labelledby={buttonId}
                    hidden={!open}
                    className="px-5 pb-5 text-sm leading-relaxed text-muted sm:px-6"
                  >
                    <p>{item.answer}</p>
                  </section>
                </div>
              );
            })}
          </div>
        </div>
        <figure className="overflow-hidden rounded-3xl bg-white shadow-sm lg:sticky lg:top-28">
          <img
            {...artworkSources('faq')}
            sizes={HALF_PAGE_SIZES}
            alt="A bowl of makhana beside a pack of Mithila Makhana and a cup of chai in a kitchen"
            width={800}
            height={450}
            loading="lazy"
            decoding="async"
            className="h-auto w-full"
          />
          <figcaption className="px-6 py-5 text-sm leading-relaxed text-muted">
            Still curious? Our team replies within {POLICY.supportReplyHours} hours,{' '}
            {POLICY.businessHours}.{' '}
            <Link to="/contact-us" className="font-semibold text-forest-700 underline">
              Contact Us
            </Link>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
