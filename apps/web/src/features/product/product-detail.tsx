import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, DELAY_MS } from '@makhana/domain/constants';
import { imageSources } from '@makhana/domain/images';
import { formatRupees } from '@makhana/domain/money';
import { imageAltOf, isProductAvailable, type Product, roundRating } from '@makhana/domain/product';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { scrollToTop, wait } from '../../lib/scroll';
import { toast } from '../../lib/toast';
import { addItem } from '../../stores/cart-slice';
import { useAppDispatch } from '../../stores/hooks';
import { hideLoader, showLoader } from '../../stores/loader-slice';
import { PincodeCheck } from './pincode-check';
import { ProductAttributes, ProductServices } from './product-info-sections';
import { ProductInformation } from './product-information';
import { RatingStars, reviewCountLabel } from './rating-stars';
import { ReviewsSection } from './reviews-section';

/** The first weight a shopper can buy: the first one, unless it is sold out and another is not. */
function initialVariantIndex(product: Product): number {
  const firstInStock = product.quantity.findIndex((variant) => variant.stock > 0);
  return firstInStock > 0 && (product.quantity[0]?.stock ?? 0) <= 0 ? firstInStock : 0;
}

/**
 * Everything about one product. The page keys it by product id, so the chosen weight, image and
 * quantity start afresh whenever the product changes.
 */
export function ProductDetail({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [variantIndex, setVariantIndex] = useState(() => initialVariantIndex(product));
  const [imageIndex, setImageIndex] = useState(0);
  const [quantity, setQuantity] = useState(CART_QUANTITY_MIN);
  const [adding, setAdding] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const variant = product.quantity[variantIndex];
  const available = isProductAvailable(product);
  const variantStock = variant?.stock ?? 0;
  const canBuy = available && variant !== undefined && variantStock > 0;
  const maxQuantity = Math.max(CART_QUANTITY_MIN, Math.min(CART_QUANTITY_MAX, variantStock));
  const price = variant?.price ?? product.price;
  const mainIndex = product.images[imageIndex] ? imageIndex : 0;
  const mainImage = product.images[mainIndex];
  const mainSources = mainImage ? imageSources(mainImage) : null;
  const { average, count } = product.rating;

  const pickVariant = (index: number) => {
    const next = product.quantity[index];
    if (!next) return;
    setVariantIndex(index);
    setQuantity((q) =>
      Math.min(q, Math.max(CART_QUANTITY_MIN, Math.min(CART_QUANTITY_MAX, next.stock))),
    );
  };

  const onAddToCart = async () => {
    if (!canBuy || !variant || adding) return;
    setAdding(true);
    dispatch(
      addItem({
        id: product._id,
        name: product.name,
        image: product.images[0] ?? '',
        weight: variant.weight,
        sku: variant.sku,
        price: variant.price,
        quantity,
      }),
    );
    dispatch(showLoader());
    scrollToTop();
    try {
      await wait(DELAY_MS.cartAfterAdd);
    } finally {
      dispatch(hideLoader());
    }
    if (!mounted.current) return;
    navigate('/cart');
    toast.success('Added to cart!');
  };

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <div className="relative aspect-square overflow-hidden rounded-3xl border border-cream-200 bg-cream-100">
            {mainImage ? (
              <img
                src={mainImage}
                srcSet={mainSources?.srcSet}
                sizes={mainSources ? '(min-width: 1024px) 50vw, 100vw' : undefined}
                alt={imageAltOf(product, mainIndex)}
                width={800}
                height={800}
                fetchPriority="high"
                className={`h-full w-full object-cover ${available ? '' : 'opacity-70 grayscale-[40%]'}`}
              />
            ) : (
              <div role="img" aria-label={product.name} className="h-full w-full" />
            )}
            {!available && (
              <span className="absolute left-4 top-4 rounded-full bg-maroon-700 px-3 py-1 text-sm font-semibold text-white">
                Out of Stock
              </span>
            )}
          </div>
          {product.images.length > 1 && (
            <ul
              className="mt-3 flex gap-2 overflow-x-auto pb-1 sm:mt-4 sm:gap-3"
              aria-label="Product images"
            >
              {product.images.map((image, index) => (
                <li key={image} className="shrink-0">
                  <button
                    type="button"
                    aria-pressed={index === imageIndex}
                    onClick={() => setImageIndex(index)}
                    className={`block h-16 w-16 overflow-hidden rounded-xl border-2 bg-cream-100 transition sm:h-24 sm:w-24 ${index === imageIndex ? 'border-forest-700' : 'border-transparent opacity-75 hover:opacity-100'}`}
                  >
                    <img
                      src={image}
                      srcSet={imageSources(image)?.srcSet}
                      sizes="(min-width: 640px) 96px, 64px"
                      alt={`${imageAltOf(product, index)}, view ${index + 1} of ${product.images.length}`}
                      width={96}
                      height={96}
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <p className="eyebrow">{product.brand}</p>
          <h1 className="mt-2 font-display text-3xl font-semibold leading-tight text-forest-800 sm:text-4xl">
            {product.name}
          </h1>
          <p className="mt-1 text-muted">{product.variant}</p>

          <div className="mt-3 flex items-center gap-2 text-sm">
            {count === 0 ? (
              <>
                <RatingStars average={0} />
                <span className="text-muted">No reviews yet</span>
              </>
            ) : (
              <>
                <RatingStars average={average} />
                <span className="font-semibold text-ink">{roundRating(average).toFixed(1)}</span>
                <a href="#reviews" className="text-muted underline-offset-2 hover:underline">
                  {reviewCountLabel(count)}
                </a>
              </>
            )}
          </div>

          <div className="mt-6">
            <p className="text-3xl font-semibold text-ink" data-testid="product-price">
              {formatRupees(price)}
            </p>
            <p className="mt-1 text-xs text-muted">Inclusive of all taxes</p>
          </div>

          {product.quantity.length > 0 && (
            <fieldset className="mt-6">
              <legend className="label">Weight</legend>
              <div className="flex flex-wrap gap-2">
                {product.quantity.map((option, index) => {
                  const soldOut = option.stock <= 0;
                  const selected = index === variantIndex;
                  return (
                    <button
                      key={option.sku || option.weight}
                      type="button"
                      aria-pressed={selected}
                      disabled={soldOut}
                      onClick={() => pickVariant(index)}
                      className={`min-w-20 rounded-xl border-2 px-4 py-2 text-sm font-semibold transition ${
                        selected
                          ? 'border-forest-700 bg-forest-700 text-cream-50'
                          : 'border-cream-200 bg-white text-forest-800 hover:border-forest-500'
                      } disabled:cursor-not-allowed disabled:border-dashed disabled:bg-cream-100 disabled:text-muted`}
                    >
                      {option.weight}g
                      {soldOut && <span className="block text-[11px] font-medium">Sold out</span>}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          )}

          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
            <fieldset className="m-0 min-w-0 border-0 p-0">
              <legend className="label">Quantity</legend>
              <div className="inline-flex h-12 items-center rounded-full border border-cream-200 bg-white">
                <button
                  type="button"
                  aria-label="Decrease quantity"
                  disabled={!canBuy || quantity <= CART_QUANTITY_MIN}
                  onClick={() => setQuantity((q) => Math.max(CART_QUANTITY_MIN, q - 1))}
                  className="grid h-12 w-12 place-items-center rounded-full text-xl text-forest-800 hover:bg-cream-100 disabled:opacity-35"
                >
                  −
                </button>
                <output
                  aria-live="polite"
                  aria-label="Quantity"
                  className="w-10 text-center font-semibold"
                >
                  {quantity}
                </output>
                <button
                  type="button"
                  aria-label="Increase quantity"
                  disabled={!canBuy || quantity >= maxQuantity}
                  onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
                  className="grid h-12 w-12 place-items-center rounded-full text-xl text-forest-800 hover:bg-cream-100 disabled:opacity-35"
                >
                  +
                </button>
              </div>
            </fieldset>
            <button
              type="button"
              className="btn-accent h-12 flex-1 text-base"
              disabled={!canBuy || adding}
              onClick={onAddToCart}
            >
              {!available ? 'Out of Stock' : canBuy ? 'Add to Cart' : 'Sold out in this weight'}
            </button>
          </div>
          {canBuy && variantStock <= 5 && (
            <p className="mt-2 text-sm font-medium text-saffron-600">
              Only {variantStock} left in this weight
            </p>
          )}

          <div className="mt-6">
            <PincodeCheck />
          </div>

          <div className="mt-6">
            <ProductServices />
          </div>

          <section aria-labelledby="about-heading" className="mt-8">
            <h2 id="about-heading" className="font-display text-2xl font-semibold text-forest-800">
              About this product
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-ink/85">
              {product.description
                .split(/\n+/)
                .filter((paragraph) => paragraph.trim() !== '')
                .map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
            </div>
          </section>

          <ProductInformation product={product} variant={variant} />

          <section aria-labelledby="details-heading" className="mt-8">
            <h2
              id="details-heading"
              className="font-display text-2xl font-semibold text-forest-800"
            >
              Product details
            </h2>
            <div className="card mt-3 px-5">
              <ProductAttributes product={product} sku={variant?.sku || product.sku} />
            </div>
          </section>
        </div>
      </div>

      <div className="mt-12">
        <ReviewsSection product={product} />
      </div>
    </>
  );
}

export function ProductNotFound() {
  return (
    <div className="container-page py-20 text-center">
      <p className="eyebrow">404</p>
      <h1 className="mt-2 font-display text-4xl font-semibold text-forest-800">
        Product not found
      </h1>
      <p className="mx-auto mt-3 max-w-md text-muted">
        This product may have been renamed or is no longer sold. Our full range is a tap away.
      </p>
      <Link to="/products" className="btn-primary mt-8">
        Browse all products
      </Link>
    </div>
  );
}
