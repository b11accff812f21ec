/**
 * Tax documents as PDFs, drawn in a worker thread of their own at the lowest CPU priority: a PDF
 * costs tens of milliseconds of CPU, which on the event loop would stall every request meanwhile,
 * and which a busy shop's checkouts should never wait for. When the shop is quiet a document is
 * drawn at once; when every core is busy, its PDF (and the mail that carries it) waits for a gap.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { API_DIR, REPO_ROOT } from '../../paths';
import type { IssuedDocument } from './issue';
import type { PdfAssets, PdfKit, renderPdf as RenderPdf } from './pdf-render';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/** The storefront's logo mark, the one its pages show. */
const LOGO_MARK_SVG = path.join(REPO_ROOT, 'apps/web/public/images/logo-mark.svg');
/** The worker's code, from the source tree whether the API runs from its sources or its bundle. */
const WORKER_FILE = path.join(API_DIR, 'src/modules/invoicing/pdf-worker.ts');

let assets: Promise<PdfAssets> | null = null;

/** The fonts and the logo, read once per process. */
function loadAssets(): Promise<PdfAssets> {
  assets ??= readAssets();
  return assets;
}

async function readAssets(): Promise<PdfAssets> {
  const [regular, bold, logo] = await Promise.all([
    readFile(path.join(FONT_DIR, 'DejaVuSans.ttf')),
    readFile(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
    readFile(LOGO_MARK_SVG)
      .then((svg) =>
        sharp(svg, { density: 288 })
          .resize(128, 128)
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85 })
          .toBuffer(),
      )
      .catch(() => null),
  ]);
  return { regular, bold, logo };
}

let inProcess: Promise<{ renderPdf: typeof RenderPdf; kit: PdfKit }> | null = null;

function inProcessKit() {
  inProcess ??= Promise.all([import('./pdf-render.ts'), loadAssets()]).then(
    ([{ renderPdf, pdfKit }, assets]) => ({ renderPdf, kit: pdfKit(assets) }),
  );
  return inProcess;
}

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: { thread: Worker; pending: Map<number, Pending> } | null = null;
let nextId = 0;

/** The PDF thread, started at the first document and kept; a thread that dies fails its work. */
async function pdfThread() {
  if (worker) return worker;
  const assets = await loadAssets();
  if (worker) return worker;
  const thread = new Worker(WORKER_FILE, { workerData: assets });
  const pending = new Map<number, Pending>();
  thread.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.pdf) waiting.resolve(Buffer.from(message.pdf));
    else waiting.reject(new Error(message.error ?? 'the PDF could not be drawn'));
  });
  const fail = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = null;
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`the PDF thread stopped (exit code ${code})`)));
  // It must not keep a process alive that has nothing else to do.
  thread.unref();
  worker = { thread, pending };
  return worker;
}

/**
 * Node strips TypeScript's types by itself from 22.18 and 23.6, which the thread's file needs; on
 * an older Node (22.13 to 22.17 are supported) the PDFs are drawn on the event loop instead.
 */
const THREAD_CAN_LOAD = Boolean((process.features as { typescript?: unknown }).typescript);

export async function renderDocumentPdf(document: IssuedDocument): Promise<Buffer> {
  if (!THREAD_CAN_LOAD) {
    const { renderPdf, kit } = await inProcessKit();
    return renderPdf(document, kit);
  }
  const { thread, pending } = await pdfThread();
  const id = ++nextId;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, document });
  });
}
