import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../../test/shop-fixtures';
import { PincodeCheck } from './pincode-check';

const input = () => screen.getByLabelText('Check delivery to your pincode') as HTMLInputElement;
const check = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check' })));

beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PincodeCheck', () => {
  it('keeps digits only, at most six', () => {
    stubApi();
    render(<PincodeCheck />);
    fireEvent.change(input(), { target: { value: '84a6-0 04' } });
    expect(input().value).toBe('846004');
    fireEvent.change(input(), { target: { value: '84600412' } });
    expect(input().value).toBe('846004');
    expect(input().maxLength).toBe(6);
  });

  it('rejects a short pincode with the exact message and asks nobody', async () => {
    const fetchMock = stubApi();
    render(<PincodeCheck />);
    fireEvent.change(input(), { target: { value: '8460' } });
    await check();
    expect(screen.getByText('Please enter a valid 6-digit pincode.')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Delivery Available with district and state code for a served pincode', async () => {
    const fetchMock = stubApi([], (path) =>
      path === '/orders/pincodeVerification'
        ? ok({ delivery_codes: [{ postal_code: { district: 'Darbhanga', state_code: 'BR' } }] })
        : undefined,
    );
    render(<PincodeCheck />);
    fireEvent.change(input(), { target: { value: '846004' } });
    await check();
    expect(await screen.findByText('Delivery Available')).toBeTruthy();
    expect(screen.getByText(/Darbhanga, BR/)).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ pincode: '846004' });
  });

  it('shows Not Deliverable when no postal code comes back', async () => {
    stubApi([], (path) =>
      path === '/orders/pincodeVerification' ? ok({ delivery_codes: [] }) : undefined,
    );
    render(<PincodeCheck />);
    fireEvent.change(input(), { target: { value: '999999' } });
    await check();
    expect(await screen.findByText('Not Deliverable')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('toasts the generic message and shows Not Deliverable when the call fails', async () => {
    stubApi([], (path) =>
      path === '/orders/pincodeVerification' ? fail(404, 'Route not found') : undefined,
    );
    render(<PincodeCheck />);
    fireEvent.change(input(), { target: { value: '110001' } });
    await check();
    expect(await screen.findByText('Not Deliverable')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Something went wrong. Please try again.');
  });
});
