import { execFile as execFileCallback } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCode128 } from './code128';
import type { PackingSlip } from './courier';
import { drawPackingSlips, mergePdfs } from './packing-slip';

const execFile = promisify(execFileCallback);

const ASHA: PackingSlip = {
  waybill: '17649280000042',
  courierName: 'Simulated courier',
  reference: 'MM-261128-0042',
  consignee: {
    name: 'Asha Kumari',
    address: '4 Hauz Khas Village',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110016',
    phone: '9876543210',
  },
  declaredValuePaise: 123_450,
  weightGrams: 540,
  box: { lengthCm: 30, breadthCm: 22, heightCm: 10 },
  contents: 'Roasted Makhana 100 g x 2, Raw Makhana 250 g x 1',
  units: 3,
  hsnCode: '2008',
  seller: {
    name: 'Mithila Makhana Co.',
    address: 'Plot 14, Bela Industrial Area, Darbhanga, Bihar 846005',
    gstin: '10AAAAA0000A1ZH',
  },
};

const RAVI: PackingSlip = {
  ...ASHA,
  waybill: '1764928123457',
  reference: 'MM-261128-0043',
  consignee: {
    name: 'Ravi Shankar Prasad',
    address: 'Flat 1203, Tower B, Prestige Lakeside Habitat, Varthur Hobli',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560087',
    phone: '9123456780',
  },
  declaredValuePaise: 99_900,
  seller: { ...ASHA.seller, gstin: '29AAAAA0000A1Z5' },
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mm-packing-slip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function saved(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, bytes);
  return file;
}

/** The page count and each page's size, as poppler reads them. */
async function pagesOf(file: string): Promise<{ count: number; sizes: string[] }> {
  const { stdout } = await execFile('pdfinfo', ['-f', '1', '-l', '100', file]);
  return {
    count: Number(/^Pages:\s+(\d+)$/m.exec(stdout)?.[1]),
    sizes: [...stdout.matchAll(/^Page\s+\d+ size:\s+(.+?)\s*$/gm)].map((match) => match[1]!),
  };
}

async function textOf(file: string, page: number): Promise<string> {
  const range = ['-f', String(page), '-l', String(page)];
  return (await execFile('pdftotext', ['-layout', ...range, file, '-'])).stdout;
}

/** Each word's box on a page, in points from its top left corner. */
async function wordBoxes(file: string): Promise<{ word: string; xMax: number; yMax: number }[]> {
  const { stdout } = await execFile('pdftotext', ['-bbox', file, '-']);
  return [
    ...stdout.matchAll(/<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</g),
  ].map(([, xMax, yMax, word]) => ({ word: word!, xMax: Number(xMax), yMax: Number(yMax) }));
}

/** How many separate dark runs cross one row of a greyscale image. */
function darkRuns(pixels: Buffer, width: number, y: number, from: number, to: number): number {
  let runs = 0;
  for (let x = from; x < to; x++) {
    const dark = pixels[y * width + x]! < 128;
    const before = x > from && pixels[y * width + x - 1]! < 128;
    if (dark && !before) runs++;
  }
  return runs;
}

describe('packing slips', () => {
  it('draws one 4 x 6 inch page a slip, each with its own parcel', async () => {
    const file = await saved(await drawPackingSlips([ASHA, RAVI]), 'two');

    expect(await pagesOf(file)).toEqual({ count: 2, sizes: ['288 x 432 pts', '288 x 432 pts'] });
    const [first, second] = [await textOf(file, 1), await textOf(file, 2)];
    for (const text of [first, second]) {
      expect(text).toContain('Simulated courier');
      expect(text).toContain('Prepaid');
      expect(text).toContain('Weight: 540 g');
      expect(text).toContain('Box: 30 x 22 x 10 cm');
      expect(text).toContain('Units: 3');
      expect(text).toContain('Mithila Makhana Co.');
    }
    expect(first).toContain('17649280000042');
    expect(first).toContain('MM-261128-0042');
    expect(first).toContain('110016');
    expect(first).toContain('Phone: 9876543210');
    expect(first).toContain('₹1,234.50');
    expect(first).toContain('GSTIN: 10AAAAA0000A1ZH');
    expect(first).not.toContain('560087');
    expect(second).toContain('1764928123457');
    expect(second).toContain('MM-261128-0043');
    expect(second).toContain('560087');
    expect(second).toContain('₹999.00');
    expect(second).toContain('GSTIN: 29AAAAA0000A1Z5');
    expect(second).not.toContain('17649280000042');
  });

  it("draws the waybill's bars across the top of the page", async () => {
    const file = await saved(await drawPackingSlips([ASHA]), 'bars');
    const prefix = path.join(dir, 'bars');
    await execFile('pdftoppm', [
      '-r',
      '100',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      prefix,
    ]);
    const { data, info } = await sharp(`${prefix}.png`)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scale = 100 / 72;
    expect(info.width).toBe(Math.round(288 * scale));

    // Inside the frame, above the waybill's digits: every bar of the symbol, and nothing else.
    const bars = (encodeCode128(ASHA.waybill).widths.length + 1) / 2;
    const [from, to] = [Math.ceil(10 * scale), Math.floor(278 * scale)];
    const rows = Array.from({ length: Math.round(60 * scale) }, (_, index) =>
      darkRuns(data, info.width, Math.round(38 * scale) + index, from, to),
    );
    expect(Math.max(...rows)).toBe(bars);
    // About 50 pt tall: the rows that cross every bar.
    expect(rows.filter((runs) => runs === bars).length).toBeGreaterThan(45 * scale);

    const row = Math.round(38 * scale) + rows.indexOf(bars);
    const dark = Array.from({ length: to - from }, (_, index) => from + index).filter(
      (x) => data[row * info.width + x]! < 128,
    );
    expect(dark.at(-1)! - dark[0]!).toBeGreaterThan(200 * scale);
  });

  it('keeps a long address and long contents inside their blocks', async () => {
    const long: PackingSlip = {
      ...ASHA,
      consignee: {
        ...ASHA.consignee,
        name: 'Dr. Ravi Shankar Prasad Srivastava Venkataraman Subramaniam Iyer',
        address: `Flat 1203, Tower B, ${'Prestige Lakeside Habitat, Gunjur Village, '.repeat(8)}`,
      },
      contents: Array.from({ length: 30 }, (_, i) => `Roasted Makhana ${i + 1}00 g x 1`).join(', '),
      seller: { ...ASHA.seller, address: 'Bela Industrial Area, '.repeat(12) },
    };
    const file = await saved(await drawPackingSlips([long]), 'long');

    expect((await pagesOf(file)).count).toBe(1);
    const text = await textOf(file, 1);
    expect(text).toContain('…');
    expect(text).toContain('New Delhi, Delhi');
    expect(text).toContain('110016');
    expect(text).toContain('Weight: 540 g');
    expect(text).toContain('GSTIN: 10AAAAA0000A1ZH');
    const outside = (await wordBoxes(file)).filter((box) => box.xMax > 280 || box.yMax > 424);
    expect(outside).toEqual([]);
  });

  it('refuses to draw no slips', async () => {
    await expect(drawPackingSlips([])).rejects.toThrow(RangeError);
  });
});

describe('merging PDFs', () => {
  it('joins the pages of PDFs in order', async () => {
    const [one, two] = await Promise.all([drawPackingSlips([ASHA]), drawPackingSlips([RAVI])]);
    const file = await saved(await mergePdfs([one, two]), 'merged');

    expect(await pagesOf(file)).toEqual({ count: 2, sizes: ['288 x 432 pts', '288 x 432 pts'] });
    expect(await textOf(file, 1)).toContain('17649280000042');
    expect(await textOf(file, 2)).toContain('1764928123457');
  });

  it('answers a single PDF as it is', async () => {
    const one = await drawPackingSlips([ASHA]);
    expect(await mergePdfs([one])).toBe(one);
  });
});
