import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshCartPrices } from '../api/refresh-cart-prices';
import { pinkSaltLine, stubRoutes } from '../test/customer-fixtures';
import { catalogue, classic } from '../test/shop-fixtures';
import { addItem, repriceCart } from './cart-slice';
import { createStore } from './store';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart re-pricing from the catalogue', () => {
  it('takes each line price from its variant by sku and drops lines that vanished', () => {
    const cart = {
      items: [
        { ...pinkSaltLine, price: 500, quantity: 2 },
        { ...pinkSaltLine, id: classic._id, sku: 'MM-CLS-250', weight: 250, price: 400 },
        { ...pinkSaltLine, id: classic._id, sku: 'MM-CLS-GONE', weight: 750 },
        { ...pinkSaltLine, id: 'prod-deleted', sku: 'X-1' },
      ],
      total: 0,
    };
    const repriced = repriceCart(cart, catalogue);
    expect(repriced.items.map((line) => [line.sku, line.price, line.quantity])).toEqual([
      ['MM-HPS-250', 549, 2],
      ['MM-CLS-250', 449, 1],
    ]);
    expect(repriced.total).toBe(549 * 2 + 449);
  });

  it('refreshCartPrices reloads the catalogue and re-prices the stored cart', async () => {
    const store = createStore();
    store.dispatch(addItem({ ...pinkSaltLine, price: 1 }));
    const api = stubRoutes({});
    await store.dispatch(refreshCartPrices());
    expect(api.callsTo('GET /products/getProductDetails')).toHaveLength(1);
    expect(store.getState().cart.items).toEqual([pinkSaltLine]);
    expect(store.getState().cart.total).toBe(549);
    expect(store.getState().product.productDetails).toHaveLength(catalogue.length);
    expect(JSON.parse(localStorage.getItem('cart') ?? '{}').items[0].price).toBe(549);
  });
});
