import { POLICY } from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { artworkSources } from '../../lib/artwork';
import { ContentPage } from './content-prose';

export function AboutPage() {
  return (
    <ContentPage
      title="About Us"
      subtitle={SITE.tagline}
      description={`The story of ${SITE.brand}: makhana from the ponds of Mithila, bought fairly from farmers and roasted in small batches.`}
      canonicalPath="/about-us"
      contactCard={false}
    >
      <figure className="mb-10 overflow-hidden rounded-3xl bg-cream-100">
        <img
          {...artworkSources('about')}
          sizes="(min-width: 768px) 720px, 100vw"
          alt="Farmers harvesting lotus seeds from a pond in Mithila"
          width={800}
          height={600}
          decoding="async"
          className="h-auto w-full"
        />
      </figure>

      <h2>Born in the ponds of Mithila</h2>
      <p>
        Mithila, the land between the Gandak and Mahananda rivers in northern Bihar, is dotted with
        thousands of shallow ponds. Every summer, the prickly water lily <em>Euryale ferox</em>{' '}
        blooms across them, and its seeds become makhana. The region grows most of the world&apos;s
        fox nuts, and in 2022 &ldquo;Mithila Makhana&rdquo; received a Geographical Indication tag
        that recognises its origin and quality.
      </p>

      <h2>The farmers behind every seed</h2>
      <p>
        Harvesting makhana is slow, skilled work. Farmers, many of them from the Mallah community,
        dive to the bottom of the ponds to gather seeds from the silt. The seeds are washed,
        sun-dried, graded by size and then roasted and popped by hand on hot iron pans, a craft
        passed down through families for generations.
      </p>
      <p>
        We buy directly from farmer groups around {SITE.address.city}, pay fair prices on time, and
        work with them on organic practices: no chemical fertilisers, no pesticides, just clean
        water and sunshine.
      </p>

      <h2>Roasted in small batches</h2>
      <p>
        At our unit in {SITE.address.city}, we roast makhana in small batches so that every seed
        gets an even, light crunch. We season it with real ingredients such as Himalayan pink salt,
        mint, black pepper and peri peri, and we never deep-fry it. Each batch is tasted and checked
        before it is sealed and dispatched, usually within {POLICY.processingBusinessDays} business
        days of your order.
      </p>

      <h2>Our promise</h2>
      <ul>
        <li>100% organic makhana, traceable to the ponds of Mithila.</li>
        <li>Roasted, never fried, with no preservatives, artificial colours or MSG.</li>
        <li>Fair, direct prices for the farmers who harvest it.</li>
        <li>
          Honest service: replies within {POLICY.supportReplyHours} hours and easy returns within{' '}
          {POLICY.returnWindowDays} days of delivery if anything is wrong.
        </li>
      </ul>

      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/products" className="btn-primary px-7 py-3 text-base">
          Shop our makhana
        </Link>
        <Link to="/contact-us" className="btn-outline px-7 py-3 text-base">
          Contact Us
        </Link>
      </div>
    </ContentPage>
  );
}
