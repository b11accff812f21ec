import type { Product } from '@makhana/domain/product';
import { SITE } from '@makhana/domain/site';
import { productStructuredData } from '@makhana/domain/structured-data';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { fetchProductById } from '../../api/get-product';
import { usePageMeta } from '../../lib/seo';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { setProduct } from '../../stores/product-slice';
import { ProductDetail, ProductNotFound } from './product-detail';
import { SimilarProductsCarousel } from './similar-products-carousel';

const PRODUCT_NOT_FOUND = 'Product not found';

function isProduct(value: unknown): value is Product {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v._id === 'string' && Array.isArray(v.quantity) && Array.isArray(v.images);
}

function stateProduct(state: unknown, id: string | undefined): Product | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const candidate = (state as { product?: unknown }).product;
  return isProduct(candidate) && candidate._id === id ? candidate : undefined;
}

type LoadStatus = 'idle' | 'loading' | 'not-found' | 'failed';

/**
 * /product/:id. The product comes from the store (the one on screen, else the loaded catalogue),
 * else from navigation state, else from the API, so a deep link or a reload shows the product
 * instead of sending the visitor away.
 */
export function ProductPage() {
  const { id } = useParams();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const catalogue = useAppSelector((s) => s.product.productDetails);
  const current = useAppSelector((s) => s.product.product);
  // The store's copies come first: a review changes the rating, and the store is re-read then,
  // while the copy in navigation state stays as it was when the link was followed.
  const product =
    (current && current._id === id ? current : undefined) ??
    catalogue.find((p) => p._id === id) ??
    stateProduct(location.state, id);

  const [status, setStatus] = useState<LoadStatus>('idle');
  const [attempt, setAttempt] = useState(0);
  const missing = product === undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) loads again
  useEffect(() => {
    if (!missing || !id) return;
    // Not aborted on clean-up: an aborted thunk would record an error in the shared product state.
    let cancelled = false;
    setStatus('loading');
    dispatch(fetchProductById(id))
      .unwrap()
      .then(() => {
        if (!cancelled) setStatus('idle');
      })
      .catch((error: unknown) => {
        if (!cancelled) setStatus(error === PRODUCT_NOT_FOUND ? 'not-found' : 'failed');
      });
    return () => {
      cancelled = true;
    };
  }, [dispatch, id, missing, attempt]);

  useEffect(() => {
    if (product && current?._id !== product._id) dispatch(setProduct(product));
  }, [dispatch, product, current]);

  usePageMeta({
    title: product
      ? `${product.name} | ${product.brand}`
      : status === 'not-found'
        ? `${PRODUCT_NOT_FOUND} | ${SITE.brand}`
        : undefined,
    description: product ? product.description.split('\n')[0]?.slice(0, 160) : undefined,
    canonicalPath: id ? `/product/${encodeURIComponent(id)}` : undefined,
    image: product?.images[0],
    structuredData: product ? (origin) => productStructuredData(product, origin) : undefined,
  });

  if (!product) {
    if (status === 'not-found' || !id) return <ProductNotFound />;
    if (status === 'failed') {
      return (
        <div role="alert" className="container-page py-20 text-center">
          <h1 className="font-display text-3xl font-semibold text-forest-800">
            We couldn&apos;t load this product
          </h1>
          <p className="mt-3 text-muted">Please check your connection and try again.</p>
          <button
            type="button"
            className="btn-primary mt-6"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Retry
          </button>
        </div>
      );
    }
    return <ProductSkeleton />;
  }

  return (
    <div className="container-page py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-muted">
          <li>
            <Link to="/" className="hover:text-forest-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to="/products" className="hover:text-forest-700 hover:underline">
              Products
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="truncate font-medium text-ink">
            {product.name}
          </li>
        </ol>
      </nav>
      <ProductDetail key={product._id} product={product} />
      <SimilarProductsCarousel
        title="You may also like"
        products={catalogue}
        excludeId={product._id}
      />
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className="container-page py-6 sm:py-10" aria-busy="true">
      <span role="status" className="sr-only">
        Loading product…
      </span>
      <div aria-hidden="true" className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <div className="aspect-square animate-pulse rounded-3xl bg-cream-100" />
        <div className="space-y-4">
          <div className="h-4 w-32 animate-pulse rounded bg-cream-200" />
          <div className="h-10 w-3/4 animate-pulse rounded bg-cream-200" />
          <div className="h-5 w-40 animate-pulse rounded bg-cream-100" />
          <div className="h-9 w-28 animate-pulse rounded bg-cream-200" />
          <div className="h-12 w-full animate-pulse rounded-full bg-cream-100" />
        </div>
      </div>
    </div>
  );
}
