import {
  CATALOGUE_SORTS,
  type CatalogueSort,
  PRICE_BANDS,
  type ProductFilters,
} from '@makhana/domain/filters';

const SELECT_CLASS = 'input h-11 cursor-pointer pr-8';

interface ProductFilterFieldsProps {
  /** keeps the ids of the bar and of the mobile panel apart */
  idPrefix: string;
  filters: ProductFilters;
  weights: number[];
  flavors: string[];
  onChange: (key: keyof ProductFilters, value: string) => void;
  layout: 'row' | 'stack';
}

/** The three filter selects (docs/product.md#filters); an empty value is 'All'. */
export function ProductFilterFields({
  idPrefix,
  filters,
  weights,
  flavors,
  onChange,
  layout,
}: ProductFilterFieldsProps) {
  const fieldClass = layout === 'row' ? 'min-w-44 flex-1' : 'w-full';
  return (
    <>
      <div className={fieldClass}>
        <label htmlFor={`${idPrefix}-weight`} className="label">
          Weight
        </label>
        <select
          id={`${idPrefix}-weight`}
          className={SELECT_CLASS}
          value={filters.weight}
          onChange={(event) => onChange('weight', event.target.value)}
        >
          <option value="">All</option>
          {weights.map((weight) => (
            <option key={weight} value={String(weight)}>
              {weight}g
            </option>
          ))}
        </select>
      </div>
      <div className={fieldClass}>
        <label htmlFor={`${idPrefix}-flavor`} className="label">
          Flavor
        </label>
        <select
          id={`${idPrefix}-flavor`}
          className={SELECT_CLASS}
          value={filters.flavor}
          onChange={(event) => onChange('flavor', event.target.value)}
        >
          <option value="">All</option>
          {flavors.map((flavor) => (
            <option key={flavor} value={flavor}>
              {flavor}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldClass}>
        <label htmlFor={`${idPrefix}-price`} className="label">
          Price
        </label>
        <select
          id={`${idPrefix}-price`}
          className={SELECT_CLASS}
          value={filters.price}
          onChange={(event) => onChange('price', event.target.value)}
        >
          <option value="">All</option>
          {PRICE_BANDS.map((band) => (
            <option key={band.value} value={band.value}>
              {band.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** The catalogue's order, beside the count on every screen size: sorting is not filtering. */
export function CatalogueSortField({
  sort,
  onChange,
}: {
  sort: CatalogueSort;
  onChange: (sort: CatalogueSort) => void;
}) {
  return (
    // Above its select on a phone, as in the filter panel; beside it from the small breakpoint.
    <div className="min-w-0 flex-1 sm:flex sm:flex-none sm:items-center sm:gap-3">
      <label htmlFor="catalogue-sort" className="label sm:mb-0 sm:whitespace-nowrap">
        Sort by
      </label>
      <select
        id="catalogue-sort"
        className={`${SELECT_CLASS} sm:w-52`}
        value={sort}
        onChange={(event) => {
          const chosen = CATALOGUE_SORTS.find((s) => s.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {CATALOGUE_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
