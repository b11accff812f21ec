import { imageSources } from '@makhana/domain/images';
import { formatRupees } from '@makhana/domain/money';
import { imageAltOf, isProductAvailable, type Product } from '@makhana/domain/product';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';

interface ProductCardProps {
  product: Product;
  /** Headings inside the card follow the page's outline. */
  headingLevel?: 'h2' | 'h3';
  /** A carousel shows a wider, shorter picture so more of the row fits on a phone. */
  imageShape?: 'square' | 'landscape';
  testId?: string;
  /** The weight and price the card shows: the catalogue's filters choose them; else the first weight and the card price. */
  shown?: { weight: number | undefined; price: number };
  /** The card's picture is among the first on screen: asked for at once, ahead of the rest. */
  priority?: boolean;
  /**
   * Called when the picture or the button is clicked, before the link navigates; a handler that
   * wants to open the product its own way calls `event.preventDefault()`.
   */
  onOpen?: (product: Product, event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The card's width in the grids and carousels: a phone shows one a row, a desktop three. */
const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';

const IMAGE_SHAPES = {
  square: { frame: 'aspect-square', height: 800 },
  landscape: { frame: 'aspect-[4/3]', height: 600 },
} as const;

/** A catalogue card (docs/product.md#catalogue): first image, name, flavour, weight, price. */
export function ProductCard({
  product,
  headingLevel = 'h3',
  imageShape = 'square',
  testId = 'product-card',
  priority = false,
  shown = { weight: product.quantity[0]?.weight, price: product.price },
  onOpen,
}: ProductCardProps) {
  const Heading = headingLevel;
  const available = isProductAvailable(product);
  const image = product.images[0];
  const sources = image ? imageSources(image) : null;
  const shape = IMAGE_SHAPES[imageShape];
  const open = onOpen && ((event: MouseEvent<HTMLAnchorElement>) => onOpen(product, event));

  return (
    <article className="card group flex h-full flex-col overflow-hidden" data-testid={testId}>
      <div className={`relative ${shape.frame} overflow-hidden bg-cream-100`}>
        {image ? (
          <img
            src={image}
            srcSet={sources?.srcSet}
            sizes={sources ? CARD_SIZES : undefined}
            alt={imageAltOf(product, 0)}
            width={800}
            height={shape.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className={`h-full w-full object-cover transition-transform duration-500 group-hover:scale-105 ${available ? '' : 'opacity-60 grayscale-[40%]'}`}
          />
        ) : (
          <div
            role="img"
            aria-label={product.name}
            className="grid h-full w-full place-items-center font-display text-5xl text-forest-700/30"
          >
            {product.name.charAt(0)}
          </div>
        )}
        {available && (
          // The whole picture opens the product too; the button below is the one keyboard stop.
          <Link
            to={`/product/${product._id}`}
            state={{ product }}
            tabIndex={-1}
            aria-hidden="true"
            className="absolute inset-0"
            onClick={open}
          />
        )}
        {!available && (
          <span className="absolute left-3 top-3 rounded-full bg-maroon-700 px-3 py-1 text-xs font-semibold text-white">
            Out of Stock
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="font-display text-lg font-semibold leading-snug text-forest-800">
          {product.name}
        </Heading>
        <p className="text-sm text-muted">
          {product.variant}
          {shown.weight !== undefined && (
            <>
              {' · '}
              <span data-testid="card-weight">{shown.weight}g</span>
            </>
          )}
        </p>
        <p className="mt-1 text-lg font-semibold text-ink" data-testid="card-price">
          {formatRupees(shown.price)}
        </p>
        <div className="mt-auto pt-3">
          {available ? (
            <Link
              to={`/product/${product._id}`}
              state={{ product }}
              className="btn-primary w-full"
              aria-label={`View details of ${product.name}`}
              onClick={open}
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
