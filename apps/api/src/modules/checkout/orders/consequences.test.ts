import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { insertProduct, soldOrderRow } from '../../../test/order-fixtures';
import { issueInvoice } from '../../invoicing';
import { seedDemoShopSettings } from '../../shop';
import { pdfAttachment } from './consequences';

const api = useTestApp({ owner: true });

describe("a mail's tax document", () => {
  it('is attached as its PDF, or left out when the PDF is not drawn in time', async () => {
    await seedDemoShopSettings(api.db);
    const [pouch] = await insertProduct(api.db, {
      variants: [{ weight: 100, price: 149, stock: 10 }],
    });
    if (!pouch) throw new Error('no variant');
    const orderId = await soldOrderRow(api.db, pouch, { paidAt: new Date().toISOString() });
    const invoice = await issueInvoice(api.db, orderId);
    if (!invoice) throw new Error('the sale has no invoice');
    const ctx = api.app.orders.context;

    expect(await pdfAttachment(ctx, invoice, 'invoice', 0)).toBeNull();
    const attached = await pdfAttachment(ctx, invoice, 'invoice');
    expect(attached).toMatchObject({
      filename: `invoice-${invoice.number.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
    });
    expect(attached?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
