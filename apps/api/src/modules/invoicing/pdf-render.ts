/**
 * A tax document drawn as an A4 PDF with pdfkit: DejaVu Sans embedded (subset to the characters
 * used) because PDF's standard fonts have no rupee sign, the shop's logo, and real text that a
 * screen reader and `pdftotext` read. This file runs in the PDF worker thread (pdf.ts), loaded by
 * Node's own TypeScript type stripping, so it uses erasable syntax only and imports by path.
 */
import { formatIndianNumber } from '@makhana/domain/money';
import { SITE } from '@makhana/domain/site';
import { create, type Font, type Glyph, type GlyphRun } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { IssuedDocument } from './issue.ts';

const INK = '#1f2a1f';
const MUTED = '#5f6b5f';
const RULE = '#c9d3c4';
const BRAND = '#1f3d2b';

/** "1,234.50": two decimals always, as an invoice's columns print money. */
export function money(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(paise) / 100);
  return `${sign}${formatIndianNumber(whole)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;
}

const INDIAN_DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** "28 Nov 2026": the date in India's time. */
const indianDate = (iso: string): string => INDIAN_DATE.format(new Date(iso));

const TITLES = { invoice: 'Tax Invoice', credit_note: 'Credit Note' } as const;

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: IssuedDocument['lines'][number], index: number) => string;
}

/** CGST and SGST side by side within the seller's state; IGST alone across states. */
function taxColumns(intra: boolean): Column[] {
  if (!intra) {
    return [{ label: 'IGST (₹)', width: 66, align: 'right', cell: (l) => money(l.igstPaise) }];
  }
  return [
    { label: 'CGST (₹)', width: 48, align: 'right', cell: (l) => money(l.cgstPaise) },
    { label: 'SGST (₹)', width: 48, align: 'right', cell: (l) => money(l.sgstPaise) },
  ];
}

/** The files every document is drawn with, read once by the process that draws them. */
export interface PdfAssets {
  regular: Buffer;
  bold: Buffer;
  /** the shop's mark as a JPEG on white; none when it could not be read */
  logo: Buffer | null;
}

/** The assets made ready to draw with, once per thread. */
export interface PdfKit {
  regular: Font;
  bold: Font;
  logo: Buffer | null;
}

/** Words laid out and kept per font; a shop's documents repeat far fewer than this. */
const LAYOUTS_KEPT = 20_000;

/**
 * The font's own `layout`, remembered per word: pdfkit lays text out word by word and forgets
 * with each document, while a tax document's words ("Taxable", "₹1,234.50", the seller's name)
 * recur in every one, and shaping a word through DejaVu's kerning tables is most of a layout.
 * pdfkit scales the positions it is given in place, so each caller gets positions of its own.
 */
function rememberLayouts(font: Font): void {
  const shape = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text, features, ...rest) => {
    if (features || rest.length) return shape(text, features, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= LAYOUTS_KEPT) runs.clear();
      run = shape(text);
      runs.set(text, run);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(run)) as GlyphRun, run, {
      positions: run.positions.map((position) => ({ ...position })),
    });
  };
}

/** fontkit's own decoding of a TrueType glyph's outline, which its type declarations omit. */
type DecodingGlyph = Glyph & { _decode?: () => unknown };

/**
 * Each glyph's outline decoded once. fontkit keeps one glyph object per glyph, but its subsetter
 * decodes the outline of every glyph it embeds again for each document (only to learn whether
 * it is made of others): a third of a document's time once the layouts were remembered. The
 * decoded outline is only read. Should fontkit stop decoding this way, glyphs are left as they
 * are and only the time is lost.
 */
function rememberOutlines(font: Font): void {
  const glyphOf = font.getGlyph.bind(font);
  const remembered = new WeakSet<Glyph>();
  font.getGlyph = (id, codePoints) => {
    const glyph: DecodingGlyph = glyphOf(id, codePoints);
    const decode = glyph._decode;
    if (typeof decode === 'function' && !remembered.has(glyph)) {
      remembered.add(glyph);
      let outline: { value: unknown } | null = null;
      glyph._decode = () => {
        outline ??= { value: decode.call(glyph) };
        return outline.value;
      };
    }
    return glyph;
  };
}

function parsedFont(bytes: Buffer): Font {
  const font = create(bytes);
  if (!('layout' in font)) throw new Error('a font collection cannot draw a tax document');
  rememberLayouts(font);
  rememberOutlines(font);
  return font;
}

/**
 * Parses the fonts once. A parsed font keeps the tables it has decoded, so every later document
 * lays out and subsets its text without decoding DejaVu's tables again: that was 60% of a
 * document's 56 ms when pdfkit parsed the font afresh for each document. The mark is a JPEG
 * because pdfkit copies a JPEG's bytes as they are, where a PNG is inflated and deflated again.
 */
export function pdfKit(assets: PdfAssets): PdfKit {
  return { regular: parsedFont(assets.regular), bold: parsedFont(assets.bold), logo: assets.logo };
}

/**
 * pdfkit takes a parsed fontkit font as well as its bytes (it checks for `layout`), which its
 * type declarations do not say.
 */
const fontSource = (font: Font) => font as unknown as Buffer;

export function renderPdf(document: IssuedDocument, kit: PdfKit): Promise<Buffer> {
  const { regular, bold, logo: mark } = kit;
  const title = TITLES[document.kind];
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.seller.legalName || SITE.brand,
      Subject: `${title} for order ${document.orderNumber}`,
    },
    lang: 'en-IN',
    displayTitle: true,
    pdfVersion: '1.7',
    tagged: true,
    // The document's own fonts only: no Helvetica metrics read for a font it never uses.
    font: '',
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', fontSource(regular));
  pdf.registerFont('bold', fontSource(bold));

  const left = 40;
  const width = pdf.page.width - 80;
  const { seller, buyer } = document;

  // The seller, with the mark beside the name.
  if (mark) pdf.image(mark, left, 40, { width: 44, height: 44 });
  const textLeft = mark ? left + 56 : left;
  pdf
    .font('bold')
    .fontSize(15)
    .fillColor(BRAND)
    .text(seller.legalName || SITE.brand, textLeft, 40, {
      width: width - 200,
    });
  pdf.font('regular').fontSize(8.5).fillColor(INK);
  if (seller.tradeName && seller.tradeName !== seller.legalName) {
    pdf.text(`Trading as ${seller.tradeName}`, { width: width - 200 });
  }
  pdf.text(
    `${seller.address.street}, ${seller.address.city}, ${seller.address.state} ${seller.address.pincode}`,
    { width: width - 200 },
  );
  pdf.text(`GSTIN ${seller.gstin}  ·  State ${seller.address.state} (${seller.stateCode})`, {
    width: width - 200,
  });
  if (seller.fssaiLicence)
    pdf.text(`FSSAI Lic. No. ${seller.fssaiLicence}`, { width: width - 200 });
  const sellerBottom = pdf.y;

  pdf.font('bold').fontSize(16).fillColor(BRAND).text(title, left, 40, { width, align: 'right' });
  pdf.font('regular').fontSize(8.5).fillColor(MUTED).text('Original for recipient', {
    width,
    align: 'right',
  });

  // The document's particulars, and who buys.
  let y = Math.max(sellerBottom, 100) + 14;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(RULE)
    .lineWidth(0.8)
    .stroke();
  y += 10;
  const half = width / 2 - 10;
  const particulars: [string, string][] = [
    [document.kind === 'invoice' ? 'Invoice number' : 'Credit note number', document.number],
    ['Date of issue', indianDate(document.issuedAt)],
    ['Order number', document.orderNumber],
    ...(document.invoice
      ? ([
          ['Against invoice', document.invoice.number],
          ['Invoice date', indianDate(document.invoice.issuedAt)],
        ] as [string, string][])
      : []),
    [
      'Place of supply',
      `${document.placeOfSupply.state}${document.placeOfSupply.code ? ` (${document.placeOfSupply.code})` : ''}`,
    ],
    ['Tax is payable on reverse charge', document.reverseCharge],
  ];
  pdf.fontSize(8.5);
  let rowY = y;
  for (const [label, value] of particulars) {
    pdf.font('regular').fillColor(MUTED).text(`${label}:`, left, rowY, { width: 150 });
    pdf
      .font('bold')
      .fillColor(INK)
      .text(value, left + 150, rowY, { width: half - 150 });
    rowY = pdf.y + 2;
  }
  const buyerLeft = left + width / 2 + 10;
  pdf.font('bold').fillColor(MUTED).text('Bill to and ship to', buyerLeft, y, { width: half });
  pdf.font('bold').fillColor(INK).text(buyer.name, { width: half });
  pdf
    .font('regular')
    .text(buyer.address, { width: half })
    .text(
      `${buyer.city}, ${buyer.state}${buyer.stateCode ? ` (${buyer.stateCode})` : ''} ${buyer.pincode}`,
      {
        width: half,
      },
    );
  if (buyer.phone) pdf.text(`Phone ${buyer.phone}`, { width: half });
  y = Math.max(rowY, pdf.y) + 12;

  // The lines.
  const intra = document.taxType === 'CGST+SGST';
  // A discount given at the sale is shown on the line it lowered (CGST Act section 15(3)).
  const discounted = document.lines.some((line) => (line.discountPaise ?? 0) > 0);
  const discountWidth = discounted ? 44 : 0;
  const columns: Column[] = [
    { label: '#', width: 18, align: 'left', cell: (_, index) => String(index + 1) },
    {
      label: 'Description',
      width: (intra ? 120 : 150) - discountWidth,
      align: 'left',
      cell: (l) => l.description,
    },
    { label: 'HSN', width: 40, align: 'left', cell: (l) => l.hsnCode },
    { label: 'Qty', width: 30, align: 'right', cell: (l) => `${l.quantity} nos` },
    { label: 'Rate (₹)', width: 52, align: 'right', cell: (l) => money(l.unitPricePaise) },
    ...(discounted
      ? [
          {
            label: 'Disc. (₹)',
            width: discountWidth,
            align: 'right' as const,
            cell: (l: IssuedDocument['lines'][number]) => money(l.discountPaise ?? 0),
          },
        ]
      : []),
    { label: 'Taxable (₹)', width: 58, align: 'right', cell: (l) => money(l.taxablePaise) },
    { label: 'GST', width: 30, align: 'right', cell: (l) => `${l.gstRate}%` },
    ...taxColumns(intra),
  ];
  const used = columns.reduce((sum, column) => sum + column.width, 0);
  columns.push({
    label: 'Total (₹)',
    width: width - used,
    align: 'right',
    cell: (l) => money(l.totalPaise),
  });

  const drawRow = (cells: string[], font: 'regular' | 'bold', fill?: string) => {
    pdf.font(font).fontSize(8);
    const heights = cells.map((cell, i) =>
      pdf.heightOfString(cell, { width: (columns[i]?.width ?? 0) - 6 }),
    );
    const height = Math.max(...heights) + 8;
    if (y + height > pdf.page.height - 120) {
      pdf.addPage();
      y = 40;
    }
    if (fill) pdf.rect(left, y, width, height).fill(fill);
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i] as Column;
      pdf
        .fillColor(INK)
        .font(font)
        .text(cell, x + 3, y + 4, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    y += height;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  };
  drawRow(
    columns.map((column) => column.label),
    'bold',
    '#eef3ec',
  );
  document.lines.forEach((line, index) => {
    drawRow(
      columns.map((column) => column.cell(line, index)),
      'regular',
    );
  });

  // The totals, and the amount in words.
  y += 10;
  const totals: [string, number][] = [
    ['Taxable value', document.taxablePaise],
    ...((intra
      ? [
          ['CGST', document.cgstPaise],
          ['SGST', document.sgstPaise],
        ]
      : [['IGST', document.igstPaise]]) as [string, number][]),
  ];
  const labelLeft = left + width - 250;
  pdf.fontSize(9);
  for (const [label, paise] of totals) {
    pdf.font('regular').fillColor(MUTED).text(label, labelLeft, y, { width: 150 });
    pdf
      .font('regular')
      .fillColor(INK)
      .text(`₹${money(paise)}`, labelLeft + 150, y, {
        width: 100,
        align: 'right',
      });
    y = pdf.y + 3;
  }
  pdf
    .moveTo(labelLeft, y)
    .lineTo(left + width, y)
    .strokeColor(INK)
    .lineWidth(0.8)
    .stroke();
  y += 5;
  const totalLabel = document.kind === 'invoice' ? 'Invoice total' : 'Credit note total';
  pdf.font('bold').fontSize(11).fillColor(BRAND).text(totalLabel, labelLeft, y, { width: 150 });
  pdf.text(`₹${money(document.totalPaise)}`, labelLeft + 150, y, { width: 100, align: 'right' });
  y = pdf.y + 10;
  pdf
    .font('regular')
    .fontSize(9)
    .fillColor(INK)
    .text(`Amount in words: ${document.amountInWords}`, left, y, { width });
  y = pdf.y + 4;
  pdf
    .fillColor(MUTED)
    .fontSize(8)
    .text(
      'Prices include GST. Shipping is part of the supply of the goods and is taxed at their rate.',
      left,
      y,
      { width },
    );

  // The signature block, and where to write.
  y = Math.max(pdf.y + 30, pdf.page.height - 160);
  pdf
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(`For ${seller.legalName || SITE.brand}`, left + width - 250, y, {
      width: 250,
      align: 'right',
    });
  pdf
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Authorised signatory (issued electronically)', { width: 250, align: 'right' });
  pdf.text(
    `Questions about this document: ${SITE.supportEmail}, ${SITE.phone}`,
    left,
    pdf.page.height - 70,
    { width, align: 'center' },
  );

  pdf.end();
  return done;
}
