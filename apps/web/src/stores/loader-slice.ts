import { createSlice } from '@reduxjs/toolkit';

/** The full-screen loader: shown while any of its holders (start-up loads, page actions) is busy. */
export interface LoaderState {
  holders: number;
}

const loaderSlice = createSlice({
  name: 'loader',
  initialState: { holders: 0 } as LoaderState,
  reducers: {
    showLoader(state) {
      state.holders += 1;
    },
    hideLoader(state) {
      state.holders = Math.max(0, state.holders - 1);
    },
  },
});

export const { showLoader, hideLoader } = loaderSlice.actions;
export const loaderReducer = loaderSlice.reducer;
