/** What the owner area reads about the shop as a whole: money in rupees. */
import { z } from 'zod';
import { DISCOUNT_KINDS } from '../discounts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../order-state';
import { TICKET_STATUSES } from '../support';
import { addressShape, userShape } from './accounts';
import { reviewShape } from './catalogue';
import { orderShape } from './checkout';
import { pageQueryShape } from './envelope';

export const dailySalesShape = z
  .object({
    date: z.string().meta({ description: "the day in India's time zone, `YYYY-MM-DD`" }),
    orders: z.int().meta({ description: 'orders paid that day' }),
    revenue: z.number().meta({ description: 'what those orders paid, in rupees' }),
  })
  .meta({ id: 'DailySales' });

export const dashboardFiguresShape = z
  .object({
    totalOrders: z.int().meta({ description: 'paid orders; a refunded order no longer counts' }),
    totalUsers: z.int().meta({ description: 'customer accounts' }),
    totalProducts: z.int().meta({ description: 'products in the shop, not deleted' }),
    revenue: z.number().meta({ description: 'what the paid orders paid, in rupees' }),
    growth: z.number().nullable().meta({
      description:
        "this calendar month's paid revenue against last month's, a percentage to one decimal; null when last month had none",
    }),
    toShip: z.int().meta({ description: 'sales not shipped yet: paid, Confirmed' }),
    oldestToShipPaidAt: z.string().nullable().meta({
      description: 'when the longest-waiting order to ship was paid; null when none waits',
    }),
    openSupport: z.int().meta({ description: 'contact messages and complaints not resolved' }),
    supportReplyOverdue: z.int().meta({
      description: "unresolved tickets whose customer's latest word has waited over 24 hours",
    }),
    supportResolutionOverdue: z.int().meta({
      description: 'tickets unresolved over 30 days after they came',
    }),
    lowStockProducts: z.int().meta({
      description:
        "listed products with a weight whose free stock is below the owner's mark for it",
    }),
    monthOrders: z.int().meta({ description: "sales paid this calendar month, in India's time" }),
    monthRevenue: z.number().meta({ description: 'what those sales paid, in rupees' }),
    averageOrderValue: z.number().nullable().meta({
      description:
        "this month's revenue over this month's sales, in rupees to the paisa; null without a sale this month",
    }),
    salesByDay: z.array(dailySalesShape).meta({
      description: 'the last 30 days, oldest first and today last; a day without sales is zeros',
    }),
    toRefund: z.int().meta({
      description:
        'payments the shop owes back: paid orders that cannot ship, second payments for an order already paid not refunded yet, and refunds the bank sent back',
    }),
    toRefundAmount: z.number().meta({ description: 'what those payments add up to, in rupees' }),
    refundsSentBack: z.int().meta({
      description:
        'of those, refunds the bank sent back (status `failed`): each to be sent again from its order',
    }),
    openReturns: z.int().meta({
      description:
        'returns waiting for the owner: to decide, their parcel to receive, or to refund',
    }),
    failingFollowUps: z.int().meta({
      description:
        "consequences of orders' moves (mails to customers and to the owner) whose latest attempt failed and that have not gone through since; retried with a growing wait for three days",
    }),
  })
  .meta({
    id: 'DashboardFigures',
    description: "The owner's cards and chart: paid orders only, days and months in India's time.",
  });

export type DashboardFigures = z.infer<typeof dashboardFiguresShape>;
export type DailySales = z.infer<typeof dailySalesShape>;

/** `sales=all` keeps the sales; `sales=this-month` those paid this calendar month in India. */
export const ORDER_SALES_FILTERS = ['all', 'this-month'] as const;

/**
 * `?status=` and `?paymentStatus=` narrow the owner's orders; `?needsRefund=true` keeps those
 * awaiting a refund, `?returns=open` those with a return waiting, `?toShip=true` the sales not shipped yet, `?sales=` the sales, `?paid=` the paid ones or the unpaid attempts.
 */
export const ownerOrdersQueryShape = pageQueryShape.extend({
  status: z.enum(ORDER_STATUSES, { error: 'status must be one of the order statuses' }).optional(),
  paymentStatus: z
    .enum(PAYMENT_STATUSES, { error: 'paymentStatus must be one of the payment statuses' })
    .optional(),
  needsRefund: z.enum(['true'], { error: 'needsRefund can only be true' }).optional().meta({
    description:
      'only orders with money to give back: paid but cannot ship, paid a second time and not refunded yet, or a refund the bank sent back',
  }),
  paid: z
    .enum(['true', 'false', 'any'], { error: 'paid must be true, false or any' })
    .optional()
    .meta({
      description:
        '`true`: orders whose payment was captured (refunded ones too); `false`: unpaid attempts (awaiting payment, failed, expired); `any` or absent: both',
    }),
  toShip: z
    .enum(['true'], { error: 'toShip can only be true' })
    .optional()
    .meta({ description: 'only sales not shipped yet (paid, Confirmed)' }),
  returns: z.enum(['open'], { error: 'returns can only be open' }).optional().meta({
    description:
      'only orders with a return waiting for the owner: requested, approved, or received and not refunded',
  }),
  sales: z.enum(ORDER_SALES_FILTERS, { error: 'sales must be all or this-month' }).optional().meta({
    description: "only sales; `this-month`: those paid this calendar month, in India's time",
  }),
});
export type OwnerOrdersQuery = z.infer<typeof ownerOrdersQueryShape>;

/** The orders the owner's product list can be read in; `newest` unless asked. */
export const OWNER_PRODUCT_SORTS = [
  'newest',
  'name',
  'price-asc',
  'price-desc',
  'stock-asc',
] as const;
export type OwnerProductSort = (typeof OWNER_PRODUCT_SORTS)[number];

/**
 * `?q=` searches name, flavour and skus (the product's and its weights'); `?sort=` orders the list;
 * `?lowStock=true` keeps the products low on stock.
 */
export const ownerProductsQueryShape = pageQueryShape.extend({
  sort: z
    .enum(OWNER_PRODUCT_SORTS, { error: `sort must be one of ${OWNER_PRODUCT_SORTS.join(', ')}` })
    .default('newest')
    .meta({
      description:
        'newest first; name A to Z; price low to high or high to low; the lowest free stock across weights first',
    }),
  lowStock: z.enum(['true'], { error: 'lowStock can only be true' }).optional().meta({
    description: "only listed products with a weight whose free stock is below the owner's mark",
  }),
});
export type OwnerProductsQuery = z.infer<typeof ownerProductsQueryShape>;

/** A customer as the owner's Users table shows them. */
export const customerShape = userShape
  .extend({
    totalSpent: z.number().meta({ description: 'what their paid orders paid, in rupees' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerShape>;

export const erasedCustomerShape = z
  .object({ _id: z.string().meta({ description: 'the id the erased account had' }) })
  .meta({ id: 'ErasedCustomer' });

export const SUPPORT_KINDS = ['contact', 'complaint'] as const;
export const SUPPORT_STATES = ['open', 'resolved'] as const;

/** `?status=open|resolved` narrows the inbox; `?q=` searches names, e-mails and text. */
export const supportInboxQueryShape = pageQueryShape.extend({
  status: z.enum(SUPPORT_STATES, { error: 'status must be open or resolved' }).optional(),
  order: z.string().max(100).optional().meta({
    description: 'only the complaints that name this order (its id)',
  }),
});
export type SupportInboxQuery = z.infer<typeof supportInboxQueryShape>;

/** One contact message or complaint in the owner's inbox. */
export const supportMessageShape = z
  .object({
    _id: z.string(),
    kind: z.enum(SUPPORT_KINDS),
    fromName: z.string(),
    replyTo: z.string().meta({ description: 'the e-mail to answer' }),
    phone: z.string().nullable().meta({ description: 'contact messages only' }),
    message: z.string().meta({ description: "the contact message, or the complaint's query" }),
    issueType: z.string().nullable().meta({ description: 'complaints only' }),
    orderReference: z
      .string()
      .nullable()
      .meta({ description: 'the order id or number the customer typed, complaints only' }),
    order: z
      .object({ _id: z.string(), orderNumber: z.string() })
      .nullable()
      .meta({ description: 'the order that reference names, when there is one' }),
    invoiceUrl: z.string().nullable().meta({
      description: 'the invoice image behind an owner-only URL; null when none was attached',
    }),
    resolved: z.boolean(),
    resolvedAt: z.string().nullable(),
    createdAt: z.string(),
    ticketNumber: z.string(),
    status: z.enum(TICKET_STATUSES),
    awaitingReplySince: z.string().nullable().meta({
      description:
        "since when the customer's latest word has waited for an answer; null once answered",
    }),
    replyOverdue: z
      .boolean()
      .meta({ description: 'unresolved and waiting for an answer over 24 hours' }),
    resolutionOverdue: z.boolean().meta({ description: 'unresolved over 30 days after it came' }),
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessage = z.infer<typeof supportMessageShape>;

export const resolveSupportBodyShape = z.object({
  resolved: z.boolean({ error: 'resolved must be true or false' }),
});

/** A review in the owner's moderation list: the newest across every product. */
export const ownerReviewShape = reviewShape
  .extend({ productName: z.string() })
  .meta({ id: 'OwnerReview' });
export type OwnerReview = z.infer<typeof ownerReviewShape>;

/** `YYYY-MM-DD` that names a day of the calendar (not 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const instant = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 10) === day;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPORT_MAX_DAYS = 366;

/** A day of the export's range: its length first, then its form, then that the day exists. */
const exportDay = (name: 'from' | 'to') => {
  const message = `${name} must be a date like 2026-01-31`;
  return z
    .string({ error: `${name} is required` })
    .max(10, { message, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message, abort: true })
    .refine(isCalendarDay, `${name} must be a day of the calendar`);
};

/** `?from=` and `?to=` are India's calendar days, both included, at most 366 of them. */
export const orderExportQueryShape = z
  .object({ from: exportDay('from'), to: exportDay('to') })
  .refine((range) => range.from <= range.to, {
    message: 'to must not be before from',
    path: ['to'],
  })
  .refine(
    (range) =>
      (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS <
      EXPORT_MAX_DAYS,
    { message: `The range may span at most ${EXPORT_MAX_DAYS} days`, path: ['to'] },
  );
export type OrderExportQuery = z.infer<typeof orderExportQueryShape>;

/** How many of a customer's orders, reviews and messages their page shows: the newest. */
export const CUSTOMER_DETAILS_LIMIT = 100;

/** One customer as the owner's page of them shows: contact, addresses, orders, reviews, tickets. */
export const customerDetailsShape = z
  .object({
    customer: customerShape,
    addresses: z.array(addressShape).meta({ description: 'their saved addresses, newest first' }),
    orders: z.array(orderShape).meta({
      description: `their orders, newest first, at most ${CUSTOMER_DETAILS_LIMIT}; \`customer.orders\` counts them all`,
    }),
    reviews: z.array(ownerReviewShape).meta({
      description: `their reviews, newest first, at most ${CUSTOMER_DETAILS_LIMIT}`,
    }),
    messages: z.array(supportMessageShape).meta({
      description: `their complaints (linked to the account or sent from its e-mail) and contact messages (sent from its e-mail), newest first, at most ${CUSTOMER_DETAILS_LIMIT}`,
    }),
  })
  .meta({ id: 'CustomerDetails' });
export type CustomerDetails = z.infer<typeof customerDetailsShape>;

/** A discount code as the owner's Discounts tab shows it: money in rupees, times as ISO. */
export const discountShape = z
  .object({
    _id: z.string(),
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z
      .number()
      .meta({ description: 'percent: whole percent; amount: rupees; free shipping: 0' }),
    minSubtotal: z.number(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    maxUses: z.int().nullable(),
    maxUsesPerCustomer: z.int().nullable(),
    firstOrderOnly: z.boolean(),
    productIds: z.array(z.string()),
    active: z.boolean(),
    uses: z.int().meta({ description: 'orders placed with it, not cancelled or expired' }),
    revenue: z
      .number()
      .meta({ description: 'what the sales placed with it kept, refunds taken off' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountShape>;
