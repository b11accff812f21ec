import { describe, expect, it } from 'vitest';
import { paidOrder } from '../../../test/customer-fixtures';
import { awaitingInvoice } from './get-order';

const now = Date.parse('2026-11-28T10:00:00Z');
const justPaid = { ...paidOrder, paidAt: '2026-11-28T09:59:50Z', invoice: null };

describe('awaitingInvoice', () => {
  it('waits for a sale paid within ten minutes whose invoice has not come', () => {
    expect(awaitingInvoice(justPaid, now)).toBe(true);
  });

  it('stops once the invoice is there, for a refund, an unpaid order, or an old payment', () => {
    const invoice = {
      number: 'MM/2627/000001',
      issuedAt: justPaid.paidAt,
      placeOfSupply: { state: 'Bihar', code: '10' },
      taxType: 'CGST+SGST' as const,
      taxableValue: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 0,
      lines: [],
    };
    expect(awaitingInvoice({ ...justPaid, invoice }, now)).toBe(false);
    expect(awaitingInvoice({ ...justPaid, needsRefund: true }, now)).toBe(false);
    expect(awaitingInvoice({ ...justPaid, paymentStatus: 'pending' }, now)).toBe(false);
    expect(awaitingInvoice({ ...justPaid, paidAt: '2026-11-28T09:49:59Z' }, now)).toBe(false);
    expect(awaitingInvoice(undefined, now)).toBe(false);
  });
});
