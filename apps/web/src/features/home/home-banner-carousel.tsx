import { BANNER_AUTOPLAY_MS, FREE_SHIPPING_ABOVE_RUPEES } from '@makhana/domain/constants';
import { imageSources } from '@makhana/domain/images';
import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { Carousel } from '../../components/carousel';
import { useAppSelector } from '../../stores/hooks';

/** Banners are drawn at 1600x640; slides and their placeholder keep that box so nothing moves when they arrive. */
const FRAME = 'relative aspect-[5/2] w-full overflow-hidden bg-forest-800';
const STATIC_FRAME = 'relative aspect-[16/9] w-full overflow-hidden bg-forest-800 sm:aspect-[5/2]';

function StaticBanner() {
  return (
    <div className={STATIC_FRAME}>
      <div
        aria-hidden="true"
        className="absolute inset-0 [background:radial-gradient(circle_at_85%_20%,rgba(240,164,58,0.45)_0,transparent_40%),radial-gradient(circle_at_10%_90%,rgba(251,246,234,0.18)_0,transparent_35%)]"
      />
      <div className="container-page relative flex h-full flex-col justify-center text-cream-50">
        <p className="eyebrow text-saffron-400">Fresh harvest · {SITE.address.state}</p>
        <p className="mt-2 max-w-xl font-display text-2xl font-semibold leading-tight sm:text-4xl lg:text-5xl">
          From the ponds of Mithila to your snack bowl
        </p>
        <p className="mt-3 max-w-md text-sm text-cream-200 sm:text-base">
          Free shipping on orders above ₹{FREE_SHIPPING_ABOVE_RUPEES}.
        </p>
      </div>
    </div>
  );
}

/** The looping, autoplaying carousel of the first banner's images (docs/product.md#home). */
export function HomeBannerCarousel() {
  const { banners, loading } = useAppSelector((state) => state.banner);
  // Until the start-up loads settle, keep the banner's box rather than flash the fallback.
  const starting = useAppSelector((state) => state.loader.holders > 0);
  const images = banners[0]?.images ?? [];

  if (images.length === 0) {
    return loading || starting ? (
      <div className={`${FRAME} animate-pulse`} aria-hidden="true" />
    ) : (
      <StaticBanner />
    );
  }

  const canSlide = images.length > 1;

  return (
    <Carousel
      label="Offers"
      autoplayMs={canSlide ? BANNER_AUTOPLAY_MS : undefined}
      loop
      dots
      overlayControls
      rotationName="banner slideshow"
      trackClassName="[--gap:0px]"
    >
      {images.map((src, index) => (
        // The artwork has "Shop Now" painted on it, so the whole banner is the link.
        <Link
          key={src}
          to="/products"
          aria-label="Shop our makhana range"
          className={`block ${FRAME}`}
        >
          <img
            src={src}
            srcSet={imageSources(src)?.srcSet}
            sizes="100vw"
            alt={`${SITE.brand} offer ${index + 1} of ${images.length}`}
            width={1600}
            height={640}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding={index === 0 ? 'sync' : 'async'}
            draggable={false}
            className="h-full w-full object-cover"
          />
        </Link>
      ))}
    </Carousel>
  );
}
