import { zodResolver } from '@hookform/resolvers/zod';
import { defaultImageAlt } from '@makhana/domain/images';
import type { Product } from '@makhana/domain/product';
import { defaultShippingGrams, PACKAGING_GRAMS } from '@makhana/domain/shipping';
import { type ProductInput, productSchema } from '@makhana/domain/validation';
import { useId, useState } from 'react';
import { type FieldPath, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/form-field';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { type ApiCallError, errorMessage, toApiCallError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useAddProductImagesMutation,
  useAddProductMutation,
  useDeleteProductImageMutation,
  useReorderProductImagesMutation,
  useSetProductImageAltMutation,
  useUpdateProductMutation,
} from '../api/products';
import { DeclarationFields } from './declaration-fields';
import { ImageManager } from './image-manager';
import { type PendingPicture, PicturePicker, releasePictures } from './picture-picker';
import { emptyVariant, formValuesOf, type ProductFormValues } from './product-values';

export const PRODUCT_ADDED = 'Product Added successfully';
export const PRODUCT_UPDATED = 'Product updated successfully';
export const IMAGES_ADDED = 'Images added successfully';
export const IMAGES_DELETED = 'Images delete successfully';

export const PICTURE_ALT_SAVED = 'Picture description saved';

/** Pictures chosen with a new product that did not reach the server, and why. */
export interface PicturesLeftOver {
  pictures: PendingPicture[];
  error: string;
}

export const picturesNotUploaded = (reason: string) =>
  `The product was saved, but its pictures were not uploaded (${reason}). They are kept below: upload them again.`;

interface ProductFormProps {
  /** null adds a new product */
  product: Product | null;
  /**
   * A new product was saved: the form goes on as its edit, with its pictures, or with the ones
   * that could not be uploaded still chosen.
   */
  onCreated: (product: Product, leftOver?: PicturesLeftOver) => void;
  /** pictures chosen with this product that are still to upload */
  leftOver?: PicturesLeftOver | null;
  /** the server's copy after a change of its pictures, which the form then shows */
  onChanged: (product: Product) => void;
  onClose: () => void;
}

/** "140 (default)" for a 100 g weight: what an empty shipping weight will be. */
function shippingPlaceholder(weight: unknown): string {
  const grams = Number(weight);
  return Number.isInteger(grams) && grams > 0 ? `${defaultShippingGrams(grams)} (default)` : '';
}

/** Every field of a product, its variants and, once it is saved, its pictures. */
export function ProductForm({
  product,
  onCreated,
  onChanged,
  onClose,
  leftOver = null,
}: ProductFormProps) {
  const [addProduct] = useAddProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const [addImages, adding] = useAddProductImagesMutation();
  const [deleteImage, deleting] = useDeleteProductImageMutation();
  const [reorderImages, reordering] = useReorderProductImagesMutation();
  const [setImageAlt, describing] = useSetProductImageAltMutation();
  const busy =
    adding.isLoading || deleting.isLoading || reordering.isLoading || describing.isLoading;
  const [chosen, setChosen] = useState<PendingPicture[]>(leftOver?.pictures ?? []);
  const [pictureError, setPictureError] = useState<string | null>(leftOver?.error ?? null);
  const headingId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    // The form's declarations are typed as its boxes hold them; the schema reads those types.
    resolver: zodResolver(productSchema) as Resolver<ProductFormValues, unknown, ProductInput>,
    defaultValues: formValuesOf(product),
  });
  const variants = useFieldArray({ control, name: 'quantity' });
  const listed = watch('listed');
  const weights = watch('quantity') ?? [];
  const defaultAlt = defaultImageAlt(
    watch('name') || product?.name || 'Product',
    weights.map((entry) => ({ weight: Number(entry.weight) })),
  );

  /** The chosen pictures, with their texts in order, as one upload. */
  const uploadChosen = (productId: string) =>
    addImages({
      id: productId,
      files: chosen.map((picture) => picture.file),
      alts: chosen.map((picture) => picture.alt.trim()),
    }).unwrap();

  const uploaded = () => {
    releasePictures(chosen);
    setChosen([]);
    setPictureError(null);
  };

  /** The server's message as a toast, and on each field it named. */
  const refused = (error: unknown) => {
    const failure: ApiCallError = toApiCallError(error);
    const message = failure.message || 'Server error';
    toast.error(message, { toastId: message });
    for (const { field, message: said } of failure.fieldErrors) {
      setError(field as FieldPath<ProductFormValues>, { type: 'server', message: said });
    }
  };

  const submit = handleSubmit(async (values) => {
    try {
      if (product) {
        await updateProduct({ id: product._id, body: values }).unwrap();
        toast.success(PRODUCT_UPDATED);
        onClose();
      } else {
        const saved = await addProduct(values).unwrap();
        toast.success(PRODUCT_ADDED);
        if (chosen.length === 0) {
          onCreated(saved);
          return;
        }
        try {
          const withPictures = await uploadChosen(saved._id);
          uploaded();
          onCreated(withPictures);
        } catch (error) {
          // The product exists now: the form becomes its edit, the pictures still chosen.
          const message = picturesNotUploaded(errorMessage(error));
          toast.error(message, { toastId: message });
          onCreated(saved, { pictures: chosen, error: message });
        }
      }
    } catch (error) {
      refused(error);
    }
  });

  const uploadLeftOver = async () => {
    if (!product) return;
    try {
      const withPictures = await uploadChosen(product._id);
      uploaded();
      onChanged(withPictures);
      toast.success(IMAGES_ADDED);
    } catch (error) {
      const message = picturesNotUploaded(errorMessage(error));
      setPictureError(message);
      toast.error(message, { toastId: message });
    }
  };

  const pictureCall = async (
    write: { unwrap(): Promise<Product> },
    done?: string,
  ): Promise<boolean> => {
    try {
      onChanged(await write.unwrap());
      if (done) toast.success(done);
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  };

  const e = errors;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={product ? `Edit ${product.name}` : 'New product'}
      className="space-y-8"
    >
      <section aria-labelledby={`${headingId}-details`} className="space-y-4">
        <h3
          id={`${headingId}-details`}
          className="font-display text-lg font-semibold text-forest-800"
        >
          Details
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            registration={register('name')}
            error={e.name?.message}
            containerClassName="sm:col-span-2"
            data-autofocus
          />
          <TextField label="Brand" registration={register('brand')} error={e.brand?.message} />
          <TextField
            label="Category"
            registration={register('categoryType')}
            error={e.categoryType?.message}
          />
          <TextField
            label="Flavour"
            registration={register('variant')}
            error={e.variant?.message}
          />
          <TextField label="SKU" registration={register('sku')} error={e.sku?.message} />
          <TextField
            label="Price (₹)"
            type="number"
            inputMode="numeric"
            min={0}
            registration={register('price')}
            error={e.price?.message}
            hint="The price on the card; each weight has its own below."
          />
          <TextField
            label="Pack of box"
            type="number"
            inputMode="numeric"
            min={1}
            registration={register('packOfBox')}
            error={e.packOfBox?.message}
          />
          <TextField
            label="Shelf life (months)"
            type="number"
            inputMode="numeric"
            min={1}
            registration={register('shelfLife')}
            error={e.shelfLife?.message}
          />
          <TextField
            label="Model number"
            registration={register('modelNumber')}
            error={e.modelNumber?.message}
          />
          <TextField
            label="Country of origin"
            registration={register('countryOfOrigin')}
            error={e.countryOfOrigin?.message}
          />
          <TextField
            label="Container type"
            registration={register('containerType')}
            error={e.containerType?.message}
          />
          <TextField
            label="Dietary preference"
            registration={register('dietaryPreference')}
            error={e.dietaryPreference?.message}
          />
          <TextField
            label="Health benefits"
            registration={register('healthBenefits')}
            error={e.healthBenefits?.message}
          />
          <TextAreaField
            label="Description"
            rows={4}
            registration={register('description')}
            error={e.description?.message}
            containerClassName="sm:col-span-2"
          />
        </div>
        <label className="flex cursor-pointer items-center justify-between gap-4 rounded-xl border border-cream-200 bg-cream-50 px-4 py-3">
          <span>
            <span className="block text-sm font-semibold text-ink">Listed</span>
            <span className="block text-xs text-muted">
              Shoppers can buy it while it is listed and some weight has stock.
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={Boolean(listed)}
            className="peer sr-only"
            {...register('listed')}
          />
          <span
            aria-hidden="true"
            className="relative h-7 w-12 shrink-0 rounded-full bg-cream-200 transition-colors after:absolute after:left-1 after:top-1 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-forest-700 peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-saffron-500"
          />
        </label>
      </section>

      <DeclarationFields register={register} errors={errors} headingId={headingId} />

      <fieldset className="min-w-0 space-y-3">
        <legend className="font-display text-lg font-semibold text-forest-800">Weights</legend>
        <p className="text-sm text-muted">
          Each weight is sold on its own. Leave the SKU empty and the shop assigns one.
        </p>
        {(e.quantity?.root?.message ?? e.quantity?.message) && (
          <p role="alert" className="text-sm font-medium text-maroon-700">
            {e.quantity?.root?.message ?? e.quantity?.message}
          </p>
        )}
        <ol className="space-y-3">
          {variants.fields.map((field, index) => {
            const n = index + 1;
            const ve = e.quantity?.[index];
            return (
              <li key={field.id} className="rounded-xl border border-cream-200 p-3">
                <div className="mb-2 flex items-center justify-between">
                  <span className="text-sm font-semibold text-forest-800">Weight {n}</span>
                  <button
                    type="button"
                    className="inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-medium text-maroon-700 hover:bg-maroon-600/5"
                    onClick={() => variants.remove(index)}
                    aria-label={`Remove weight ${n}`}
                  >
                    <TrashIcon className="h-4 w-4" />
                    Remove
                  </button>
                </div>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  <TextField
                    label={
                      <>
                        Weight (g) <span className="sr-only">of weight {n}</span>
                      </>
                    }
                    type="number"
                    inputMode="numeric"
                    min={1}
                    registration={register(`quantity.${index}.weight`)}
                    error={ve?.weight?.message}
                  />
                  <TextField
                    label={
                      <>
                        Price (₹) <span className="sr-only">of weight {n}</span>
                      </>
                    }
                    type="number"
                    inputMode="numeric"
                    min={1}
                    registration={register(`quantity.${index}.price`)}
                    error={ve?.price?.message}
                  />
                  <TextField
                    label={
                      <>
                        SKU <span className="sr-only">of weight {n}</span>
                      </>
                    }
                    registration={register(`quantity.${index}.sku`)}
                    error={ve?.sku?.message}
                  />
                  <TextField
                    label={
                      <>
                        Stock <span className="sr-only">of weight {n}</span>
                      </>
                    }
                    type="number"
                    inputMode="numeric"
                    min={0}
                    registration={register(`quantity.${index}.stock`)}
                    error={ve?.stock?.message}
                  />
                  <TextField
                    label={
                      <>
                        Low below <span className="sr-only">for weight {n}</span>
                      </>
                    }
                    hint="Free stock under this shows as low"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    registration={register(`quantity.${index}.lowStockBelow`)}
                    error={ve?.lowStockBelow?.message}
                    containerClassName="col-span-2"
                  />
                  <TextField
                    label={
                      <>
                        Shipping weight (g) <span className="sr-only">of weight {n}</span>
                      </>
                    }
                    hint={`Empty: the weight plus ${PACKAGING_GRAMS} g of packaging`}
                    placeholder={shippingPlaceholder(weights[index]?.weight)}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    registration={register(`quantity.${index}.shippingWeight`)}
                    error={ve?.shippingWeight?.message}
                    containerClassName="col-span-2"
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="btn-outline"
          onClick={() => variants.append({ ...emptyVariant })}
        >
          <PlusIcon className="h-4 w-4" />
          Add weight
        </button>
      </fieldset>

      {product && (chosen.length > 0 || pictureError) && (
        <section
          aria-labelledby={`${headingId}-left-over`}
          className="rounded-xl border border-maroon-600/40 bg-maroon-600/5 p-4"
        >
          <h3
            id={`${headingId}-left-over`}
            className="font-display text-lg font-semibold text-forest-800"
          >
            Pictures still to upload
          </h3>
          {pictureError && (
            <p role="alert" className="mt-1 text-sm text-maroon-700">
              {pictureError}
            </p>
          )}
          <div className="mt-3">
            <PicturePicker
              pictures={chosen}
              onChange={setChosen}
              defaultAlt={defaultAlt}
              busy={busy}
            />
          </div>
          <button
            type="button"
            className="btn-primary mt-3"
            disabled={busy || chosen.length === 0}
            onClick={uploadLeftOver}
          >
            Upload these pictures
          </button>
        </section>
      )}
      {product ? (
        <ImageManager
          title="Pictures"
          images={product.images}
          altOf={(n) => product.imageAlts[n - 1] || `${product.name}, picture ${n}`}
          descriptions={{
            of: (n) => product.imageAlts[n - 1] ?? '',
            fallback: defaultAlt,
            onSave: (imageUrl, alt) =>
              pictureCall(setImageAlt({ id: product._id, imageUrl, alt }), PICTURE_ALT_SAVED),
          }}
          firstLabel="Main picture"
          busy={busy}
          onAdd={(files) => pictureCall(addImages({ id: product._id, files }), IMAGES_ADDED)}
          onDelete={(imageUrl) =>
            pictureCall(deleteImage({ id: product._id, imageUrl }), IMAGES_DELETED)
          }
          onReorder={(images) => pictureCall(reorderImages({ id: product._id, images }))}
        />
      ) : (
        <fieldset className="min-w-0">
          <legend className="font-display text-lg font-semibold text-forest-800">Pictures</legend>
          <p className="mt-1 text-sm text-muted">
            JPEG, PNG, WebP or AVIF, up to 10 MB each. The first picture is the main picture; they
            are uploaded when the product is added.
          </p>
          <div className="mt-4">
            <PicturePicker
              pictures={chosen}
              onChange={setChosen}
              defaultAlt={defaultAlt}
              busy={isSubmitting}
            />
          </div>
        </fieldset>
      )}

      <div className="sticky -bottom-5 z-[2] -mx-5 -mb-5 flex flex-col-reverse gap-3 border-t border-cream-200 bg-white px-5 py-4 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6">
        <button type="button" className="btn-outline" onClick={onClose}>
          {product ? 'Done' : 'Cancel'}
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting || busy}>
          {product ? 'Save changes' : 'Add product'}
        </button>
      </div>
    </form>
  );
}
