import 'swiper/css';
import { CAROUSEL_BREAKPOINTS, DELAY_MS } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import { isProductAvailable, type Product } from '@makhana/domain/product';
import { type MouseEvent, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { scrollToTop, wait } from '../../lib/scroll';
import { useAppDispatch } from '../../stores/hooks';
import { hideLoader, showLoader } from '../../stores/loader-slice';

interface SimilarProductsCarouselProps {
  title: string;
  products: Product[];
  /** the product being viewed, left out of the carousel */
  excludeId?: string;
}

const breakpoints = Object.fromEntries(
  Object.entries(CAROUSEL_BREAKPOINTS).map(([width, perView]) => [
    Number(width),
    { slidesPerView: perView, spaceBetween: 24 },
  ]),
);

const arrowClass =
  'grid h-11 w-11 place-items-center rounded-full border border-forest-700 bg-white text-forest-700 transition-colors hover:bg-forest-50 disabled:cursor-not-allowed disabled:opacity-35 [&.swiper-button-disabled]:opacity-35 [&.swiper-button-lock]:hidden';

/** The similar-products carousel of the product page (spec section 2). */
export function SimilarProductsCarousel({
  title,
  products,
  excludeId,
}: SimilarProductsCarouselProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const headingId = useId();
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const opening = useRef(false);
  const shown = products.filter((product) => product._id !== excludeId);

  if (shown.length === 0) return null;

  const open = async (event: MouseEvent, product: Product) => {
    // Leave new-tab and new-window clicks to the browser.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (opening.current) return;
    opening.current = true;
    scrollToTop();
    dispatch(showLoader());
    try {
      await wait(DELAY_MS.openProductFromCarousel);
    } finally {
      dispatch(hideLoader());
      opening.current = false;
    }
    navigate(`/product/${product._id}`, { state: { product } });
  };

  return (
    <section id="products" aria-labelledby={headingId} className="py-12 sm:py-16">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <p className="eyebrow">More from the ponds of Mithila</p>
          <h2 id={headingId} className="section-heading mt-1">
            {title}
          </h2>
        </div>
        <div className="flex shrink-0 gap-2">
          <button ref={prevRef} type="button" className={arrowClass} aria-label="Previous products">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <button ref={nextRef} type="button" className={arrowClass} aria-label="Next products">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M9 18l6-6-6-6" />
            </svg>
          </button>
        </div>
      </div>
      <Swiper
        modules={[Navigation]}
        slidesPerView={1}
        spaceBetween={16}
        breakpoints={breakpoints}
        watchOverflow
        onBeforeInit={(swiper) => {
          // The arrows live outside the slider, so they are wired in before Swiper builds its navigation.
          if (typeof swiper.params.navigation === 'object') {
            swiper.params.navigation.prevEl = prevRef.current;
            swiper.params.navigation.nextEl = nextRef.current;
          }
        }}
        navigation={{ prevEl: prevRef.current, nextEl: nextRef.current }}
        className="!pb-2"
      >
        {shown.map((product) => (
          <SwiperSlide key={product._id} className="!h-auto">
            <SimilarProductCard product={product} onOpen={open} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}

interface SimilarProductCardProps {
  product: Product;
  onOpen: (event: MouseEvent, product: Product) => void;
}

function SimilarProductCard({ product, onOpen }: SimilarProductCardProps) {
  const available = isProductAvailable(product);
  const image = product.images[0];
  const firstWeight = product.quantity[0]?.weight;
  const href = `/product/${product._id}`;
  return (
    <article
      className="card group flex h-full flex-col overflow-hidden"
      data-testid="similar-product"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-cream-100">
        {image && (
          <img
            src={image}
            alt={product.name}
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className={`h-full w-full object-cover transition-transform duration-500 group-hover:scale-105 ${available ? '' : 'opacity-60 grayscale-[40%]'}`}
          />
        )}
        {available ? (
          <Link
            to={href}
            state={{ product }}
            tabIndex={-1}
            aria-hidden="true"
            className="absolute inset-0"
            onClick={(event) => onOpen(event, product)}
          />
        ) : (
          <span className="absolute left-3 top-3 rounded-full bg-maroon-700 px-3 py-1 text-xs font-semibold text-white">
            Out of Stock
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-display text-lg font-semibold leading-snug text-forest-800">
          {product.name}
        </h3>
        <p className="text-sm text-muted">
          {product.variant}
          {firstWeight !== undefined && <span> · {firstWeight}g</span>}
        </p>
        <p className="mt-1 text-lg font-semibold text-ink">{formatRupees(product.price)}</p>
        <div className="mt-auto pt-3">
          {available ? (
            <Link
              to={href}
              state={{ product }}
              className="btn-primary w-full"
              aria-label={`View details of ${product.name}`}
              onClick={(event) => onOpen(event, product)}
            >
              View Details
            </Link>
          ) : (
            <button
              type="button"
              disabled
              className="btn w-full border border-cream-200 bg-cream-100 text-muted disabled:opacity-100"
            >
              Unavailable
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
