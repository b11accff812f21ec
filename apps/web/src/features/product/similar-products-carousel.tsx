import { CAROUSEL_BREAKPOINTS, DELAY_MS } from '@makhana/domain/constants';
import type { Product } from '@makhana/domain/product';
import { type MouseEvent, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Carousel } from '../../components/carousel';
import { ProductCard } from '../../components/product-card';
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

/** The similar-products carousel of the product page (docs/product.md#product-page). */
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

  // Opening a product from the carousel scrolls up and shows the loader for a moment first.
  const open = async (product: Product, event: MouseEvent) => {
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
        <ProductCard
          key={product._id}
          product={product}
          imageShape="landscape"
          testId="similar-product"
          onOpen={open}
        />
      ))}
    </Carousel>
  );
}
