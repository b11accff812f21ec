/**
 * The shop's own slices follow the owner's writes by the names of their endpoints: these run the
 * real mutations through a store, so a renamed endpoint or a changed RTK Query action fails here.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBanners } from '../../../api/get-banners';
import { fetchProducts } from '../../../api/get-products';
import { OWNER_BANNER_WRITES } from '../../../stores/banner-slice';
import { OWNER_PRODUCT_WRITES, setProduct } from '../../../stores/product-slice';
import { createStore } from '../../../stores/store';
import { stubRoutes } from '../../../test/customer-fixtures';
import { classic, fail, makeProduct, ok, periPeri } from '../../../test/shop-fixtures';
import { ownerBannersApi } from './banners';
import { ownerProductsApi } from './products';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A store whose catalogue holds `classic` and `periPeri`, the product page showing `periPeri`. */
function shopStore() {
  const store = createStore();
  store.dispatch(fetchProducts.fulfilled([classic, periPeri], 'loaded'));
  store.dispatch(setProduct(periPeri));
  return store;
}

const body = {} as never;

describe("the shop's catalogue and the owner's product writes", () => {
  it('names every write the slices follow, and each is one of these files', () => {
    // The API slice is shared: its endpoints are every feature's, so each list is checked by name.
    const writesOf = (endpoints: object, word: RegExp) =>
      Object.entries(endpoints)
        .filter(([name, endpoint]) => word.test(name) && 'useMutation' in endpoint)
        .map(([name]) => name)
        .sort();
    expect(writesOf(ownerProductsApi.endpoints, /Product/)).toEqual(
      [...OWNER_PRODUCT_WRITES].sort(),
    );
    expect(writesOf(ownerBannersApi.endpoints, /Banner/)).toEqual([...OWNER_BANNER_WRITES].sort());
  });

  it('puts an added product first (newest first)', async () => {
    const added = makeProduct({ _id: 'prod-new', name: 'Mint Makhana' });
    stubRoutes({ 'POST /products/addProduct': ok(added) });
    const store = shopStore();
    await store.dispatch(ownerProductsApi.endpoints.addProduct.initiate(body)).unwrap();
    expect(store.getState().product.productDetails.map((p) => p._id)).toEqual([
      'prod-new',
      classic._id,
      periPeri._id,
    ]);
    // The product page shows another product: it stays as it was.
    expect(store.getState().product.product).toEqual(periPeri);
  });

  it('replaces an updated product in place, and on its page', async () => {
    const changed = { ...periPeri, price: 399 };
    stubRoutes({ 'POST /products/updateProduct/prod-peri-peri': ok(changed) });
    const store = shopStore();
    await store
      .dispatch(ownerProductsApi.endpoints.updateProduct.initiate({ id: periPeri._id, body }))
      .unwrap();
    expect(store.getState().product.productDetails).toEqual([classic, changed]);
    expect(store.getState().product.product).toEqual(changed);
  });

  it("follows a picture's change", async () => {
    const reordered = { ...periPeri, images: [...periPeri.images].reverse() };
    stubRoutes({ 'POST /products/reorderProductImages/prod-peri-peri': ok(reordered) });
    const store = shopStore();
    await store
      .dispatch(
        ownerProductsApi.endpoints.reorderProductImages.initiate({
          id: periPeri._id,
          images: reordered.images,
        }),
      )
      .unwrap();
    expect(store.getState().product.product?.images).toEqual(reordered.images);
  });

  it('takes a deleted product out of the catalogue and off its page', async () => {
    stubRoutes({ 'POST /products/deleteProduct/prod-peri-peri': ok({ _id: periPeri._id }) });
    const store = shopStore();
    await store.dispatch(ownerProductsApi.endpoints.deleteProduct.initiate(periPeri._id)).unwrap();
    expect(store.getState().product.productDetails).toEqual([classic]);
    expect(store.getState().product.product).toBeNull();
  });

  it('keeps the catalogue as it was when a write is refused', async () => {
    stubRoutes({ 'POST /products/addProduct': fail(400, 'name: Name is required') });
    const store = shopStore();
    const result = await store.dispatch(ownerProductsApi.endpoints.addProduct.initiate(body));
    expect(result.error).toMatchObject({ status: 400, message: 'name: Name is required' });
    expect(store.getState().product.productDetails).toEqual([classic, periPeri]);
    expect(store.getState().product.error).toBeNull();
  });
});

describe("the home carousel and the owner's banner writes", () => {
  it('stores the list each write answers, and keeps it on a refusal', async () => {
    const before = [{ _id: 'b1', images: ['/a.webp', '/b.webp'] }];
    const after = [{ _id: 'b1', images: ['/b.webp', '/a.webp'] }];
    stubRoutes({
      'POST /banners/reorderBannerImages': ok(after),
      'POST /banners/deleteBannerImage': fail(404, 'Image not found'),
    });
    const store = createStore();
    store.dispatch(fetchBanners.fulfilled(before, 'loaded'));
    const { reorderBannerImages, deleteBannerImage } = ownerBannersApi.endpoints;
    await store.dispatch(reorderBannerImages.initiate(['/b.webp', '/a.webp'])).unwrap();
    expect(store.getState().banner.banners).toEqual(after);
    const refused = await store.dispatch(deleteBannerImage.initiate('/c.webp'));
    expect(refused.error).toMatchObject({ message: 'Image not found' });
    expect(store.getState().banner.banners).toEqual(after);
  });
});
