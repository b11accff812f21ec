import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { hideLoader, showLoader } from '../../stores/loader-slice';
import { createStore } from '../../stores/store';
import { LoaderOverlay } from './loader-overlay';

describe('LoaderOverlay', () => {
  it('shows while any loader holder is busy and hides when all are done', () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <LoaderOverlay />
      </Provider>,
    );
    expect(screen.queryByRole('status')).toBeNull();

    act(() => {
      store.dispatch(showLoader());
      store.dispatch(showLoader());
    });
    expect(screen.getByRole('status').textContent).toContain('Loading…');

    act(() => {
      store.dispatch(hideLoader());
    });
    expect(screen.getByRole('status')).toBeTruthy();

    act(() => {
      store.dispatch(hideLoader());
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
