import { Link } from 'react-router';
import { ProductCard } from '../../components/product-card';
import { useAppSelector } from '../../stores/hooks';

const FEATURED_COUNT = 6;

function CardPlaceholder() {
  return (
    <li aria-hidden="true" className="card overflow-hidden">
      <div className="aspect-square animate-pulse bg-cream-100" />
      <div className="space-y-2 p-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-cream-100" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-cream-100" />
        <div className="mt-4 h-10 animate-pulse rounded-full bg-cream-100" />
      </div>
    </li>
  );
}

/** The 'products' section that 'Purchase Now' scrolls to. */
export function HomeFeaturedProducts() {
  const { productDetails, loading, error } = useAppSelector((state) => state.product);
  const featured = productDetails.slice(0, FEATURED_COUNT);

  return (
    <section id="products" aria-labelledby="products-title" className="scroll-mt-20 py-14 sm:py-20">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">Bestsellers</p>
          <h2 id="products-title" className="section-heading mt-3">
            Featured Products
          </h2>
          <p className="mt-4 text-muted">
            Our most-loved flavours, roasted fresh in small batches and packed the same week.
          </p>
        </div>

        {featured.length > 0 ? (
          // Four on phones and tablets keep the page short; the wide grid shows two full rows of three.
          <ul className="mt-10 grid gap-6 sm:grid-cols-1 md:grid-cols-2 lg:grid-cols-3 max-lg:[&>li:nth-child(n+5)]:hidden">
            {featured.map((product) => (
              <li key={product._id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        ) : loading ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-1 md:grid-cols-2 lg:grid-cols-3">
            <CardPlaceholder />
            <CardPlaceholder />
            <CardPlaceholder />
          </ul>
        ) : (
          <p className="card mt-10 p-8 text-center text-muted">
            {error
              ? 'We could not load our products just now. Please refresh the page in a moment.'
              : 'Our next batch is being roasted. Check back soon for fresh stock.'}
          </p>
        )}

        <div className="mt-10 text-center">
          <Link to="/products" className="btn-primary px-8 py-3 text-base">
            View all products
          </Link>
        </div>
      </div>
    </section>
  );
}
