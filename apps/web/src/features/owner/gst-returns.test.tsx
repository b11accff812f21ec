import type { GstReturns } from '@makhana/domain/contracts/invoicing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { signInOwner } from '../../test/owner-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { thisIndiaMonth } from './gst-returns';
import { OrdersTab } from './orders-tab';
import { json, page, stubOwnerApi } from './owner-test-api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOVEMBER: GstReturns = {
  month: '2026-11',
  b2cs: [
    { placeOfSupply: '07-Delhi', gstRate: 5, taxableValue: 141.9, cgst: 0, sgst: 0, igst: 7.1 },
    {
      placeOfSupply: '10-Bihar',
      gstRate: 5,
      taxableValue: 330.46,
      cgst: 8.27,
      sgst: 8.27,
      igst: 0,
    },
  ],
  hsn: [
    {
      hsnCode: '2008',
      description: 'Roasted Makhana 100 g',
      unit: 'NOS',
      quantity: 3,
      totalValue: 496,
      taxableValue: 472.36,
      cgst: 8.27,
      sgst: 8.27,
      igst: 7.1,
    },
  ],
  documents: {
    invoices: { from: 'MM/2627/000001', to: 'MM/2627/000003', count: 3, cancelled: 0 },
    creditNotes: { from: 'MMC/2627/000001', to: 'MMC/2627/000001', count: 1 },
  },
};

describe('GST returns', () => {
  it("opens at this month in India's time", () => {
    // 20:00 UTC on 30 November is already 1 December in India.
    expect(thisIndiaMonth(new Date('2026-11-30T20:00:00Z'))).toBe('2026-12');
    expect(thisIndiaMonth(new Date('2026-11-30T18:00:00Z'))).toBe('2026-11');
  });

  it("shows a month's returns and downloads each part as CSV", async () => {
    const api = stubOwnerApi({
      'GET /orders/orderDetails': () => page([], { page: 1, limit: 50, total: 0 }),
      'GET /orders/gst-returns': ({ query }) =>
        query.get('format') === 'csv'
          ? new Response('\ufeffType,Place Of Supply\r\n', {
              headers: {
                'Content-Type': 'text/csv; charset=utf-8',
                'Content-Disposition': `attachment; filename="gst-${query.get('part')}-${query.get('month')}.csv"`,
              },
            })
          : json({ ...NOVEMBER, month: query.get('month') }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:returns');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const store = createStore();
    signInOwner(store);
    renderRoutes([{ path: '/', Component: OrdersTab }], {
      initialEntries: ['/?tab=orders'],
      store,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'GST returns' }));
    const dialog = await screen.findByRole('dialog', { name: 'GST returns' });
    fireEvent.change(within(dialog).getByLabelText('Month'), { target: { value: '2026-11' } });

    const b2cs = await within(dialog).findByRole('table', { name: /^B2C \(small\)/ });
    const rows = within(b2cs)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toBe('07-Delhi5%141.907.100.000.00');
    expect(rows[2]).toBe('10-Bihar5%330.460.008.278.27');
    const documents = within(dialog).getByRole('table', { name: 'Documents issued' });
    expect(documents.textContent).toContain('MM/2627/000001MM/2627/00000330');
    const asked = api.callsTo('GET /orders/gst-returns').map((call) => call.query.get('month'));
    expect(asked).toContain('2026-11');
    expect(api.callsTo('GET /orders/gst-returns').every((call) => call.realm === 'owner')).toBe(
      true,
    );

    await user.click(within(dialog).getByRole('button', { name: 'HSN summary CSV' }));
    await waitFor(() => expect(saved).toEqual(['gst-hsn-2026-11.csv']));
  });
});
