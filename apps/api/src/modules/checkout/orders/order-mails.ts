/**
 * What the order mails say: the customer's confirmation (or, when the stock was gone, the notice
 * of a refund), the owner's new-order notice (or refund alert), the customer's mail about a move
 * (shipped, delivered) or a refund, and the owner's alert about a second payment. When they are sent
 * is the outbox's business (consequences.ts).
 */

import { POLICY } from '@makhana/domain/constants';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@makhana/domain/money';
import type { OrderRefund, OrderReturn } from '@makhana/domain/orders';
import { renderMail } from '../../../adapters/mail/template';
import type { OrderContext } from './context';
import type { OrderStatusEventRow, OrderView } from './service';

type Mail = { subject: string; text: string; html: string };

/** A second payment for an already paid order: the owner must refund it. */
export function secondPaymentMail(ctx: OrderContext, view: OrderView, paymentId: string): Mail {
  const extra = view.extraPayments?.find((payment) => payment.paymentId === paymentId);
  const amount = formatRupees(extra?.amount ?? view.totalAmount);
  return {
    subject: `Refund needed: second payment for order ${view.orderNumber}`,
    ...renderMail({
      heading: 'Refund needed: a second payment',
      paragraphs: [
        `Order ${view.orderNumber} was already paid (payment ${view.transactionId}), and a second payment ${paymentId} of ${amount} was captured for it.`,
        `Please refund it: the order is listed under "Needs refund" in the owner area, with a Refund button for this payment. The dashboard counts it until it is refunded.`,
        `Customer: ${customerName(view)}, ${view.shippingAddress.email}, ${view.shippingAddress.phone}.`,
        `Order: ${ownerOrderLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** The customer's extra payment went back. */
export function extraRefundMail(
  ctx: OrderContext,
  view: OrderView,
  paymentId: string,
): Mail | null {
  const extra = view.extraPayments?.find((payment) => payment.paymentId === paymentId);
  if (!extra?.refundId) return null;
  return {
    subject: `Your second payment for order ${view.orderNumber} is refunded`,
    ...renderMail({
      heading: 'Your second payment is on its way back',
      paragraphs: [
        `Hi ${view.shippingAddress.firstName}, order ${view.orderNumber} was paid twice. We have refunded the second payment, ${formatRupees(extra.amount)} (payment ${extra.paymentId}); your order itself is unchanged.`,
        `The refund reaches your original payment method within ${POLICY.refundBusinessDays} business days. Refund id: ${extra.refundId}.`,
        `Order details: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** A tax document a mail names: attached, or (its PDF not drawn in time) on the order page. */
export interface MailedDocument {
  number: string;
  attached: boolean;
}

/**
 * The customer's mail about a refund: the whole order cancelled, everything left given back, or
 * a part (the lines and units, or an amount), with its reason and its credit note.
 */
export function refundMail(
  ctx: OrderContext,
  view: OrderView,
  refund: OrderRefund,
  creditNote: MailedDocument | null,
): Mail {
  const asked = refund.by === 'customer' ? 'as you asked, ' : '';
  const amount = formatRupees(refund.amount);
  const whole = refund.amount === view.totalAmount;
  const opening = whole
    ? view.status === 'Cancelled'
      ? `Hi ${view.shippingAddress.firstName}, ${asked}we have cancelled your order ${view.orderNumber} and refunded ${amount} in full.`
      : `Hi ${view.shippingAddress.firstName}, we have refunded your order ${view.orderNumber} in full: ${amount}.`
    : `Hi ${view.shippingAddress.firstName}, we have refunded ${amount} of your order ${view.orderNumber}.`;
  const lines = whole
    ? []
    : refund.lines.map((line) =>
        line.quantity > 0
          ? `${line.name} x ${line.quantity}: ${formatRupees(line.amount)}`
          : `${line.name} (off the price): ${formatRupees(line.amount)}`,
      );
  return {
    subject: `Your refund for order ${view.orderNumber}`,
    ...renderMail({
      heading: 'Your money is on its way back',
      paragraphs: [
        opening,
        ...lines,
        `Reason: ${refund.reason}`,
        `The refund reaches your original payment method within ${POLICY.refundBusinessDays} business days. Refund id: ${refund.refundId ?? ''}.`,
        ...(creditNote
          ? [
              `The credit note ${creditNote.number}, which ${whole ? 'cancels the tax invoice' : 'reverses the tax on what was refunded'}, ${creditNote.attached ? 'is attached' : 'is ready to download from your order page'}.`,
            ]
          : []),
        `Order details: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

export function statusMail(
  ctx: OrderContext,
  view: OrderView,
  event: Pick<OrderStatusEventRow, 'event' | 'trackingNumber' | 'trackingUrl'>,
): Mail | null {
  if (event.event === 'shipped') {
    return {
      subject: `Your order ${view.orderNumber} has shipped`,
      ...renderMail({
        heading: 'Your order is on its way',
        paragraphs: [
          `Hi ${view.shippingAddress.firstName}, your order ${view.orderNumber} has shipped.`,
          `Tracking number: ${event.trackingNumber ?? ''}`,
          ...(event.trackingUrl ? [`Track your parcel: ${event.trackingUrl}`] : []),
          `Shipping to: ${addressText(view)}`,
          `Follow your order: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
        footnote: `Standard shipping takes ${POLICY.standardShippingBusinessDays} business days.`,
      }),
    };
  }
  if (event.event === 'delivered') {
    return {
      subject: `Your order ${view.orderNumber} was delivered`,
      ...renderMail({
        heading: 'Your order was delivered',
        paragraphs: [
          `Hi ${view.shippingAddress.firstName}, your order ${view.orderNumber} was delivered. We hope you enjoy your makhana!`,
          ...lineTexts(view),
          `Order details: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  return null;
}

function customerName(view: OrderView): string {
  return `${view.shippingAddress.firstName} ${view.shippingAddress.lastName}`.trim();
}

function lineTexts(view: OrderView): string[] {
  return view.items.map(
    (item) =>
      `${item.name} ${item.variantWeight}g x ${item.quantity}: ${formatRupees(item.priceAtPurchase * item.quantity)}`,
  );
}

function summaryText(view: OrderView): string {
  const code = view.discount?.code;
  const offLines = view.items.reduce((sum, item) => sum + rupeesToPaise(item.discount ?? 0), 0);
  const waived = code !== undefined && rupeesToPaise(view.discount?.amount ?? 0) > offLines;
  const shipping =
    view.shippingCost === 0
      ? waived
        ? `free with ${code}`
        : 'Free'
      : formatRupees(view.shippingCost);
  const discount =
    code && offLines > 0 ? `, discount ${code} -${formatRupees(paiseToRupees(offLines))}` : '';
  return `Subtotal ${formatRupees(view.subtotal)}${discount}, shipping ${shipping}, total ${formatRupees(view.totalAmount)} (GST included).`;
}

function addressText(view: OrderView): string {
  const a = view.shippingAddress;
  return `${customerName(view)}, ${a.address}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}. Phone ${a.phone}.`;
}

function statusLink(ctx: OrderContext, view: OrderView): string {
  return `${ctx.settings.publicUrl}/order-status/${view._id}`;
}

/** The order in the owner's area: its pop-up over the Orders tab, after the owner's sign-in. */
function ownerOrderLink(ctx: OrderContext, view: OrderView): string {
  const query = new URLSearchParams({ tab: 'orders', order: view._id });
  return `${ctx.settings.publicUrl}/owner/admin/dashboard?${query}`;
}

/** The customer's mail about their payment: a sale's confirmation, or a sold-out refund notice. */
export function customerMail(
  ctx: OrderContext,
  view: OrderView,
  soldOut: boolean,
  invoice: MailedDocument | null = null,
): Mail {
  if (soldOut) {
    return {
      subject: `Your payment for order ${view.orderNumber} will be refunded`,
      ...renderMail({
        heading: 'We are sorry: your items sold out',
        paragraphs: [
          `Hi ${view.shippingAddress.firstName}, we received your payment of ${formatRupees(view.totalAmount)} for order ${view.orderNumber}, but the items sold out before the payment reached us, so we could not keep the order.`,
          `The full amount will be refunded to your original payment method within ${POLICY.refundBusinessDays} business days. Payment id: ${view.transactionId}.`,
          `Order details: ${statusLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  return {
    subject: `Order confirmed: ${view.orderNumber}`,
    ...renderMail({
      heading: 'Thank you for your order!',
      paragraphs: [
        `Hi ${view.shippingAddress.firstName}, we have received your payment and your order is confirmed. Your order number:`,
        ...lineTexts(view),
        summaryText(view),
        `Shipping to: ${addressText(view)}`,
        ...(invoice
          ? [
              invoice.attached
                ? `Your GST tax invoice ${invoice.number} is attached, and your order page keeps it for download.`
                : `Your GST tax invoice ${invoice.number} is ready to download from your order page.`,
            ]
          : []),
        `Follow your order: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
      footnote: `Orders are processed in ${POLICY.processingBusinessDays} business days and standard shipping takes ${POLICY.standardShippingBusinessDays} business days.`,
    }),
  };
}

/** The owner's mail when the customer cancelled a paid order: not to pack it. */
export function customerCancelledMail(
  ctx: OrderContext,
  view: OrderView,
  refund: OrderRefund,
): Mail {
  return {
    subject: `Order ${view.orderNumber} cancelled by the customer: do not ship it`,
    ...renderMail({
      heading: 'An order was cancelled by its customer',
      paragraphs: [
        `${customerName(view)} cancelled order ${view.orderNumber} within ${POLICY.cancellationWindowHours} hours of paying for it. Please do not pack or ship it.`,
        `Reason: ${refund.reason}`,
        `${formatRupees(refund.amount)} was refunded through the payment service (refund ${refund.refundId ?? ''}), the units are back in stock, and the credit note is issued.`,
        ...lineTexts(view),
        `Order: ${ownerOrderLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** The customer's refund reached their bank, as the gateway reported it. */
export function refundProcessedMail(ctx: OrderContext, view: OrderView, refund: OrderRefund): Mail {
  return {
    subject: `Your refund for order ${view.orderNumber} has reached your bank`,
    ...renderMail({
      heading: 'Your refund has reached your bank',
      paragraphs: [
        `Hi ${view.shippingAddress.firstName}, the payment service has sent your refund of ${formatRupees(refund.amount)} for order ${view.orderNumber} to your original payment method (refund ${refund.refundId ?? ''}).`,
        'Banks usually show it within a few days. If you cannot see it after a week, reply to this mail with the refund id and we will find it with you.',
        `Order details: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** The bank sent a refund back: the owner must send it again. */
export function refundFailedMail(ctx: OrderContext, view: OrderView, refund: OrderRefund): Mail {
  return {
    subject: `Refund failed: send it again for order ${view.orderNumber}`,
    ...renderMail({
      heading: 'A refund did not reach the customer',
      paragraphs: [
        `The payment service reports that the refund of ${formatRupees(refund.amount)} for order ${view.orderNumber} failed${refund.failure ? `: ${refund.failure}` : ''}. The money is back in your account, and the customer still waits for it.`,
        `Please open the order and press "Send ${formatRupees(refund.amount)} again" under its refunds. The dashboard counts it until it goes through.`,
        `Customer: ${customerName(view)}, ${view.shippingAddress.email}, ${view.shippingAddress.phone}.`,
        `Order: ${ownerOrderLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/**
 * The courier brought the parcel back undelivered (RTO): the customer hears that it came back and
 * that the owner will be in touch about a refund or a second try.
 */
export function returnedToOriginMail(ctx: OrderContext, view: OrderView): Mail {
  return {
    subject: `Your order ${view.orderNumber} came back to us`,
    ...renderMail({
      heading: 'We could not deliver your order',
      paragraphs: [
        `Hi ${view.shippingAddress.firstName}, the courier could not deliver your order ${view.orderNumber} to ${addressText(view)} and has brought it back to us.`,
        `We will refund ${formatRupees(view.totalAmount)} to your original payment method, or send it again if you reply to this mail with a better address or time.`,
        `Order details: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** The owner's mail about a parcel the courier brought back: refund it or send it again. */
export function ownerReturnedToOriginMail(
  ctx: OrderContext,
  view: OrderView,
  lastReason: string | null,
): Mail {
  return {
    subject: `Returned to origin: order ${view.orderNumber} came back undelivered`,
    ...renderMail({
      heading: 'A parcel came back undelivered',
      paragraphs: [
        `The courier returned order ${view.orderNumber} (waybill ${view.trackingNumber ?? ''}) to your warehouse${lastReason ? ` after a failed delivery: ${lastReason}` : ''}.`,
        `Please check the parcel, then refund the customer from the order (put the units back on the shelf if they can be sold), or ship it again if the customer asks.`,
        `Customer: ${customerName(view)}, ${view.shippingAddress.email}, ${view.shippingAddress.phone}.`,
        `Order: ${ownerOrderLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** The owner's mail about a payment: a new order to pack, or a refund to make. */
export function ownerMail(ctx: OrderContext, view: OrderView, soldOut: boolean): Mail {
  if (soldOut) {
    return {
      subject: `Refund needed: order ${view.orderNumber} (${formatRupees(view.totalAmount)})`,
      ...renderMail({
        heading: 'Refund needed: paid order could not ship',
        paragraphs: [
          `A payment of ${formatRupees(view.totalAmount)} (payment ${view.transactionId}) was captured for order ${view.orderNumber} after its stock was gone, so the order was cancelled.`,
          `Please refund payment ${view.transactionId} from the Razorpay dashboard; the customer was told to expect it within ${POLICY.refundBusinessDays} business days.`,
          ...lineTexts(view),
          `Customer: ${customerName(view)}, ${view.shippingAddress.email}, ${view.shippingAddress.phone}.`,
          `Order: ${ownerOrderLink(ctx, view)}`,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  return {
    subject: `New order ${view.orderNumber} (${formatRupees(view.totalAmount)})`,
    ...renderMail({
      heading: 'New order received',
      paragraphs: [
        `A paid order is ready to pack. Order number:`,
        ...lineTexts(view),
        summaryText(view),
        `Ship to: ${addressText(view)} E-mail ${view.shippingAddress.email}.`,
        `Payment: ${view.transactionId}. Order: ${ownerOrderLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** A return's units as the mails list them. */
function returnLines(request: OrderReturn): string[] {
  return request.lines.map((line) => `${line.name} x ${line.quantity}`);
}

/** The customer's acknowledgement of their return request. */
export function returnRequestedMail(
  ctx: OrderContext,
  view: OrderView,
  request: OrderReturn,
): Mail {
  return {
    subject: `We have your return request for order ${view.orderNumber}`,
    ...renderMail({
      heading: 'Your return request',
      paragraphs: [
        `Hi ${view.shippingAddress.firstName}, we have your request to return these items of order ${view.orderNumber}:`,
        ...returnLines(request),
        `Reason: ${request.reason}${request.note ? `. ${request.note}` : ''}`,
        'We reply by e-mail within 48 hours. Please keep the items and their packing until then.',
        `Follow your return: ${statusLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/** The owner's notice of a return to decide. */
export function returnToDecideMail(ctx: OrderContext, view: OrderView, request: OrderReturn): Mail {
  return {
    subject: `Return requested: order ${view.orderNumber}`,
    ...renderMail({
      heading: 'A customer asks to return items',
      paragraphs: [
        `${customerName(view)} asks to return these items of order ${view.orderNumber}:`,
        ...returnLines(request),
        `Reason: ${request.reason}${request.note ? `. ${request.note}` : ''}`,
        `${request.photos} photo${request.photos === 1 ? '' : 's'} attached to the request. Please approve or reject it within 48 hours.`,
        `Order: ${ownerOrderLink(ctx, view)}`,
      ],
      highlight: view.orderNumber,
    }),
  };
}

/**
 * The customer's mail about a return's step: approved (where to send the parcel), rejected (why),
 * or its parcel received (the refund follows). A refunded return's mail is its refund's.
 */
export function returnStepMail(
  ctx: OrderContext,
  view: OrderView,
  request: OrderReturn,
  sendTo: string,
): Mail | null {
  const hi = `Hi ${view.shippingAddress.firstName},`;
  const follow = `Follow your return: ${statusLink(ctx, view)}`;
  if (request.state === 'approved') {
    return {
      subject: `Your return for order ${view.orderNumber} is approved`,
      ...renderMail({
        heading: 'Your return is approved',
        paragraphs: [
          `${hi} we accept the return of these items of order ${view.orderNumber}:`,
          ...returnLines(request),
          ...(request.decisionNote ? [`From us: ${request.decisionNote}`] : []),
          `Please pack them well and send them to: ${sendTo}. Write ${view.orderNumber} on the parcel.`,
          `Once the parcel reaches us we refund these items to your original payment method; the refund reaches you within ${POLICY.refundBusinessDays} business days.`,
          follow,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  if (request.state === 'rejected') {
    return {
      subject: `Your return for order ${view.orderNumber} was not accepted`,
      ...renderMail({
        heading: 'We could not accept your return',
        paragraphs: [
          `${hi} we cannot accept the return you asked for on order ${view.orderNumber}.`,
          `Why: ${request.decisionNote ?? ''}`,
          `If you disagree, reply to this mail or raise a complaint: ${ctx.settings.publicUrl}/raise-complaint`,
          follow,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  if (request.state === 'received') {
    return {
      subject: `We received your return for order ${view.orderNumber}`,
      ...renderMail({
        heading: 'Your returned parcel reached us',
        paragraphs: [
          `${hi} your returned items of order ${view.orderNumber} reached us:`,
          ...returnLines(request),
          'We refund them now; you will get a mail with the refund and its credit note.',
          follow,
        ],
        highlight: view.orderNumber,
      }),
    };
  }
  return null;
}
