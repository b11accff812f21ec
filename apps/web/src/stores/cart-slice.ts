import {
  addToCart,
  CART_STORAGE_KEY,
  type Cart,
  type CartItem,
  clearCart,
  removeFromCart,
  replaceCart,
  setCartQuantity,
} from '@makhana/domain/cart';
import type { Product } from '@makhana/domain/product';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { refreshCartPrices } from '../api/refresh-cart-prices';

type LineKey = Pick<CartItem, 'id' | 'weight' | 'sku'>;

/** The cart and nothing else: orders and payments are the server's, asked for where shown. */
export interface CartState extends Cart {
  /** this browser's stored cart has been read: false only as the server renders a page */
  restored: boolean;
}

/**
 * Today's price for every line, from its variant (matched by sku) in the catalogue; lines whose
 * product or variant is gone are dropped. The total follows.
 */
export function repriceCart(cart: Cart, products: readonly Product[]): Cart {
  const items = cart.items.flatMap((line) => {
    const variant = products
      .find((product) => product._id === line.id)
      ?.quantity.find((entry) => entry.sku === line.sku);
    return variant ? [{ ...line, price: variant.price }] : [];
  });
  return replaceCart({ items });
}

export function loadStoredCart(): Cart {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    return raw ? replaceCart(JSON.parse(raw)) : clearCart();
  } catch {
    return clearCart();
  }
}

export function storeCart(cart: Cart): void {
  try {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ items: cart.items, total: cart.total }),
    );
  } catch {
    // A full or blocked storage must not break shopping; the cart still lives for this visit.
  }
}

/** A cart with nothing in it, as the server renders every page. */
export function blankCartState(): CartState {
  return { ...clearCart(), restored: false };
}

function initialState(): CartState {
  return { ...blankCartState(), ...loadStoredCart(), restored: true };
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    addItem(state, action: PayloadAction<CartItem>) {
      Object.assign(state, addToCart(state, action.payload));
    },
    removeItem(state, action: PayloadAction<LineKey>) {
      Object.assign(state, removeFromCart(state, action.payload));
    },
    updateQuantity(state, action: PayloadAction<LineKey & { quantity: number }>) {
      Object.assign(state, setCartQuantity(state, action.payload, action.payload.quantity));
    },
    emptyCart(state) {
      Object.assign(state, clearCart());
    },
    replaceCartContents(state, action: PayloadAction<unknown>) {
      Object.assign(state, replaceCart(action.payload));
    },
  },
  extraReducers: (builder) => {
    builder.addCase(refreshCartPrices.fulfilled, (state, action) => {
      Object.assign(state, repriceCart(state, action.payload));
    });
  },
});

export const { addItem, removeItem, updateQuantity, emptyCart, replaceCartContents } =
  cartSlice.actions;
export const cartReducer = cartSlice.reducer;
