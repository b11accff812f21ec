import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rupeesInWords, taxSale } from '@makhana/domain/gst';
import { afterAll, describe, expect, it } from 'vitest';
import type { IssuedDocument } from './issue';
import { type PdfAssets, pdfKit, renderPdf } from './pdf-render';

const require = createRequire(import.meta.url);
const FONTS = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const assets: PdfAssets = {
  regular: readFileSync(path.join(FONTS, 'DejaVuSans.ttf')),
  bold: readFileSync(path.join(FONTS, 'DejaVuSans-Bold.ttf')),
  logo: null,
};

function invoice(buyerName: string, number: string, quantity: number): IssuedDocument {
  const sale = taxSale(
    [
      {
        description: 'Roasted Makhana, Himalayan Salt 100 g',
        hsnCode: '2008',
        quantity,
        unitPricePaise: 24_900,
        gstRate: 5,
      },
      {
        description: 'Raw Makhana 250 g',
        hsnCode: '0802',
        quantity: 1,
        unitPricePaise: 39_900,
        gstRate: 5,
      },
    ],
    4_900,
    'IGST',
  );
  return {
    ...sale,
    kind: 'invoice',
    number,
    issuedAt: '2026-11-28T10:00:00.000Z',
    orderNumber: 'MM-261128-0042',
    seller: {
      legalName: 'Mithila Makhana Co.',
      tradeName: 'Mithila Makhana',
      address: { street: 'Plot 14, Bela', city: 'Darbhanga', state: 'Bihar', pincode: '846005' },
      stateCode: '10',
      gstin: '10AAAAA0000A1ZH',
      fssaiLicence: '10423000000123',
    },
    buyer: {
      name: buyerName,
      address: '4 Hauz Khas Village',
      city: 'New Delhi',
      state: 'Delhi',
      stateCode: '07',
      pincode: '110016',
      phone: '9876543210',
      email: 'buyer@example.in',
    },
    placeOfSupply: { state: 'Delhi', code: '07' },
    reverseCharge: 'No',
    amountInWords: rupeesInWords(sale.totalPaise),
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'mm-pdf-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What poppler reads of a PDF: its text as laid out, and its first page drawn at 50 dpi. */
function readBack(bytes: Buffer, name: string): { text: string; pixels: Buffer } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-r', '50', '-png', '-singlefile', file, path.join(dir, name)]);
  return { text, pixels: readFileSync(path.join(dir, `${name}.png`)) };
}

describe('a PDF drawn with fonts kept across documents', () => {
  it('is the same document as one drawn with the fonts fresh', async () => {
    const kept = pdfKit(assets);
    const first = invoice('Asha Kumari', 'MM/2627/000123', 2);
    const other = invoice('Ravi Shankar Prasad', 'MM/2627/000124', 3);
    await renderPdf(first, kept);
    await renderPdf(other, kept);
    const again = readBack(await renderPdf(first, kept), 'again');
    const fresh = readBack(await renderPdf(first, pdfKit(assets)), 'fresh');

    expect(again.text).toContain('Asha Kumari');
    expect(again.text).toContain('MM/2627/000123');
    expect(again.text).toContain('₹');
    expect(again.text).not.toContain('Ravi Shankar');
    expect(again.text).toBe(fresh.text);
    expect(again.pixels.equals(fresh.pixels)).toBe(true);
  });
});
