import { PRICE_BANDS, type ProductFilters } from '@makhana/domain/filters';

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
  const selectClass = 'input h-11 cursor-pointer pr-8';
  return (
    <>
      <div className={fieldClass}>
        <label htmlFor={`${idPrefix}-weight`} className="label">
          Weight
        </label>
        <select
          id={`${idPrefix}-weight`}
          className={selectClass}
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
          className={selectClass}
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
          className={selectClass}
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
