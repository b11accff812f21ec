import type { Product } from '@makhana/domain/product';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { PlusIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useDeleteProductMutation } from '../api/products';
import { OwnerListControls } from '../owner-list-controls';
import { useOwnerList } from '../use-owner-list';
import { releasePictures } from './picture-picker';
import { type PicturesLeftOver, ProductForm } from './product-form';
import { SORT_OPTIONS } from './product-list';
import { ProductCards, ProductTable } from './product-table';

export const PRODUCT_DELETED = 'Product Delete successfully';
export const OWNER_PRODUCTS_PATH = '/products/owner-list';

/** 'new' while a product is being added; the server's latest copy while one is edited. */
type Editing = 'new' | Product | null;

/**
 * The owner's catalogue a page at a time from the server: searched by name, flavour or sku,
 * sorted, and the products added, edited and deleted.
 */
export function ProductsTab() {
  const list = useOwnerList<Product, 'sort' | 'lowStock'>({
    path: OWNER_PRODUCTS_PATH,
    tag: 'Product',
    filters: ['sort', 'lowStock'],
  });
  const [deleteProduct, { isLoading: removing }] = useDeleteProductMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const titleId = useId();
  const narrow = useNarrowScreen();

  const edited = editing && editing !== 'new' ? editing : null;
  // Pictures chosen with a new product whose upload failed: its edit opens with them still chosen.
  const [leftOver, setLeftOver] = useState<PicturesLeftOver | null>(null);
  const closeForm = () => {
    if (leftOver) releasePictures(leftOver.pictures);
    setLeftOver(null);
    setEditing(null);
  };
  // The form and the product's row show the server's copy as soon as a picture is added or moved.
  // Saving the form asks for the list again: the product may sit elsewhere in the order now.
  const changed = (product: Product) => {
    setEditing(product);
    list.replaceItem(product);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteProduct(deleting._id).unwrap();
      toast.success(PRODUCT_DELETED);
      list.removeItem(deleting._id);
      setDeleting(null);
    } catch (error) {
      const message = errorMessage(error);
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
        toggles={[{ name: 'lowStock', label: 'Low on stock', value: 'true' }]}
        noun="products"
        empty="No products yet. Add the first one."
      >
        {narrow ? (
          <ProductCards products={list.items} onEdit={setEditing} onDelete={setDeleting} />
        ) : (
          <ProductTable products={list.items} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </OwnerListControls>

      {editing && (
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
            onCreated={(product, pictures) => {
              setLeftOver(pictures ?? null);
              changed(product);
            }}
            leftOver={leftOver}
            onChanged={changed}
            onClose={closeForm}
          />
        </Dialog>
      )}

      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete product"
          busy={removing}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
          description="It leaves the shop at once. Orders that hold it keep their lines as bought."
        />
      )}
    </section>
  );
}
