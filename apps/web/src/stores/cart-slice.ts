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
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

type LineKey = Pick<CartItem, 'id' | 'weight' | 'sku'>;

/** The order and payment fields are filled by checkout; the cart rules themselves live in the domain package. */
export interface CartState extends Cart {
  orderDetails: unknown[];
  order: unknown;
  razorpay: unknown;
  loading: boolean;
  error: string | null;
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

function initialState(): CartState {
  return {
    ...loadStoredCart(),
    orderDetails: [],
    order: null,
    razorpay: null,
    loading: false,
    error: null,
  };
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
});

export const { addItem, removeItem, updateQuantity, emptyCart, replaceCartContents } =
  cartSlice.actions;
export const cartReducer = cartSlice.reducer;
