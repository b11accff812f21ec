import {
  type CatalogueQuery,
  type CatalogueSort,
  catalogueCards,
  catalogueSearch,
  flavorOptions,
  NO_PRODUCTS_MATCH,
  noFilters,
  type ProductFilters,
  readCatalogueQuery,
  weightOptions,
} from '@makhana/domain/filters';
import { SITE } from '@makhana/domain/site';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchProducts } from '../../api/get-products';
import { FilterIcon } from '../../components/icons';
import { PageTitleBanner } from '../../components/page-title-banner';
import { ProductCard } from '../../components/product-card';
import { usePageMeta } from '../../lib/seo';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { setFilters } from '../../stores/product-slice';
import type { RootState } from '../../stores/store';
import { FilterPanel } from './filter-panel';
import { CatalogueSortField, ProductFilterFields } from './product-filters';

const FILTER_KEYS = Object.keys(noFilters) as (keyof ProductFilters)[];

function activeFilterCount(filters: ProductFilters): number {
  return FILTER_KEYS.filter((key) => filters[key] !== '').length;
}

export function ProductsPage() {
  usePageMeta({
    title: `Products | ${SITE.brand}`,
    description: `Shop ${SITE.shortBrand}: premium, 100% organic roasted makhana from Bihar in classic and flavoured packs.`,
    canonicalPath: '/products',
  });
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const {
    productDetails: products,
    loading,
    error,
    filters: keptFilters,
  } = useAppSelector((s) => s.product);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [panelOpen, setPanelOpen] = useState(false);
  const filtersButtonRef = useRef<HTMLButtonElement>(null);
  // Tells "not loaded yet" apart from "loaded, and the catalogue is empty".
  const [requested, setRequested] = useState(loading || products.length > 0);

  useEffect(() => {
    if (loading) setRequested(true);
  }, [loading]);

  useEffect(() => {
    // The start-up load normally brings the catalogue; deferred so its dispatch lands first.
    const timer = setTimeout(() => {
      const state = store.getState().product;
      if (!state.loading && state.productDetails.length === 0 && !state.error) {
        dispatch(fetchProducts());
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [dispatch, store]);

  const weights = useMemo(() => weightOptions(products), [products]);
  const flavors = useMemo(() => flavorOptions(products), [products]);
  // The address is the choice (docs/product.md#filters): a reload, Back and a shared link keep it.
  const query = useMemo(() => readCatalogueQuery(searchParams, products), [searchParams, products]);
  const { filters, sort } = query;
  const visible = useMemo(() => catalogueCards(products, filters, sort), [products, filters, sort]);
  const activeCount = activeFilterCount(filters);

  useEffect(() => {
    if (FILTER_KEYS.some((key) => keptFilters[key] !== filters[key])) dispatch(setFilters(filters));
  }, [dispatch, keptFilters, filters]);

  // Each choice is a step in the history, so Back undoes it; the page stays where it is scrolled.
  const choose = useCallback(
    (next: CatalogueQuery) =>
      navigate({ search: catalogueSearch(next) }, { preventScrollReset: true }),
    [navigate],
  );
  const onChange = useCallback(
    (key: keyof ProductFilters, value: string) =>
      choose({ ...query, filters: { ...filters, [key]: value } }),
    [choose, query, filters],
  );
  const onSort = (next: CatalogueSort) => choose({ ...query, sort: next });
  const closePanel = useCallback(() => setPanelOpen(false), []);
  const onReset = () => {
    choose({ ...query, filters: noFilters });
    setPanelOpen(false);
  };

  const showSkeleton = products.length === 0 && !error && (loading || !requested);
  const showError = products.length === 0 && Boolean(error) && !loading;

  return (
    <>
      <PageTitleBanner
        title="Products"
        subtitle="Hand-harvested in Mithila, slow-roasted in small batches. Pick your crunch."
      />
      <div className="container-page py-8 sm:py-12">
        <section
          aria-label="Filter products"
          className="card mb-8 hidden items-end gap-4 p-5 lg:flex"
        >
          <ProductFilterFields
            idPrefix="filter"
            filters={filters}
            weights={weights}
            flavors={flavors}
            onChange={onChange}
            layout="row"
          />
          <button
            type="button"
            className="btn-outline h-11"
            onClick={onReset}
            disabled={activeCount === 0}
          >
            Reset
          </button>
        </section>

        <div className="mb-6 flex flex-wrap items-end justify-between gap-x-4 gap-y-3 sm:items-center">
          <p className="text-sm text-muted" aria-live="polite">
            {showSkeleton || showError
              ? ''
              : `${visible.length} ${visible.length === 1 ? 'product' : 'products'}`}
          </p>
          <div className="flex w-full items-end gap-3 sm:w-auto">
            <CatalogueSortField sort={sort} onChange={onSort} />
            <button
              ref={filtersButtonRef}
              type="button"
              className="btn-outline h-11 bg-white lg:hidden"
              aria-haspopup="dialog"
              aria-expanded={panelOpen}
              onClick={() => setPanelOpen(true)}
            >
              <FilterIcon width="18" height="18" strokeWidth={2} />
              Filters
              {activeCount > 0 && (
                <span className="grid h-5 min-w-5 place-items-center rounded-full bg-saffron-500 px-1 text-xs text-forest-900">
                  <span className="sr-only">(</span>
                  {activeCount}
                  <span className="sr-only"> active)</span>
                </span>
              )}
            </button>
          </div>
        </div>

        {showSkeleton ? (
          <div aria-busy="true" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only" role="status">
              Loading products…
            </span>
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <div
                key={n}
                aria-hidden="true"
                className="card overflow-hidden"
                data-testid="product-skeleton"
              >
                <div className="aspect-square animate-pulse bg-cream-100" />
                <div className="space-y-3 p-4">
                  <div className="h-5 w-3/4 animate-pulse rounded bg-cream-200" />
                  <div className="h-4 w-1/2 animate-pulse rounded bg-cream-100" />
                  <div className="h-5 w-1/4 animate-pulse rounded bg-cream-200" />
                  <div className="h-10 animate-pulse rounded-full bg-cream-100" />
                </div>
              </div>
            ))}
          </div>
        ) : showError ? (
          <div role="alert" className="card mx-auto max-w-md p-8 text-center">
            <h2 className="font-display text-2xl font-semibold text-forest-800">
              We couldn&apos;t load our products
            </h2>
            <p className="mt-2 text-muted">Please check your connection and try again. ({error})</p>
            <button
              type="button"
              className="btn-primary mt-6"
              onClick={() => dispatch(fetchProducts())}
            >
              Retry
            </button>
          </div>
        ) : visible.length === 0 ? (
          <div className="card mx-auto max-w-md p-8 text-center">
            <p className="font-display text-xl text-forest-800">{NO_PRODUCTS_MATCH}</p>
            {activeCount > 0 && (
              <button type="button" className="btn-outline mt-5" onClick={onReset}>
                Clear filters
              </button>
            )}
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {visible.map((card, index) => (
              <li key={card.product._id}>
                {/* The first card's picture is the largest thing a phone shows first. */}
                <ProductCard
                  product={card.product}
                  shown={card}
                  headingLevel="h2"
                  priority={index === 0}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {panelOpen && (
        <FilterPanel
          onClose={closePanel}
          returnFocusTo={filtersButtonRef}
          footer={
            <>
              <button type="button" className="btn-outline flex-1" onClick={onReset}>
                Reset
              </button>
              <button type="button" className="btn-primary flex-1" onClick={closePanel}>
                Show {visible.length} {visible.length === 1 ? 'product' : 'products'}
              </button>
            </>
          }
        >
          <ProductFilterFields
            idPrefix="filter-panel"
            filters={filters}
            weights={weights}
            flavors={flavors}
            onChange={onChange}
            layout="stack"
          />
        </FilterPanel>
      )}
    </>
  );
}
