/**
 * Issuing a paid order's tax invoice (decision 036): its number taken from the financial year's
 * series in the same transaction that writes it, so the series has no gap and no duplicate
 * however many orders are paid at once on however many processes; its figures computed by the
 * domain's GST rules from the lines as sold; the whole document kept as issued.
 */

import {
  creditSale,
  documentNumber,
  financialYearOf,
  placeOfSupply,
  rupeesInWords,
  type SaleLine,
  type TaxedSale,
  taxSale,
  taxTypeFor,
} from '@makhana/domain/gst';
import { gstStateCode } from '@makhana/domain/gstin';
import { stateNamed } from '@makhana/domain/india-states';
import type { ShippingAddress } from '@makhana/domain/orders';
import { type RefundPart, SHIPPING_PART } from '@makhana/domain/refunds';
import { formatNetQuantity } from '@makhana/domain/unit-price';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { parsedJson, rawRows } from '../../db/raw';
import {
  documentSeries,
  orderItems,
  type TaxDocumentKind,
  taxDocumentLines,
  taxDocuments,
} from '../../db/schema';
import { ownerShopSettings } from '../shop';

/** The default HSN code and rate of a line sold before products carried their own. */
const FALLBACK_HSN = '2008';
const FALLBACK_RATE = 5;

/** Who sells, as the document prints it. */
export interface DocumentSeller {
  legalName: string;
  tradeName: string;
  address: { street: string; city: string; state: string; pincode: string };
  stateCode: string;
  gstin: string;
  fssaiLicence: string;
}

/** Who buys and where it goes, as the document prints it. */
export interface DocumentBuyer {
  name: string;
  address: string;
  city: string;
  state: string;
  stateCode: string;
  pincode: string;
  phone: string;
  email: string;
}

/** A tax document as issued: what its PDF and its views are drawn from, in paise. */
export interface IssuedDocument extends TaxedSale {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: string;
  orderNumber: string;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  placeOfSupply: { state: string; code: string };
  reverseCharge: 'No';
  amountInWords: string;
  /** a credit note's invoice */
  invoice?: { number: string; issuedAt: string };
}

/**
 * The next `count` serials of a series, taken inside the caller's transaction: the series' row is
 * updated (or made) and stays locked until it commits, so a concurrent taker waits for the
 * numbers after these, and a rollback gives them back. Answers the first.
 */
export async function takeSerials(
  tx: Executor,
  kind: TaxDocumentKind,
  financialYear: string,
  count = 1,
): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ kind, financialYear, lastSerial: count })
    .onConflictDoUpdate({
      target: [documentSeries.kind, documentSeries.financialYear],
      set: { lastSerial: sql`${documentSeries.lastSerial} + ${count}` },
    })
    .returning({ last: documentSeries.lastSerial });
  if (!row) throw new Error(`no serial from the ${kind} series of ${financialYear}`);
  return row.last - count + 1;
}

export const sellerOf = async (
  db: Database,
): Promise<{ seller: DocumentSeller; prefix: string }> => {
  const settings = await ownerShopSettings(db);
  const state = stateNamed(settings.address.state);
  return {
    prefix: settings.invoicePrefix,
    seller: {
      legalName: settings.legalName,
      tradeName: settings.tradeName,
      address: settings.address,
      stateCode: state ? gstStateCode(state) : '',
      gstin: settings.gstin,
      fssaiLicence: settings.fssaiLicence,
    },
  };
};

function buyerOf(address: ShippingAddress): DocumentBuyer {
  const supply = placeOfSupply(address.state);
  return {
    name: [address.firstName, address.lastName].filter(Boolean).join(' '),
    address: address.address,
    city: address.city,
    state: supply.state,
    stateCode: supply.code,
    pincode: address.pincode,
    phone: address.phone,
    email: address.email,
  };
}

/** A document ready to write: its order, its place in its series, and a credit note's invoice. */
export interface DocumentToWrite {
  orderId: string;
  financialYear: string;
  serial: number;
  invoiceId?: string | null;
  /** a credit note's refund */
  reference?: string | null;
  document: IssuedDocument;
}

/** Writes documents and their lines, in two statements whatever their number. */
export async function writeDocuments(tx: Executor, written: DocumentToWrite[]): Promise<void> {
  if (written.length === 0) return;
  const rows = await tx
    .insert(taxDocuments)
    .values(
      written.map(({ orderId, financialYear, serial, invoiceId, reference, document }) => ({
        kind: document.kind,
        number: document.number,
        financialYear,
        serial,
        orderId,
        invoiceId: invoiceId ?? null,
        reference: reference ?? null,
        issuedAt: new Date(document.issuedAt),
        placeOfSupplyCode: document.placeOfSupply.code,
        placeOfSupplyState: document.placeOfSupply.state,
        taxType: document.taxType,
        taxablePaise: document.taxablePaise,
        cgstPaise: document.cgstPaise,
        sgstPaise: document.sgstPaise,
        igstPaise: document.igstPaise,
        totalPaise: document.totalPaise,
        document: document as unknown as Record<string, unknown>,
      })),
    )
    .returning({ id: taxDocuments.id, number: taxDocuments.number });
  const idOf = new Map(rows.map((row) => [row.number, row.id]));
  await tx.insert(taxDocumentLines).values(
    written.flatMap(({ document }) =>
      document.lines.map((line, position) => ({
        documentId: idOf.get(document.number) as string,
        position,
        description: line.description,
        hsnCode: line.hsnCode,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        discountPaise: line.discountPaise ?? 0,
        gstRate: line.gstRate,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        totalPaise: line.totalPaise,
      })),
    ),
  );
}

/** The order's invoice as issued, or null while it has none. */
export async function invoiceOf(db: Executor, orderId: string): Promise<IssuedDocument | null> {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return (row?.document as unknown as IssuedDocument | undefined) ?? null;
}

export class InvoiceMismatchError extends Error {}

/** A paid order as its invoice needs it. */
interface SoldOrder {
  id: string;
  orderNumber: string;
  paidAt: Date;
  shippingPaise: number;
  totalPaise: number;
  address: ShippingAddress;
}

/** Sold orders not invoiced yet, locked (others' locks skipped), in the order they were paid. */
const SOLD_NOT_INVOICED = sql`o.paid_at is not null
  and exists (select 1 from order_status_events e where e.order_id = o.id and e.event = 'paid')
  and not exists (select 1 from tax_documents d where d.order_id = o.id and d.kind = 'invoice')`;

async function lockSoldOrders(tx: Executor, where: SQL, limit: number): Promise<SoldOrder[]> {
  const rows = await rawRows(
    tx,
    sql`select o.id, o.order_number, o.paid_at, o.shipping_cost_paise, o.total_amount_paise,
          o.shipping_address
        from orders o where ${SOLD_NOT_INVOICED} and ${where}
        order by o.paid_at, o.id limit ${limit}
        for update of o skip locked`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    orderNumber: String(row.order_number),
    paidAt: new Date(row.paid_at as string | Date),
    shippingPaise: Number(row.shipping_cost_paise),
    totalPaise: Number(row.total_amount_paise),
    address: parsedJson<ShippingAddress>(row.shipping_address, {} as ShippingAddress),
  }));
}

/**
 * Invoices the given sold orders (locked by the caller) in their order: each its serial in the
 * financial year of its payment, taken together, written together. An order whose lines do not
 * add up to what it cost is left out and reported.
 */
async function invoiceOrders(
  tx: Executor,
  sold: SoldOrder[],
  issuer: { seller: DocumentSeller; prefix: string },
  report: (orderId: string, error: unknown) => void,
): Promise<IssuedDocument[]> {
  if (sold.length === 0) return [];
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        sold.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id));
  const linesOf = new Map<string, SaleLine[]>();
  for (const item of items) {
    const lines = linesOf.get(item.orderId) ?? [];
    lines.push({
      description: `${item.name} ${formatNetQuantity(item.variantWeight)}`,
      hsnCode: item.hsnCode || FALLBACK_HSN,
      quantity: item.quantity,
      unitPricePaise: item.priceAtPurchasePaise,
      discountPaise: item.discountPaise,
      gstRate: item.gstRate ?? FALLBACK_RATE,
    });
    linesOf.set(item.orderId, lines);
  }
  const taxed: { order: SoldOrder; sale: TaxedSale; financialYear: string }[] = [];
  for (const order of sold) {
    const sale = taxSale(
      linesOf.get(order.id) ?? [],
      order.shippingPaise,
      taxTypeFor(issuer.seller.address.state, order.address.state),
    );
    if (sale.totalPaise !== order.totalPaise) {
      report(
        order.id,
        new InvoiceMismatchError(
          `order ${order.orderNumber}: its lines and shipping add up to ${sale.totalPaise} paise, the order to ${order.totalPaise}`,
        ),
      );
      continue;
    }
    taxed.push({ order, sale, financialYear: financialYearOf(order.paidAt) });
  }
  const next = new Map<string, number>();
  for (const year of new Set(taxed.map((entry) => entry.financialYear))) {
    const count = taxed.filter((entry) => entry.financialYear === year).length;
    next.set(year, await takeSerials(tx, 'invoice', year, count));
  }
  const written: DocumentToWrite[] = taxed.map(({ order, sale, financialYear }) => {
    const serial = next.get(financialYear) as number;
    next.set(financialYear, serial + 1);
    return {
      orderId: order.id,
      financialYear,
      serial,
      document: {
        kind: 'invoice',
        number: documentNumber(issuer.prefix, financialYear, serial),
        issuedAt: order.paidAt.toISOString(),
        orderNumber: order.orderNumber,
        seller: issuer.seller,
        buyer: buyerOf(order.address),
        placeOfSupply: placeOfSupply(order.address.state),
        reverseCharge: 'No',
        amountInWords: rupeesInWords(sale.totalPaise),
        ...sale,
      },
    };
  });
  await writeDocuments(tx, written);
  return written.map((entry) => entry.document);
}

/** Orders waiting for the next batch of one database, each with who waits for its invoice. */
interface Batch {
  waiting: Map<
    string,
    { resolve: (d: IssuedDocument | null) => void; reject: (e: unknown) => void }[]
  >;
  running: boolean;
  /** when the last batch began (ms since the epoch) */
  lastBegan: number;
}
const batches = new WeakMap<Database, Batch>();

/**
 * The least time between two batches of a process. A sale after a quiet spell is invoiced at the
 * loop's next turn; in a rush, the sales of the last 100 ms share one transaction. Measured
 * side by side with the checkout before invoices, this took a busy shop from 0.81 to 0.94 of
 * its paid checkouts a second: batches of the loop's turn held one or two sales each.
 */
const GATHER_MS = 100;

/**
 * Issues the order's invoice, once: a second call (a consequence run again, the back-fill) answers
 * the one issued. Only a sale is invoiced: an order paid and kept, not one paid after its stock
 * was gone (that money goes back, and no goods are supplied). Its date is the payment's, so an
 * order paid on 31 March is in that financial year whenever the invoice is written.
 *
 * The invoices asked for at about the same time in a process are issued together, in one
 * transaction: a busy shop pays for a handful of statements per batch rather than ten per sale.
 * An order invoiced already is found by its batch, so a first call (nearly every call) reads
 * nothing before it; a caller that only wants to read the invoice asks `invoiceOf`.
 */
export async function issueInvoice(db: Database, orderId: string): Promise<IssuedDocument | null> {
  let batch = batches.get(db);
  if (!batch) {
    batch = { waiting: new Map(), running: false, lastBegan: 0 };
    batches.set(db, batch);
  }
  const queued = batch;
  return new Promise((resolve, reject) => {
    const waiters = queued.waiting.get(orderId) ?? [];
    waiters.push({ resolve, reject });
    queued.waiting.set(orderId, waiters);
    if (!queued.running) {
      queued.running = true;
      scheduleBatch(db, queued);
    }
  });
}

/** The next batch, GATHER_MS after the last one began; what is asked for meanwhile joins it. */
function scheduleBatch(db: Database, batch: Batch): void {
  const wait = batch.lastBegan + GATHER_MS - Date.now();
  if (wait > 0) setTimeout(() => void runBatch(db, batch), wait);
  else setImmediate(() => void runBatch(db, batch));
}

/** How many orders one batch invoices at most. */
const ISSUE_BATCH = 200;

async function runBatch(db: Database, batch: Batch): Promise<void> {
  batch.lastBegan = Date.now();
  const taken = [...batch.waiting].slice(0, ISSUE_BATCH);
  for (const [orderId] of taken) batch.waiting.delete(orderId);
  const ids = taken.map(([orderId]) => orderId);
  try {
    const { issued, refused } = await issueTogether(db, ids);
    for (const [orderId, waiters] of taken) {
      const error = refused.get(orderId);
      for (const waiter of waiters) {
        if (error) waiter.reject(error);
        else waiter.resolve(issued.get(orderId) ?? null);
      }
    }
  } catch (error) {
    for (const [, waiters] of taken) for (const waiter of waiters) waiter.reject(error);
  }
  if (batch.waiting.size > 0) scheduleBatch(db, batch);
  else batch.running = false;
}

/**
 * One transaction for many orders: their rows locked in the order they were paid (so two batches
 * never deadlock, and the second waits for the first), the ones invoiced meanwhile set aside (a
 * new statement sees what the first committed), then the others invoiced together.
 */
async function issueTogether(
  db: Database,
  ids: string[],
): Promise<{ issued: Map<string, IssuedDocument>; refused: Map<string, unknown> }> {
  const issuer = await sellerOf(db);
  const refused = new Map<string, unknown>();
  const issued = new Map<string, IssuedDocument>();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from orders where id in ${ids} order by paid_at, id for update`);
    const sold = await lockSoldOrders(tx, sql`o.id in ${ids}`, ids.length);
    const documents = await invoiceOrders(tx, sold, issuer, (orderId, error) =>
      refused.set(orderId, error),
    );
    for (const [index, document] of documents.entries()) {
      const order = sold.find((candidate) => candidate.orderNumber === document.orderNumber);
      if (order) issued.set(order.id, document);
      else throw new Error(`invoice ${index} names no order of its batch`);
    }
  });
  // Invoiced by another process before this batch took the lock, or not a sale.
  for (const orderId of ids) {
    if (issued.has(orderId) || refused.has(orderId)) continue;
    const found = await invoiceOf(db, orderId);
    if (found) issued.set(orderId, found);
  }
  return { issued, refused };
}

/** How many orders one transaction of the back-fill invoices. */
const BACKFILL_BATCH = 500;

/**
 * Orders paid and not invoiced (paid before invoices existed, or whose consequence has not run
 * yet), invoiced in the order they were paid, a batch per transaction, so the series follows the
 * payments. One that cannot be invoiced is reported and left for the next run; the others go on.
 */
export async function backfillInvoices(
  db: Database,
  report: (orderId: string, error: unknown) => void,
): Promise<number> {
  const issuer = await sellerOf(db);
  let after: { paidAt: Date; id: string } | null = null;
  let issued = 0;
  for (;;) {
    // Each batch starts past the last one's final order, so none is read twice.
    const from: SQL = after
      ? sql`(o.paid_at, o.id) > (${after.paidAt.toISOString()}::timestamptz, ${after.id})`
      : sql`true`;
    const batch = await db.transaction(async (tx) => {
      const sold = await lockSoldOrders(tx, from, BACKFILL_BATCH);
      const documents = await invoiceOrders(tx, sold, issuer, report);
      return { last: sold.at(-1), found: sold.length, documents: documents.length };
    });
    issued += batch.documents;
    if (!batch.last || batch.found < BACKFILL_BATCH) return issued;
    after = { paidAt: batch.last.paidAt, id: batch.last.id };
  }
}

/** The credit note written for a refund, if any. */
async function creditNoteFor(db: Executor, reference: string): Promise<IssuedDocument | null> {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.kind, 'credit_note'), eq(taxDocuments.reference, reference)));
  return (row?.document as unknown as IssuedDocument | undefined) ?? null;
}

/**
 * The credit note of a refund (CGST Act section 34): what it gave back of each line of the
 * invoice (and of its shipping), each line's tax reversed at the rate it was charged; for a refund
 * of the whole sale, every line of the invoice as it was. In the credit notes' own series (the
 * invoice prefix and C: `MMC/2627/000007`), dated the refund, naming the invoice. Once per refund
 * (`reference`, the refund's id): a second call answers the note written. An order never invoiced
 * (its money came after its stock was gone) gets none: no tax was charged on a supply.
 */
export async function issueCreditNote(
  db: Database,
  orderId: string,
  refund: { reference: string; at: Date; parts: readonly RefundPart[] },
): Promise<IssuedDocument | null> {
  const written = await creditNoteFor(db, refund.reference);
  if (written) return written;
  const [invoice] = await db
    .select({ id: taxDocuments.id, document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  if (!invoice) return null;
  const invoiced = invoice.document as unknown as IssuedDocument;
  // The invoice's lines are the order's in this order, then the shipping.
  const items = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const credited = refund.parts.map((part) => {
    const line =
      part.item === SHIPPING_PART ? items.length : items.findIndex((item) => item.id === part.item);
    return { line, quantity: part.quantity, amountPaise: part.amountPaise };
  });
  const sale = creditSale(invoiced.lines, credited, invoiced.taxType);
  const { prefix } = await sellerOf(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from orders where id = ${orderId} for update`);
    const again = await creditNoteFor(tx, refund.reference);
    if (again) return again;
    const financialYear = financialYearOf(refund.at);
    const serial = await takeSerials(tx, 'credit_note', financialYear);
    const document: IssuedDocument = {
      ...invoiced,
      ...sale,
      kind: 'credit_note',
      number: documentNumber(`${prefix}C`, financialYear, serial),
      issuedAt: refund.at.toISOString(),
      amountInWords: rupeesInWords(sale.totalPaise),
      invoice: { number: invoiced.number, issuedAt: invoiced.issuedAt },
    };
    await writeDocuments(tx, [
      {
        orderId,
        financialYear,
        serial,
        invoiceId: invoice.id,
        reference: refund.reference,
        document,
      },
    ]);
    return document;
  });
}

/** The order's credit notes as issued, oldest first. */
export async function creditNotesOf(db: Executor, orderId: string): Promise<IssuedDocument[]> {
  const rows = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
  return rows.map((row) => row.document as unknown as IssuedDocument);
}
