import { CAROUSEL_BREAKPOINTS, DELAY_MS } from '@makhana/domain/constants';
import { formatRupees } from '@makhana/domain/money';
import { isProductAvailable, type Product } from '@makhana/domain/product';
import { type MouseEvent, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Carousel } from '../../components/carousel';
import { scrollToTop, wait } from '../../lib/scroll';
import { useAppDispatch } from '../../stores/hooks';
import { hideLoader, showLoader } from '../../stores/loader-slice';

interface SimilarProductsCarouselProps {
  title: string;
  products: Product[];
  /** the product being viewed, left out of the carousel */
  excludeId?: string;
}

const slidesPerView = { base: 1, ...CAROUSEL_BREAKPOINTS };

/** The similar-products carousel of the product page (spec section 2). */
export function SimilarProductsCarousel({
  title,
  products,
  excludeId,
}: SimilarProductsCarouselProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const headingId = useId();
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
    <Carousel
      id="products"
      labelledBy={headingId}
      className="py-12 sm:py-16"
      trackClassName="pb-2 [--gap:1rem] sm:[--gap:1.5rem]"
      header={
        <>
          <p className="eyebrow">More from the ponds of Mithila</p>
          <h2 id={headingId} className="section-heading mt-1">
            {title}
          </h2>
        </>
      }
      slidesPerView={slidesPerView}
      arrows
      prevLabel="Previous products"
      nextLabel="Next products"
    >
      {shown.map((product) => (
        <SimilarProductCard key={product._id} product={product} onOpen={open} />
      ))}
    </Carousel>
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
