import { usePageMeta } from '../../lib/seo';
import { HomeAbout } from './home-about';
import { HomeBannerCarousel } from './home-banner-carousel';
import { HomeCounters } from './home-counters';
import { HomeFaq } from './home-faq';
import { HomeFeaturedProducts } from './home-featured-products';
import { HomeFeatures } from './home-features';
import { HomeHero } from './home-hero';
import { HomeHighlights } from './home-highlights';
import { HomeIngredients } from './home-ingredients';
import { HomeTestimonials } from './home-testimonials';
import { useRequestedSection } from './use-requested-section';

export function HomePage() {
  // /faq shows the same page, so both share the home page's canonical link.
  usePageMeta({ canonicalPath: '/' });
  useRequestedSection();

  return (
    <>
      <HomeBannerCarousel />
      <HomeHero />
      <HomeHighlights />
      <HomeAbout />
      <HomeFeatures />
      <HomeCounters />
      <HomeFeaturedProducts />
      <HomeIngredients />
      <HomeTestimonials />
      <HomeFaq />
    </>
  );
}
