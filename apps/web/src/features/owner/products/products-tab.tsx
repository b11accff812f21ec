import type { Product } from '@makhana/domain/product';
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { PlusIcon } from '../../../components/icons';
import { apiSlice } from '../../../lib/api-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { setProduct } from '../../../stores/product-slice';
import { OwnerListControls } from '../owner-list-controls';
import { useOwnerList } from '../use-owner-list';
import { deleteProduct } from './api/delete-product';
import { ProductForm } from './product-form';
import { SORT_OPTIONS } from './product-list';
import { ProductCards, ProductTable } from './product-table';
import { useNarrowScreen } from './use-narrow-screen';

export const PRODUCT_DELETED = 'Product Delete successfully';
export const OWNER_PRODUCTS_PATH = '/products/owner-list';

/** 'new' while a product is being added; an id while one is edited. */
type Editing = 'new' | string | null;

/**
 * The owner's catalogue a page at a time from the server: searched by name, flavour or sku,
 * sorted, and the products added, edited and deleted.
 */
export function ProductsTab() {
  const dispatch = useAppDispatch();
  const list = useOwnerList<Product, 'sort'>({
    path: OWNER_PRODUCTS_PATH,
    tag: 'Product',
    filters: ['sort'],
  });
  // Every product operation leaves the server's copy here, pictures included.
  const { product: latest, loading } = useAppSelector((state) => state.product);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const titleId = useId();
  const narrow = useNarrowScreen();

  // The form follows the latest answer, so a picture added or moved shows at once; so does its row.
  const edited = editing && editing !== 'new' && latest?._id === editing ? latest : null;
  const formOpen = editing === 'new' || Boolean(edited);
  const { replaceItem, reload } = list;
  useEffect(() => {
    if (latest) replaceItem(latest);
  }, [latest, replaceItem]);

  const openForm = (product: Product) => {
    dispatch(setProduct(product));
    setEditing(product._id);
  };
  const closeForm = () => {
    setEditing(null);
    // A saved product may now sit elsewhere in the order, or no longer match the search.
    if (edited) reload();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await dispatch(deleteProduct(deleting._id));
    if (deleteProduct.fulfilled.match(result)) {
      toast.success(PRODUCT_DELETED);
      // Written through the product slice, which the shop's pages read too: the list and the
      // figures are told here.
      dispatch(apiSlice.util.invalidateTags([{ type: 'Product', id: 'LIST' }, 'DashboardFigures']));
      list.removeItem(deleting._id);
      setDeleting(null);
    } else {
      const message = result.payload?.message ?? 'Server error';
      toast.error(message, { toastId: message });
    }
  };

  const total = list.meta?.total;
  return (
    <section aria-labelledby={titleId} className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-2xl font-semibold text-forest-800">
            Products
          </h2>
          {total !== undefined && !list.narrowed && (
            <p className="text-sm text-muted">
              {total.toLocaleString('en-IN')} {total === 1 ? 'product' : 'products'} in the shop
            </p>
          )}
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          <PlusIcon className="h-4 w-4" />
          Add product
        </button>
      </div>

      <OwnerListControls
        list={list}
        searchLabel="Search"
        searchPlaceholder="Name, SKU or flavour"
        filters={[{ name: 'sort', label: 'Sort by', options: SORT_OPTIONS }]}
        noun="products"
        empty="No products yet. Add the first one."
      >
        {narrow ? (
          <ProductCards products={list.items} onEdit={openForm} onDelete={setDeleting} />
        ) : (
          <ProductTable products={list.items} onEdit={openForm} onDelete={setDeleting} />
        )}
      </OwnerListControls>

      {formOpen && (
        <Dialog
          title={edited ? `Edit ${edited.name}` : 'Add product'}
          description={
            edited ? 'Changes show in the shop as soon as they are saved.' : 'A new product.'
          }
          onClose={closeForm}
        >
          <ProductForm
            key={edited?._id ?? 'new'}
            product={edited ?? null}
            onCreated={(product) => setEditing(product._id)}
            onClose={closeForm}
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
