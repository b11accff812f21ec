import {
  CART_QUANTITY_MAX,
  CART_QUANTITY_MIN,
  FREE_SHIPPING_ABOVE_RUPEES,
  SHIPPING_FEE_RUPEES,
} from './constants';

/** A cart line as the browser keeps it (docs/product.md#cart); price in rupees. */
export interface CartItem {
  id: string;
  name: string;
  image: string;
  weight: number;
  sku: string;
  price: number;
  quantity: number;
}

export interface Cart {
  items: CartItem[];
  total: number;
}

export const emptyCart: Cart = { items: [], total: 0 };

/** The key under which the browser keeps the cart. */
export const CART_STORAGE_KEY = 'cart';

type LineKey = Pick<CartItem, 'id' | 'weight' | 'sku'>;

function sameLine(a: LineKey, b: LineKey): boolean {
  return a.id === b.id && a.weight === b.weight && a.sku === b.sku;
}

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return CART_QUANTITY_MIN;
  return Math.min(CART_QUANTITY_MAX, Math.max(CART_QUANTITY_MIN, Math.trunc(quantity)));
}

export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

function withTotal(items: CartItem[]): Cart {
  return { items, total: cartTotal(items) };
}

/** Adding a line that matches on id, weight and sku raises its quantity; otherwise it is appended. */
export function addToCart(cart: Cart, item: CartItem): Cart {
  const existing = cart.items.find((line) => sameLine(line, item));
  if (existing) {
    return withTotal(
      cart.items.map((line) =>
        line === existing
          ? { ...line, quantity: clampQuantity(line.quantity + item.quantity) }
          : line,
      ),
    );
  }
  return withTotal([...cart.items, { ...item, quantity: clampQuantity(item.quantity) }]);
}

export function removeFromCart(cart: Cart, key: LineKey): Cart {
  return withTotal(cart.items.filter((line) => !sameLine(line, key)));
}

export function setCartQuantity(cart: Cart, key: LineKey, quantity: number): Cart {
  return withTotal(
    cart.items.map((line) =>
      sameLine(line, key) ? { ...line, quantity: clampQuantity(quantity) } : line,
    ),
  );
}

export function clearCart(): Cart {
  return { items: [], total: 0 };
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.image === 'string' &&
    typeof v.weight === 'number' &&
    typeof v.sku === 'string' &&
    typeof v.price === 'number' &&
    typeof v.quantity === 'number'
  );
}

/**
 * Replaces the cart wholesale from an object with items (for example what the browser stored).
 * Malformed lines are dropped and the total is recomputed, never trusted.
 */
export function replaceCart(value: unknown): Cart {
  if (typeof value !== 'object' || value === null) return clearCart();
  const items = (value as { items?: unknown }).items;
  if (!Array.isArray(items)) return clearCart();
  return withTotal(
    items.filter(isCartItem).map((item) => ({ ...item, quantity: clampQuantity(item.quantity) })),
  );
}

/** Free standard shipping when the subtotal exceeds Rs 500, otherwise Rs 50; nothing to ship costs nothing. */
export function shippingFor(subtotal: number): number {
  if (subtotal <= 0) return 0;
  return subtotal > FREE_SHIPPING_ABOVE_RUPEES ? 0 : SHIPPING_FEE_RUPEES;
}

export interface CartSummary {
  subtotal: number;
  shipping: number;
  total: number;
  itemCount: number;
}

export function summarizeCart(items: readonly CartItem[]): CartSummary {
  const subtotal = cartTotal(items);
  const shipping = shippingFor(subtotal);
  return {
    subtotal,
    shipping,
    total: subtotal + shipping,
    itemCount: items.reduce((n, item) => n + item.quantity, 0),
  };
}
