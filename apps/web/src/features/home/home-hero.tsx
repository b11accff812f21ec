import { FREE_SHIPPING_ABOVE_RUPEES } from '@makhana/domain/constants';
import { artworkSources, HALF_PAGE_SIZES } from '../../lib/artwork';
import { scrollToSection } from '../../lib/scroll';

const TRUST_POINTS = [
  '100% certified organic',
  'Roasted, never fried',
  `Free shipping above ₹${FREE_SHIPPING_ABOVE_RUPEES}`,
];

export function HomeHero() {
  return (
    <section aria-labelledby="home-hero-title" className="relative overflow-hidden bg-cream-100">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-saffron-100 blur-3xl"
      />
      <div className="container-page relative grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div>
          {/* A darker saffron keeps the small eyebrow above 4.5:1 on the cream-100 background. */}
          <p className="eyebrow text-[#9a560b]">Hand-harvested in Mithila, Bihar</p>
          <h1
            id="home-hero-title"
            className="mt-3 font-display text-4xl font-semibold leading-[1.08] text-forest-800 sm:text-5xl lg:text-6xl"
          >
            The wholesome crunch of <span className="text-saffron-600">pure makhana</span>
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-muted sm:text-lg">
            Premium fox nuts popped from lotus seeds grown in Mithila&apos;s ponds, slow-roasted in
            small batches and seasoned with real spices. High in protein, light on the stomach and
            made for guilt-free snacking.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              className="btn-primary px-7 py-3 text-base"
              onClick={() => scrollToSection('products')}
            >
              Purchase Now
            </button>
            <button
              type="button"
              className="btn-outline px-7 py-3 text-base"
              onClick={() => scrollToSection('features')}
            >
              See Features
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-forest-700">
            {TRUST_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-saffron-500" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative">
          <img
            {...artworkSources('hero')}
            sizes={HALF_PAGE_SIZES}
            alt="A bowl of roasted makhana beside lotus leaves and a pack of Mithila Makhana"
            width={800}
            height={700}
            loading="lazy"
            decoding="async"
            className="mx-auto h-auto w-full max-w-lg lg:max-w-none"
          />
        </div>
      </div>
    </section>
  );
}
