/**
 * What follows each move of an order, as the handlers of its outbox row (decision 028). A move
 * whose topic (`order.<move>`, see `consequencesOf`) has handlers writes one row naming them in
 * its own transaction; this file runs them after the commit, and the ones that failed again from
 * the sweeper until each has worked. A new consequence of a move is one more handler here.
 */
import { documentFileName } from '@makhana/domain/gst';
import { RETURN_STATES, type ReturnState } from '@makhana/domain/returns';
import { sql } from 'drizzle-orm';
import type { MailAttachment } from '../../../adapters/mail/compose';
import {
  type IssuedDocument,
  issueCreditNote,
  issueInvoice,
  renderDocumentPdf,
} from '../../invoicing';
import { ownerShopSettings } from '../../shop';
import {
  type Delivery,
  type NewOutboxRow,
  type OutboxRow,
  outboxRows,
  recordDeliveries,
  takeDue,
} from '../outbox/outbox';
import type { OrderContext } from './context';
import {
  customerCancelledMail,
  customerMail,
  extraRefundMail,
  ownerMail,
  ownerReturnedToOriginMail,
  refundFailedMail,
  refundMail,
  refundProcessedMail,
  returnedToOriginMail,
  returnRequestedMail,
  returnStepMail,
  returnToDecideMail,
  secondPaymentMail,
  statusMail,
} from './order-mails';
import { type OrderRead, readOrders } from './service';

/** A handler gets its row and the order as it is now (null once the order is gone). */
type Handler = (ctx: OrderContext, row: OutboxRow, order: OrderRead | null) => Promise<void>;

/** A mail to the order's customer; an erased customer's order keeps no e-mail, so none goes. */
async function mailCustomer(
  ctx: OrderContext,
  order: OrderRead | null,
  compose: (read: OrderRead) => { subject: string; text: string; html: string } | null,
): Promise<void> {
  if (!order?.view.shippingAddress.email) return;
  const mail = compose(order);
  if (mail) await ctx.mailer.send({ to: order.view.shippingAddress.email, ...mail });
}

async function mailOwner(
  ctx: OrderContext,
  order: OrderRead | null,
  compose: (read: OrderRead) => { subject: string; text: string; html: string },
): Promise<void> {
  if (order) await ctx.mailer.send({ to: ctx.settings.ownerEmail, ...compose(order) });
}

/** The customer's mail about the move a row records, with that move's tracking or reason. */
const moveMail: Handler = (ctx, row, order) =>
  mailCustomer(ctx, order, ({ view, events }) => {
    const move = events?.find((event) => event.id === row.historyId);
    return move ? statusMail(ctx, view, move) : null;
  });

/**
 * How long a mail waits for its tax document's PDF. The PDF thread draws only when a core is
 * free (pdf.ts); under a long rush it may not be, and the confirmation goes out on time naming
 * the invoice instead of holding its outbox lease until it ran out and the mail went twice.
 */
const PDF_WAIT_MS = 60_000;

/** The document's PDF as a mail attachment, or null when it is not drawn in time or fails. */
export async function pdfAttachment(
  ctx: OrderContext,
  document: IssuedDocument,
  kind: 'invoice' | 'credit-note',
  waitMs = PDF_WAIT_MS,
): Promise<MailAttachment | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    const content = await Promise.race([renderDocumentPdf(document), late]);
    if (!content) {
      ctx.log.warn({ number: document.number }, 'the PDF was not drawn in time; mailed without it');
      return null;
    }
    return {
      filename: documentFileName(kind, document.number),
      content,
      contentType: 'application/pdf',
    };
  } catch (error) {
    ctx.log.error({ err: error, number: document.number }, 'the PDF failed; mailed without it');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The invoice the `invoice` handler issued for a row, handed to the confirmation that runs next
 * on the same row: one statement less for each sale than reading it back.
 */
const invoicedBy = new WeakMap<OutboxRow, IssuedDocument | null>();

/**
 * The confirmation of a sale with its tax invoice attached: issued here if the `invoice` handler
 * has not yet (it runs first, but a failure there leaves this one to try).
 */
const confirmationWithInvoice: Handler = async (ctx, row, order) => {
  const to = order?.view.shippingAddress.email;
  if (!order || !to || !row.orderId) return;
  const invoice = invoicedBy.has(row)
    ? (invoicedBy.get(row) ?? null)
    : await issueInvoice(ctx.db, row.orderId);
  const attachment = invoice && (await pdfAttachment(ctx, invoice, 'invoice'));
  await ctx.mailer.send({
    to,
    ...customerMail(
      ctx,
      order.view,
      false,
      invoice && { number: invoice.number, attached: Boolean(attachment) },
    ),
    attachments: attachment ? [attachment] : [],
  });
};

/** The refund a row names, as recorded and as the order shows it. */
function refundOf(row: OutboxRow, order: OrderRead | null) {
  const recorded = order?.refunds?.find((refund) => refund.id === row.payload.refundId);
  const shown = order?.view.refunds?.find((refund) => refund.id === row.payload.refundId);
  return recorded && shown ? { recorded, shown } : null;
}

/** The credit note of the refund a row names; none for a sale never invoiced. */
async function creditNoteOf(ctx: OrderContext, row: OutboxRow, order: OrderRead | null) {
  const refund = refundOf(row, order)?.recorded;
  if (!row.orderId || !refund) return null;
  return issueCreditNote(ctx.db, row.orderId, {
    reference: refund.id,
    at: refund.initiatedAt ?? refund.createdAt,
    parts: refund.parts,
  });
}

/** The customer's refund mail, with the credit note that reverses the invoice's tax attached. */
const refundWithCreditNote: Handler = async (ctx, row, order) => {
  const to = order?.view.shippingAddress.email;
  const refund = refundOf(row, order)?.shown;
  if (!order || !to || !refund) return;
  const note = await creditNoteOf(ctx, row, order);
  const attachment = note && (await pdfAttachment(ctx, note, 'credit-note'));
  const mail = refundMail(
    ctx,
    order.view,
    refund,
    note && { number: note.number, attached: Boolean(attachment) },
  );
  await ctx.mailer.send({ to, ...mail, attachments: attachment ? [attachment] : [] });
};

const isReturnState = (value: string | undefined): value is ReturnState =>
  (RETURN_STATES as readonly (string | undefined)[]).includes(value);

/** The return a row names, as the order shows it. */
const returnOf = (row: OutboxRow, order: OrderRead | null) =>
  order?.view.returns?.find((request) => request.id === row.payload.returnId) ?? null;

/** Where a returned parcel goes: the seller's address the owner keeps. */
async function returnAddress(ctx: OrderContext): Promise<string> {
  const { legalName, address } = await ownerShopSettings(ctx.db);
  return `${legalName}, ${address.street}, ${address.city}, ${address.state} ${address.pincode}`;
}

const HANDLERS: Record<string, Record<string, Handler>> = {
  'order.paid': {
    // The tax invoice of the sale (decision 036): first, so the confirmation carries it.
    invoice: async (ctx, row) => {
      if (row.orderId) invoicedBy.set(row, await issueInvoice(ctx.db, row.orderId));
    },
    'customer-mail': confirmationWithInvoice,
    'owner-mail': (ctx, _row, order) =>
      mailOwner(ctx, order, ({ view }) => ownerMail(ctx, view, false)),
  },
  'order.paid_sold_out': {
    'customer-mail': (ctx, _row, order) =>
      mailCustomer(ctx, order, ({ view }) => customerMail(ctx, view, true)),
    'owner-mail': (ctx, _row, order) =>
      mailOwner(ctx, order, ({ view }) => ownerMail(ctx, view, true)),
  },
  'order.shipped': { 'customer-mail': moveMail },
  'order.delivered': { 'customer-mail': moveMail },
  // The courier brought the parcel back (decision 039): the owner decides on a refund.
  'order.returned_to_origin': {
    'customer-mail': (ctx, _row, order) =>
      mailCustomer(ctx, order, ({ view }) => returnedToOriginMail(ctx, view)),
    'owner-mail': (ctx, row, order) =>
      mailOwner(ctx, order, ({ view, events }) => {
        const move = events?.find((event) => event.id === row.historyId);
        return ownerReturnedToOriginMail(ctx, view, move?.note ?? null);
      }),
  },
  'refund.made': {
    // The credit note first (decision 036), so the refund mail carries it.
    'credit-note': async (ctx, row, order) => {
      await creditNoteOf(ctx, row, order);
    },
    'customer-mail': refundWithCreditNote,
    // Only when the customer cancelled: the owner made every other refund.
    'owner-mail': (ctx, row, order) => {
      const refund = refundOf(row, order)?.shown;
      if (refund?.by !== 'customer') return Promise.resolve();
      return mailOwner(ctx, order, ({ view }) => customerCancelledMail(ctx, view, refund));
    },
  },
  // The gateway's later word on a refund: the money reached the bank, or the bank sent it back.
  'refund.processed': {
    'customer-mail': (ctx, row, order) =>
      mailCustomer(ctx, order, ({ view }) => {
        const refund = refundOf(row, order)?.shown;
        return refund?.status === 'processed' ? refundProcessedMail(ctx, view, refund) : null;
      }),
  },
  'refund.failed': {
    'owner-mail': async (ctx, row, order) => {
      // Sent again before this mail went: nothing to tell.
      const refund = refundOf(row, order)?.shown;
      if (refund?.status === 'failed') {
        await mailOwner(ctx, order, ({ view }) => refundFailedMail(ctx, view, refund));
      }
    },
  },
  'return.requested': {
    'customer-mail': (ctx, row, order) =>
      mailCustomer(ctx, order, ({ view }) => {
        const request = returnOf(row, order);
        return request && returnRequestedMail(ctx, view, request);
      }),
    'owner-mail': async (ctx, row, order) => {
      const request = returnOf(row, order);
      if (request)
        await mailOwner(ctx, order, ({ view }) => returnToDecideMail(ctx, view, request));
    },
  },
  // A return's later steps (approved, rejected, received), each mailed as the step its row names.
  'return.moved': {
    'customer-mail': async (ctx, row, order) => {
      const request = returnOf(row, order);
      const step = row.payload.step;
      if (!request || !isReturnState(step)) return;
      const sendTo = step === 'approved' ? await returnAddress(ctx) : '';
      await mailCustomer(ctx, order, ({ view }) =>
        returnStepMail(ctx, view, { ...request, state: step }, sendTo),
      );
    },
  },
  'payment.second_capture': {
    'owner-mail': (ctx, row, order) =>
      mailOwner(ctx, order, ({ view }) =>
        secondPaymentMail(ctx, view, row.payload.paymentId ?? ''),
      ),
  },
  'payment.extra_refunded': {
    'customer-mail': (ctx, row, order) =>
      mailCustomer(ctx, order, ({ view }) =>
        extraRefundMail(ctx, view, row.payload.paymentId ?? ''),
      ),
  },
};

/** The outbox row of a topic's handlers (none for a topic without any). */
export function consequencesOf(
  topic: string,
  orderId: string,
  extra: Pick<NewOutboxRow, 'historyId' | 'payload'> = {},
): OutboxRow[] {
  const handlers = Object.keys(HANDLERS[topic] ?? {});
  return handlers.length === 0 ? [] : outboxRows([{ topic, handlers, orderId, ...extra }]);
}

/** Runs a row's handlers still to run; a failure leaves the others to run. */
async function runHandlers(
  ctx: OrderContext,
  row: OutboxRow,
  order: OrderRead | null,
): Promise<Delivery> {
  const left: string[] = [];
  let firstError = '';
  for (const name of row.handlers) {
    const handler = HANDLERS[row.topic]?.[name];
    try {
      if (!handler) throw new Error(`no handler ${name} of ${row.topic}`);
      await handler(ctx, row, order);
    } catch (error) {
      ctx.log.error(
        { err: error, orderId: row.orderId, topic: row.topic, handler: name },
        'order consequence failed; the sweeper tries it again',
      );
      left.push(name);
      firstError ||= `${name}: ${String(error)}`;
    }
  }
  return left.length === 0
    ? { id: row.id, ok: true }
    : { id: row.id, ok: false, error: firstError, handlersLeft: left };
}

/** A row to deliver, with the order already read when the writer had it at hand. */
export interface Due {
  row: OutboxRow;
  order?: OrderRead;
}

/**
 * Runs each row's handlers (each order read once, unless given) and records the results in as few
 * statements as the failures allow. Never throws: what failed stays for the sweeper.
 */
export async function deliver(ctx: OrderContext, due: readonly Due[]): Promise<number> {
  if (due.length === 0) return 0;
  const orders = new Map<string, OrderRead | null>();
  for (const { order } of due) if (order) orders.set(order.row.id, order);
  const unread = [
    ...new Set(due.map((d) => d.row.orderId).filter((id): id is string => id !== null)),
  ].filter((id) => !orders.has(id));
  const results: Delivery[] = [];
  try {
    if (unread.length > 0) {
      for (const read of await readOrders(ctx.db, sql`o.id in ${unread}`)) {
        orders.set(read.row.id, read);
      }
    }
    for (const { row } of due) {
      results.push(
        await runHandlers(ctx, row, row.orderId ? (orders.get(row.orderId) ?? null) : null),
      );
    }
    await recordDeliveries(ctx.db, results);
  } catch (error) {
    ctx.log.error({ err: error }, 'order consequences not recorded; the sweeper tries them again');
  }
  return results.filter((r) => r.ok).length;
}

/**
 * The sweeper's part: rows whose lease or back-off has run out, a batch at a time while batches
 * come full and for at most `budgetMs`, so a backlog (a mail server down for an hour) drains in a
 * few sweeps without one sweep running on forever. Returns how many rows were taken.
 */
export async function deliverDue(
  ctx: OrderContext,
  options: { batch?: number; budgetMs?: number } = {},
): Promise<number> {
  const { batch = 50, budgetMs = 10_000 } = options;
  const until = Date.now() + budgetMs;
  let taken = 0;
  for (;;) {
    const rows = await takeDue(ctx.db, batch);
    await deliver(
      ctx,
      rows.map((row) => ({ row })),
    );
    taken += rows.length;
    if (rows.length < batch || Date.now() >= until) return taken;
  }
}
