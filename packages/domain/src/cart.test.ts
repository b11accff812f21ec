import { describe, expect, it } from 'vitest';
import {
  addToCart,
  type CartItem,
  cartTotal,
  clampQuantity,
  clearCart,
  emptyCart,
  removeFromCart,
  replaceCart,
  setCartQuantity,
  shippingFor,
  summarizeCart,
} from './cart';

const classic100: CartItem = {
  id: 'p1',
  name: 'Classic Roasted Makhana',
  image: '/uploads/demo/products/classic-roasted-1.svg',
  weight: 100,
  sku: 'MM-CLS-100',
  price: 199,
  quantity: 1,
};
const classic250: CartItem = { ...classic100, weight: 250, sku: 'MM-CLS-250', price: 449 };

describe('cart rules', () => {
  it('raises the quantity of a line with the same id, weight and sku', () => {
    const cart = addToCart(addToCart(emptyCart, classic100), { ...classic100, quantity: 2 });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(3);
    expect(cart.total).toBe(597);
  });

  it('adds a new line when the weight or sku differs', () => {
    const cart = addToCart(addToCart(emptyCart, classic100), classic250);
    expect(cart.items.map((i) => i.sku)).toEqual(['MM-CLS-100', 'MM-CLS-250']);
    expect(cart.total).toBe(199 + 449);
    const sameWeightOtherSku = addToCart(cart, { ...classic100, sku: 'MM-CLS-100-GIFT' });
    expect(sameWeightOtherSku.items).toHaveLength(3);
  });

  it('never lets a line go above 10 or below 1', () => {
    const many = addToCart(emptyCart, { ...classic100, quantity: 8 });
    expect(addToCart(many, { ...classic100, quantity: 5 }).items[0]?.quantity).toBe(10);
    expect(setCartQuantity(many, classic100, 0).items[0]?.quantity).toBe(1);
    expect(setCartQuantity(many, classic100, -4).items[0]?.quantity).toBe(1);
    expect(setCartQuantity(many, classic100, 11).items[0]?.quantity).toBe(10);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(3.7)).toBe(3);
  });

  it('removes only the line matching id, weight and sku', () => {
    const cart = addToCart(addToCart(emptyCart, classic100), classic250);
    const after = removeFromCart(cart, { id: 'p1', weight: 250, sku: 'MM-CLS-250' });
    expect(after.items).toEqual([classic100]);
    expect(after.total).toBe(199);
  });

  it('updates a line and keeps the total equal to the sum of price times quantity', () => {
    const cart = setCartQuantity(
      addToCart(addToCart(emptyCart, classic100), classic250),
      classic250,
      3,
    );
    expect(cart.total).toBe(199 + 3 * 449);
    expect(cart.total).toBe(cartTotal(cart.items));
  });

  it('clears to no items and a zero total', () => {
    expect(clearCart()).toEqual({ items: [], total: 0 });
  });

  it('replaces the cart wholesale, dropping malformed lines and recomputing the total', () => {
    const cart = replaceCart({
      items: [classic100, { ...classic250, quantity: 40 }, { id: 'broken' }, null],
      total: 1,
    });
    expect(cart.items).toHaveLength(2);
    expect(cart.items[1]?.quantity).toBe(10);
    expect(cart.total).toBe(199 + 10 * 449);
    expect(replaceCart('nonsense')).toEqual({ items: [], total: 0 });
    expect(replaceCart({ items: 'x' })).toEqual({ items: [], total: 0 });
  });
});

describe('shipping and totals', () => {
  it('charges Rs 50 up to and including Rs 500 and ships free above it', () => {
    expect(shippingFor(499)).toBe(50);
    expect(shippingFor(500)).toBe(50);
    expect(shippingFor(501)).toBe(0);
    expect(shippingFor(0)).toBe(0);
  });

  it('sums subtotal, shipping and the number of items', () => {
    expect(summarizeCart([{ ...classic100, quantity: 2 }])).toEqual({
      subtotal: 398,
      shipping: 50,
      total: 448,
      itemCount: 2,
    });
    expect(summarizeCart([classic100, classic250])).toEqual({
      subtotal: 648,
      shipping: 0,
      total: 648,
      itemCount: 2,
    });
  });
});
