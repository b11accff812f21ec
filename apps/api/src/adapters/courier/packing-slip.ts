/**
 * Packing slips as a PDF of 4 x 6 inch pages, the size label printers take, for a courier that
 * does not print its own. DejaVu Sans is embedded because PDF's standard fonts have no rupee
 * sign; the text is real text, and the barcodes are vector bars, sharp at any printer's dots.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatIndianNumber } from '@makhana/domain/money';
import { PDFDocument as PdfLibDocument } from 'pdf-lib';
import PDFDocument from 'pdfkit';
import { encodeCode128 } from './code128';
import type { PackingSlip } from './courier';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | null = null;

/** The fonts, read once per process; a failed read is tried again by the next PDF. */
function loadFonts() {
  fonts ??= Promise.all([
    readFile(path.join(FONT_DIR, 'DejaVuSans.ttf')),
    readFile(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fonts = null;
      throw error;
    },
  );
  return fonts;
}

type Doc = PDFKit.PDFDocument;

const PAGE_WIDTH = 288;
const PAGE_HEIGHT = 432;
/** The printed frame; printers lose a few points at the edges of a label. */
const FRAME = 8;
const LEFT = FRAME + 6;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const BOTTOM = PAGE_HEIGHT - FRAME;
/** Code 128's minimum quiet zone, clear of the frame on either side. */
const QUIET_MODULES = 10;

/** "₹1,234.50": the declared value as a courier's forms print it, always with paise. */
function rupees(paise: number): string {
  const whole = formatIndianNumber(Math.floor(paise / 100));
  return `₹${whole}.${String(paise % 100).padStart(2, '0')}`;
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(FRAME, y)
    .lineTo(PAGE_WIDTH - FRAME, y)
    .lineWidth(1)
    .stroke('#000');
}

/**
 * Text wrapped to at most `lines` lines at (x, y), the rest cut with an ellipsis: a long address
 * or list of contents stays in its block. Answers where the text ended.
 */
function text(
  doc: Doc,
  value: string,
  at: { x?: number; y: number; width?: number; lines?: number },
  style: { size: number; bold?: boolean; align?: 'left' | 'center' | 'right' },
): number {
  doc.font(style.bold ? 'bold' : 'regular').fontSize(style.size);
  doc.text(value, at.x ?? LEFT, at.y, {
    width: at.width ?? WIDTH,
    height: doc.currentLineHeight(true) * (at.lines ?? 1),
    ellipsis: true,
    align: style.align ?? 'left',
  });
  return doc.y;
}

/** A block's small heading. */
const heading = (doc: Doc, value: string, y: number) =>
  text(doc, value, { y }, { size: 7, bold: true });

/**
 * A Code 128 barcode centred across the frame, its bars as filled rectangles, as wide as the
 * quiet zones let it be up to `maxModule` points a module.
 */
function barcode(doc: Doc, value: string, y: number, height: number, maxModule: number): void {
  const { widths } = encodeCode128(value);
  const modules = widths.reduce((sum, width) => sum + width, 0);
  // Within the frame's lines, which would end a quiet zone as a bar does.
  const inside = PAGE_WIDTH - 2 * FRAME - 2;
  const module = Math.min(maxModule, inside / (modules + 2 * QUIET_MODULES));
  let x = (PAGE_WIDTH - modules * module) / 2;
  widths.forEach((width, index) => {
    if (index % 2 === 0) doc.rect(x, y, width * module, height);
    x += width * module;
  });
  doc.fill('#000');
}

function drawSlip(doc: Doc, slip: PackingSlip): void {
  doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
  doc
    .rect(FRAME, FRAME, PAGE_WIDTH - 2 * FRAME, PAGE_HEIGHT - 2 * FRAME)
    .lineWidth(1.5)
    .stroke('#000');
  doc.fillColor('#000');

  text(doc, slip.courierName, { y: 15, width: WIDTH - 70 }, { size: 12, bold: true });
  doc
    .rect(PAGE_WIDTH - LEFT - 60, 13, 60, 17)
    .lineWidth(1.2)
    .stroke('#000');
  text(
    doc,
    'Prepaid',
    { x: PAGE_WIDTH - LEFT - 60, y: 16, width: 60 },
    { size: 10, bold: true, align: 'center' },
  );
  rule(doc, 36);

  barcode(doc, slip.waybill, 44, 54, 2.5);
  text(doc, slip.waybill, { y: 101 }, { size: 12, bold: true, align: 'center' });
  rule(doc, 120);

  const { consignee } = slip;
  heading(doc, 'SHIP TO', 125);
  let y = text(doc, consignee.name, { y: 134 }, { size: 11, bold: true });
  y = text(doc, consignee.address, { y, lines: 4 }, { size: 9 });
  text(doc, `${consignee.city}, ${consignee.state}`, { y }, { size: 9 });
  text(doc, 'PIN', { y: 210 }, { size: 9, bold: true });
  text(doc, consignee.pincode, { x: LEFT + 22, y: 201, width: 130 }, { size: 20, bold: true });
  text(
    doc,
    `Phone: ${consignee.phone}`,
    { x: LEFT + 110, y: 209, width: WIDTH - 110 },
    { size: 9, bold: true, align: 'right' },
  );
  rule(doc, 231);

  barcode(doc, slip.reference, 237, 28, 1);
  text(doc, `Order ${slip.reference}`, { y: 268 }, { size: 9, bold: true, align: 'center' });
  rule(doc, 284);

  heading(doc, `CONTENTS (HSN ${slip.hsnCode})`, 289);
  text(doc, slip.contents, { y: 298, lines: 3 }, { size: 8 });
  const half = WIDTH / 2;
  text(doc, `Units: ${slip.units}`, { y: 330, width: half }, { size: 9 });
  text(
    doc,
    `Weight: ${formatIndianNumber(slip.weightGrams)} g`,
    { x: LEFT + half, y: 330, width: half },
    { size: 9 },
  );
  const { box } = slip;
  text(
    doc,
    `Box: ${box.lengthCm} x ${box.breadthCm} x ${box.heightCm} cm`,
    { y: 342, width: half },
    { size: 9 },
  );
  text(
    doc,
    `Value: ${rupees(slip.declaredValuePaise)}`,
    { x: LEFT + half, y: 342, width: half },
    { size: 9, bold: true },
  );
  rule(doc, 357);

  const { seller } = slip;
  heading(doc, 'RETURN TO / SELLER', 362);
  y = text(doc, seller.name, { y: 371 }, { size: 9, bold: true });
  text(doc, seller.address, { y, lines: 2 }, { size: 8 });
  text(doc, `GSTIN: ${seller.gstin}`, { y: BOTTOM - 15 }, { size: 9 });
}

/** One PDF, one 4 x 6 inch page a slip, in the order given. */
export async function drawPackingSlips(slips: PackingSlip[]): Promise<Buffer> {
  if (slips.length === 0) throw new RangeError('no packing slips to draw');
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: 'Packing slips', Author: slips[0]!.seller.name },
    lang: 'en-IN',
    pdfVersion: '1.7',
    // The slip's own fonts only: no Helvetica metrics read for a font it never uses.
    font: '',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  for (const slip of slips) drawSlip(doc, slip);
  doc.end();
  return done;
}

/** PDFs joined into one, pages in order: for a courier that answers one PDF per parcel. */
export async function mergePdfs(pdfs: Buffer[]): Promise<Buffer> {
  if (pdfs.length === 0) throw new RangeError('no PDFs to merge');
  if (pdfs.length === 1) return pdfs[0]!;
  const merged = await PdfLibDocument.create();
  for (const bytes of pdfs) {
    const source = await PdfLibDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}
