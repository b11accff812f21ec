import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

function screenIs(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: narrow && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** The toasts on screen once every exit has run (jsdom runs no CSS animation). */
function settledToasts(): string[] {
  for (const element of document.querySelectorAll('.Toastify__toast')) {
    fireEvent.animationEnd(element);
  }
  return screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
}

describe('toast', () => {
  it('shows the same words once while they are on screen', async () => {
    render(<ToastContainer autoClose={false} />);
    act(() => {
      toast.success('Product added to cart');
      toast.success('Product added to cart');
      toast.error('Product added to cart');
      toast.success('Quantity updated');
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getAllByText('Product added to cart')).toHaveLength(2);
  });

  it('shows the words again once the first toast has gone', async () => {
    render(<ToastContainer autoClose={false} />);
    act(() => {
      toast.success('Saved');
    });
    const first = await screen.findByRole('alert');
    act(() => toast.dismiss());
    // jsdom runs no CSS animation: the exit's end is the test's to send.
    fireEvent.animationEnd(first.closest('.Toastify__toast')!);
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
    act(() => {
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('keeps two on a phone: the newest shows at once and the oldest makes room', async () => {
    screenIs(true);
    render(<ToastContainer autoClose={false} />);
    act(() => {
      toast.success('User Login successfully');
      toast.success('Pincode verified successfully');
      toast.error('Payment was cancelled or not completed.', {
        toastId: 'Payment was cancelled or not completed.',
      });
    });
    await waitFor(() =>
      expect(settledToasts()).toEqual([
        'Pincode verified successfully',
        'Payment was cancelled or not completed.',
      ]),
    );
  });

  it('keeps three on a wider screen', async () => {
    screenIs(false);
    render(<ToastContainer autoClose={false} />);
    act(() => {
      for (const text of ['one', 'two', 'three', 'four']) toast.success(text);
    });
    await waitFor(() => expect(settledToasts()).toEqual(['two', 'three', 'four']));
  });
});
