import { Link } from 'react-router';
import { artworkSources, HALF_PAGE_SIZES } from '../../lib/artwork';

export function HomeAbout() {
  return (
    <section
      aria-labelledby="home-about-title"
      className="below-fold [--fold-height:1250px] lg:[--fold-height:850px] bg-white py-14 sm:py-20"
    >
      <div className="container-page grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <img
          {...artworkSources('about')}
          sizes={HALF_PAGE_SIZES}
          alt="Farmers harvesting lotus seeds from a pond in Mithila"
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="order-last h-auto w-full rounded-3xl lg:order-first"
        />
        <div>
          <p className="eyebrow">Our story</p>
          <h2 id="home-about-title" className="section-heading mt-3">
            Grown in Mithila&apos;s ponds, roasted with care
          </h2>
          <p className="mt-5 leading-relaxed text-muted">
            Nearly nine in ten of the world&apos;s fox nuts come from the wetlands of Mithila in
            northern Bihar. Families here have waded into the ponds for generations to gather lotus
            seeds by hand, sun-dry them and pop them over iron pans.
          </p>
          <p className="mt-4 leading-relaxed text-muted">
            We buy directly from these farmers at fair prices, then roast every batch in small lots
            and season it with real spices, never palm oil or artificial flavours. What reaches you
            is crisp, light and honest.
          </p>
          <Link to="/products" className="btn-accent mt-8 px-7 py-3 text-base">
            Shop Now
          </Link>
        </div>
      </div>
    </section>
  );
}
