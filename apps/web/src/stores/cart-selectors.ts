import { summarizeCart } from '@makhana/domain/cart';
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from './store';

export const selectCartItems = (state: RootState) => state.cart.items;

export const selectCartSummary = createSelector(selectCartItems, (items) => summarizeCart(items));
