import { imageSources } from '@makhana/domain/images';
import { formatRupees } from '@makhana/domain/money';
import { isLowStock, type Product } from '@makhana/domain/product';
import { onSale } from './product-values';

interface ActionProps {
  product: Product;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

interface ProductTableProps {
  products: readonly Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

function Thumb({ product }: { product: Product }) {
  const src = product.images[0];
  return src ? (
    <img
      src={src}
      srcSet={imageSources(src)?.srcSet}
      sizes="48px"
      alt=""
      className="h-12 w-12 rounded-lg border border-cream-200 object-cover"
      loading="lazy"
    />
  ) : (
    <span
      aria-hidden="true"
      className="grid h-12 w-12 place-items-center rounded-lg border border-dashed border-cream-200 text-xs text-muted"
    >
      —
    </span>
  );
}

// "On sale" read as a discount: the switch says whether the product is listed in the shop.
function ListedBadge({ product }: { product: Product }) {
  if (!onSale(product)) {
    return (
      <span className="whitespace-nowrap rounded-full bg-cream-100 px-2.5 py-1 text-xs font-semibold text-muted">
        Not listed
      </span>
    );
  }
  return product.inStock ? (
    <span className="whitespace-nowrap rounded-full bg-forest-50 px-2.5 py-1 text-xs font-semibold text-forest-800">
      Listed
    </span>
  ) : (
    <span className="whitespace-nowrap rounded-full bg-saffron-400/20 px-2.5 py-1 text-xs font-semibold text-forest-900">
      Listed · sold out
    </span>
  );
}

/** Each weight's free stock, the ones below the owner's mark marked in words as well as colour. */
function StockByWeight({ product, inline = false }: { product: Product; inline?: boolean }) {
  if (product.quantity.length === 0) return <span className="text-maroon-700">No weights</span>;
  return (
    <ul
      className={inline ? 'flex flex-wrap gap-x-4 gap-y-1' : 'space-y-0.5 text-right'}
      data-testid="stock-by-weight"
    >
      {product.quantity.map((variant) => {
        const low = isLowStock(variant);
        return (
          <li
            key={variant.sku}
            className={`whitespace-nowrap tabular-nums ${low ? 'font-semibold text-maroon-700' : 'text-ink'}`}
          >
            {variant.weight} g: {variant.stock.toLocaleString('en-IN')}
            {low ? (
              <span className="ml-1.5 rounded bg-maroon-600/10 px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide">
                low
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function Rating({ product }: { product: Product }) {
  return product.rating.count > 0 ? (
    <>
      {product.rating.average.toFixed(1)} ({product.rating.count})
    </>
  ) : (
    <>—</>
  );
}

function Actions({ product, onEdit, onDelete, wide = false }: ActionProps & { wide?: boolean }) {
  const size = wide ? 'flex-1 py-2' : 'px-4 py-1.5';
  return (
    <>
      <button
        type="button"
        className={`btn-outline ${size}`}
        onClick={() => onEdit(product)}
        aria-label={`Edit ${product.name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className={`btn border border-maroon-600/40 text-maroon-700 hover:bg-maroon-600/5 ${size}`}
        onClick={() => onDelete(product)}
        aria-label={`Delete ${product.name}`}
      >
        Delete
      </button>
    </>
  );
}

/** On a phone: one card per product, its figures under its name and its buttons at hand. */
export function ProductCards({ products, onEdit, onDelete }: ProductTableProps) {
  return (
    <ul aria-label="Products" className="space-y-3">
      {products.map((product) => (
        <li key={product._id} className="card p-4">
          <div className="flex gap-3">
            <Thumb product={product} />
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold leading-snug text-ink">{product.name}</h3>
              <p className="truncate text-xs text-muted">
                {[product.variant, product.sku].filter(Boolean).join(' · ')}
              </p>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted">Price</dt>
              <dd className="font-semibold tabular-nums">{formatRupees(product.price)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Rating</dt>
              <dd className="tabular-nums">
                <Rating product={product} />
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-muted">Stock</dt>
              <dd className="mt-0.5 text-sm">
                <StockByWeight product={product} inline />
              </dd>
            </div>
          </dl>
          <div className="mt-3">
            <ListedBadge product={product} />
          </div>
          <div className="mt-3 flex gap-2">
            <Actions product={product} onEdit={onEdit} onDelete={onDelete} wide />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The owner's products on a wider screen: one row each. */
export function ProductTable({ products, onEdit, onDelete }: ProductTableProps) {
  return (
    // `relative` keeps the hidden caption inside the scrolled box rather than widening the page.
    <div className="card relative overflow-x-auto">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">Products</caption>
        <thead className="border-b border-cream-200 bg-cream-50 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Price
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Stock
            </th>
            <th scope="col" className="px-4 py-3">
              Listed
            </th>
            <th scope="col" className="px-4 py-3">
              Rating
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">
          {products.map((product) => (
            <tr key={product._id}>
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="flex items-center gap-3">
                  <Thumb product={product} />
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink">{product.name}</span>
                    <span className="block text-xs text-muted">
                      {[product.variant, product.sku].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </span>
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{formatRupees(product.price)}</td>
              <td className="px-4 py-3">
                <StockByWeight product={product} />
              </td>
              <td className="px-4 py-3">
                <ListedBadge product={product} />
              </td>
              <td className="px-4 py-3 tabular-nums">
                <Rating product={product} />
              </td>
              <td className="px-4 py-3">
                <span className="flex justify-end gap-2">
                  <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
