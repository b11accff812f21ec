import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';

afterEach(() => {
  act(() => toast.dismiss());
});

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
});
