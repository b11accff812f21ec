/**
 * The PDF thread (pdf.ts): draws each document it is sent and answers its bytes. It lowers its own
 * priority first (on Linux, setpriority on "process" 0 is the calling thread), so requests on the
 * event loop always come before a PDF.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { IssuedDocument } from './issue.ts';
import { type PdfAssets, pdfKit, renderPdf } from './pdf-render.ts';

const LOWEST_PRIORITY = 19;
try {
  setPriority(0, LOWEST_PRIORITY);
} catch {
  // Not allowed here: the PDFs are drawn at the process's priority.
}

const data = workerData as PdfAssets;
const kit = pdfKit({
  regular: Buffer.from(data.regular),
  bold: Buffer.from(data.bold),
  logo: data.logo ? Buffer.from(data.logo) : null,
});

parentPort?.on('message', async ({ id, document }: { id: number; document: IssuedDocument }) => {
  try {
    const pdf = await renderPdf(document, kit);
    parentPort?.postMessage({ id, pdf });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
