import type { Product } from '@makhana/domain/product';
import { useId, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { PlusIcon } from '../../../components/icons';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { deleteProduct } from './api/delete-product';
import { ProductForm } from './product-form';
import { type ProductSort, SORTS, searchProducts, sortProducts } from './product-list';
import { ProductCards, ProductTable } from './product-table';
import { useNarrowScreen } from './use-narrow-screen';

export const PRODUCT_DELETED = 'Product Delete successfully';

/** 'new' while a product is being added; an id while one is edited. */
type Editing = 'new' | string | null;

/** The owner's catalogue: find, sort, add, edit and delete products. */
export function ProductsTab() {
  const dispatch = useAppDispatch();
  const { productDetails: products, loading } = useAppSelector((state) => state.product);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ProductSort>('newest');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const searchId = useId();
  const narrow = useNarrowScreen();
  const sortId = useId();

  const shown = useMemo(
    () => sortProducts(searchProducts(products, query), sort),
    [products, query, sort],
  );
  // The form follows the store, so a picture added or moved shows at once.
  const edited = editing && editing !== 'new' ? products.find((p) => p._id === editing) : null;
  const formOpen = editing === 'new' || Boolean(edited);

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await dispatch(deleteProduct(deleting._id));
    if (deleteProduct.fulfilled.match(result)) {
      toast.success(PRODUCT_DELETED);
      setDeleting(null);
    } else {
      const message = result.payload?.message ?? 'Server error';
      toast.error(message, { toastId: message });
    }
  };

  return (
    <section aria-labelledby={`${searchId}-title`} className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id={`${searchId}-title`}
            className="font-display text-2xl font-semibold text-forest-800"
          >
            Products
          </h2>
          <p className="text-sm text-muted">
            {products.length} {products.length === 1 ? 'product' : 'products'} in the shop
          </p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          <PlusIcon className="h-4 w-4" />
          Add product
        </button>
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div>
          <label htmlFor={searchId} className="label">
            Search
          </label>
          <input
            id={searchId}
            type="search"
            className="input h-11 text-base sm:text-sm"
            placeholder="Name, SKU or flavour"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={sortId} className="label">
            Sort by
          </label>
          <select
            id={sortId}
            className="input h-11 text-base sm:text-sm"
            value={sort}
            onChange={(event) => setSort(event.target.value as ProductSort)}
          >
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {shown.length === 0 ? (
        <p className="card px-4 py-10 text-center text-muted" role="status">
          {products.length === 0
            ? loading
              ? 'Loading products…'
              : 'No products yet. Add the first one.'
            : 'No products match your search.'}
        </p>
      ) : narrow ? (
        <ProductCards
          products={shown}
          onEdit={(product) => setEditing(product._id)}
          onDelete={setDeleting}
        />
      ) : (
        <ProductTable
          products={shown}
          onEdit={(product) => setEditing(product._id)}
          onDelete={setDeleting}
        />
      )}

      {formOpen && (
        <Dialog
          title={edited ? `Edit ${edited.name}` : 'Add product'}
          description={
            edited ? 'Changes show in the shop as soon as they are saved.' : 'A new product.'
          }
          onClose={() => setEditing(null)}
        >
          <ProductForm
            key={edited?._id ?? 'new'}
            product={edited ?? null}
            onCreated={(product) => setEditing(product._id)}
            onClose={() => setEditing(null)}
          />
        </Dialog>
      )}

      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete product"
          busy={loading}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
          description="It leaves the shop at once. Orders that hold it keep their lines as bought."
        />
      )}
    </section>
  );
}
