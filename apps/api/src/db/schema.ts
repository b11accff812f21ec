/**
 * Every table of the shop. Money is integer paise (`*_paise`), ids are text UUIDs (sent as `_id`),
 * timestamps carry their time zone. One pg-core schema serves PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { MakerOnLabel, Nutrition } from '@makhana/domain/declarations';
import { DISCOUNT_KINDS } from '@makhana/domain/discounts';
import {
  ORDER_ACTORS,
  ORDER_MOVES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '@makhana/domain/order-state';
import type { ShippingAddress } from '@makhana/domain/orders';
import { REFUND_STATES, type RefundPart } from '@makhana/domain/refunds';
import { RETURN_REASONS, RETURN_STATES } from '@makhana/domain/returns';
import { COURIERS, SCAN_KINDS, SHIPMENT_STATES } from '@makhana/domain/shipping';
import { DEFAULT_LOW_STOCK_BELOW, type ShopSettings } from '@makhana/domain/validation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender', { enum: ['Male', 'Female'] }),
    /** stored lower-case */
    email: text('email').notNull().unique(),
    phoneNumber: text('phone_number').notNull().default(''),
    /** the OpenID Connect subject once the customer has signed in with Google */
    googleSubject: text('google_subject').unique(),
    /** when a one-time code sent to `email` was last entered: Google may attach only after that */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The owner's customers, newest first, a page at a time.
    index('users_created_idx').on(t.createdAt, t.id),
    // The owner's `?q=`: words anywhere in the name, e-mail or phone (ILIKE '%words%').
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    // The search also asks for each part alone; the name's parts are short, so these are small.
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
  ],
);

/** Owner accounts: a separate realm from customers. */
export const admins = pgTable('admins', {
  id: id(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default('Owner'),
  role: text('role', { enum: ['owner'] })
    .notNull()
    .default('owner'),
  /** `scrypt$N$r$p$salt$hash`, see lib/password.ts */
  passwordHash: text('password_hash').notNull(),
  /** the second factor's TOTP secret (base32) once confirmed; null while the owner has none */
  totpSecret: text('totp_secret'),
  /** a secret shown for setting up, not yet confirmed by a code from it */
  totpPendingSecret: text('totp_pending_secret'),
  /** the 30-second step of the last code accepted, so a code opens one sign-in only */
  totpLastStep: integer('totp_last_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The owner's single-use recovery codes, kept as SHA-256 hashes; a used code's row goes. */
export const ownerRecoveryCodes = pgTable(
  'owner_recovery_codes',
  {
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('owner_recovery_codes_admin_code_idx').on(t.adminId, t.codeHash)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull().default('India'),
    pincode: text('pincode').notNull(),
    phoneNumber: text('phone_number').notNull(),
    alternateNumber: text('alternate_number').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    email: text('email').notNull().default(''),
    locality: text('locality').notNull().default(''),
    label: text('label', { enum: ['Home', 'Work'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    brand: text('brand').notNull(),
    categoryType: text('category_type').notNull(),
    packOfBox: integer('pack_of_box').notNull().default(1),
    /** the card price, until the catalogue's filters choose a weight */
    pricePaise: integer('price_paise').notNull(),
    /** the flavour */
    variant: text('variant').notNull().default(''),
    /**
     * the owner's switch, `listed` in the API: on sale or not. The API's `inStock` is derived:
     * listed and some variant has free stock.
     */
    inStock: boolean('in_stock').notNull().default(true),
    /** months */
    shelfLife: integer('shelf_life').notNull(),
    modelNumber: text('model_number').notNull().default(''),
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    healthBenefits: text('health_benefits').notNull().default(''),
    containerType: text('container_type').notNull().default(''),
    dietaryPreference: text('dietary_preference').notNull().default(''),
    sku: text('sku').notNull().default(''),
    /** the goods' HSN code, 4 to 8 digits; '' until the owner sets it */
    hsnCode: text('hsn_code').notNull().default(''),
    /** percent, one of the GST slabs; included in every price */
    gstRate: integer('gst_rate').notNull().default(5),
    ingredients: text('ingredients').notNull().default(''),
    /** "None" is an answer; '' is none given yet */
    allergens: text('allergens').notNull().default(''),
    /** per 100 g; null until the owner fills the table */
    nutrition: jsonb('nutrition').$type<Nutrition>(),
    /** the veg or non-veg mark; null until the owner says */
    vegetarian: boolean('vegetarian'),
    manufacturer: jsonb('manufacturer')
      .$type<MakerOnLabel>()
      .notNull()
      .default({ name: '', address: '' }),
    /** when another than the manufacturer packed it */
    packer: jsonb('packer').$type<MakerOnLabel>(),
    /** deleted by the owner: hidden from the shop; its rows stay for the orders that point at them */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.pricePaise} >= 0`),
    check('products_gst_rate_slab', sql`${t.gstRate} in (0, 5, 18, 40)`),
    index('products_created_idx').on(t.createdAt),
    // The owner's product list: its sorts by name and by price, and its searches (ILIKE '%words%').
    index('products_name_idx').on(sql`lower(${t.name})`, t.id),
    index('products_price_name_idx').on(t.pricePaise, sql`lower(${t.name})`, t.id),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_variant_trgm_idx').using('gin', t.variant.op('gin_trgm_ops')),
    index('products_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** 0 is the main picture */
    position: integer('position').notNull(),
    /** the owner's alternative text; null reads as the product's name and first weight */
    alt: text('alt'),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** A weight of a product: the unit that is sold, with its own price, sku and stock. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    weightGrams: integer('weight_grams').notNull(),
    pricePaise: integer('price_paise').notNull(),
    sku: text('sku').notNull().unique(),
    /** what one pack weighs on the courier's scales; null: its weight plus packaging */
    shippingGrams: integer('shipping_grams'),
    /** units on the shelf; free stock = stock minus active reservations */
    stock: integer('stock').notNull().default(0),
    /** the owner's low-stock mark: free stock below it shows as low (docs/product.md#owner) */
    lowStockBelow: integer('low_stock_below').notNull().default(DEFAULT_LOW_STOCK_BELOW),
    /**
     * taken out of the product by the owner while reservations or order lines point at it: hidden
     * from the shop, kept for them; adding its weight again brings it back
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A removed variant leaves its weight free for a new one.
    uniqueIndex('product_variants_product_weight_idx')
      .on(t.productId, t.weightGrams)
      .where(sql`${t.removedAt} is null`),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_variants_low_stock_nonnegative', sql`${t.lowStockBelow} >= 0`),
    check('product_variants_price_positive', sql`${t.pricePaise} > 0`),
    check('product_variants_weight_positive', sql`${t.weightGrams} > 0`),
    index('product_variants_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
    // The owner's products by lowest stock read the live weights in stock order.
    index('product_variants_stock_idx').on(t.stock).where(sql`${t.removedAt} is null`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** human-readable, e.g. MM-20250101-4F7K2 */
    orderNumber: text('order_number').notNull().unique(),
    /** null once the customer was erased: the order stays for the books */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    subtotalPaise: integer('subtotal_paise').notNull(),
    shippingCostPaise: integer('shipping_cost_paise').notNull(),
    totalAmountPaise: integer('total_amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** the checkout form's fields, copied onto the order */
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    paymentMethod: text('payment_method').notNull().default('Prepaid'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Pending'),
    /** the gateway's order id (order_...) */
    gatewayOrderId: text('gateway_order_id').unique(),
    /** the captured payment id (pay_...) */
    transactionId: text('transaction_id').unique(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** a capture arrived that cannot be kept: the owner must refund it */
    needsRefund: boolean('needs_refund').notNull().default(false),
    /** what its refunds gave back (or are giving back) so far: the sum of `refunds` not failed */
    refundedPaise: integer('refunded_paise').notNull().default(0),
    /** the discount code it was placed with (its id, and the code as it was then) */
    discountId: text('discount_id'),
    discountCode: text('discount_code'),
    /** what the code took off: the lines' shares and any shipping it waived */
    discountPaise: integer('discount_paise').notNull().default(0),
    /**
     * the `Idempotency-Key` the customer's Place Order sent: the same key again within a day
     * answers this order instead of holding stock for another
     */
    idempotencyKey: text('idempotency_key'),
    /** an unpaid order releases its stock at this time */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** when the sweeper last asked the gateway about this unpaid order's payments */
    gatewayCheckedAt: timestamp('gateway_checked_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_user_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('orders_status_idx').on(t.paymentStatus, t.expiresAt),
    // The owner's orders, newest first, a page at a time, whole or narrowed to a status or to
    // those awaiting a refund; the count of each comes from the same index.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_order_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_needs_refund_created_idx').on(t.needsRefund, t.createdAt, t.id),
    // A code's uses, counted as each order with it is placed: only the orders that have one.
    index('orders_discount_idx').on(t.discountId, t.userId).where(sql`${t.discountId} is not null`),
    // The dashboard's sums read this index alone: sales are completed and not awaiting a refund,
    // and each counts what it kept (its total less its refunds).
    index('orders_sales_idx').on(
      t.paymentStatus,
      t.needsRefund,
      t.paidAt,
      t.totalAmountPaise,
      t.refundedPaise,
    ),
    // The owner's `?q=`: words anywhere in the order number or the shipping address's name,
    // e-mail or phone (ILIKE '%words%'), each expression exactly as the search writes it.
    index('orders_number_trgm_idx').using('gin', t.orderNumber.op('gin_trgm_ops')),
    index('orders_name_trgm_idx').using(
      'gin',
      sql`((${t.shippingAddress} ->> 'firstName') || ' ' || (${t.shippingAddress} ->> 'lastName')) gin_trgm_ops`,
    ),
    index('orders_email_trgm_idx').using(
      'gin',
      sql`(${t.shippingAddress} ->> 'email') gin_trgm_ops`,
    ),
    index('orders_phone_trgm_idx').using(
      'gin',
      sql`(${t.shippingAddress} ->> 'phone') gin_trgm_ops`,
    ),
    check(
      'orders_amounts_nonnegative',
      sql`${t.totalAmountPaise} >= 0 and ${t.shippingCostPaise} >= 0`,
    ),
  ],
);

/**
 * The owner's discount codes. A code once used is never deleted (switched off instead), so an old
 * order's code keeps its meaning; its uses are the orders placed with it, not cancelled.
 */
export const discounts = pgTable('discounts', {
  id: id(),
  /** upper case: a shopper's code is compared in upper case */
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
  /** percent: whole percent; amount: paise; free shipping: 0 */
  value: integer('value').notNull(),
  minSubtotalPaise: integer('min_subtotal_paise').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  /** the first moment it no longer works; null for no end */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  firstOrderOnly: boolean('first_order_only').notNull().default(false),
  /** the products it is for; empty for every product */
  productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** kept as plain text so an order outlives a deleted product */
    productId: text('product_id').notNull(),
    variantId: text('variant_id'),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    variantWeight: integer('variant_weight').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    priceAtPurchasePaise: integer('price_at_purchase_paise').notNull(),
    /** the line's share of the order's discount code: what it cost is its price less this */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** the product's HSN code and GST rate when it was sold, for the invoice; null before them */
    hsnCode: text('hsn_code'),
    gstRate: integer('gst_rate'),
    /** the line's place in the cart it came from */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every move of an order's state: what happened, when, and who made it. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ORDER_MOVES }).notNull(),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    /** the owner's or customer's account id, plain text so the history outlives the account */
    actorId: text('actor_id'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** the owner's reason, for a refund */
    note: text('note'),
    /**
     * The time of the statement, not of its transaction: two moves made in one (a return's
     * refund, then the order "Returned") keep their order in the history.
     */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The consequences of an order's moves still to be carried out (decision 028): one row per move
 * that has any, naming the handlers still to run, written in the transaction that made the move,
 * carried out after it commits, at least once, and deleted once every handler has worked.
 * `available_at` is when a sweep may take the row: a lease while a process delivers it, then the
 * back-off after a failure. `order_id` is not a foreign key: the check would cost every move a
 * lookup, and a handler whose order has gone since (an erased account) has nothing to do.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** what happened, e.g. `order.paid` */
    topic: text('topic').notNull(),
    /** the consequences of it not carried out yet, e.g. `customer-mail`, `owner-mail` */
    handlers: text('handlers').array().notNull(),
    orderId: text('order_id'),
    /** the history row of the move, when the consequence needs its details */
    historyId: text('history_id'),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** why the latest attempt failed; the owner's dashboard counts the rows that have one */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.availableAt)],
);

/**
 * Stock held by an order. `active` holds free stock until `expires_at`; `committed` means the
 * order was paid and the variant's stock was decremented; `released` gives the stock back.
 */
export const RESERVATION_STATUSES = ['active', 'committed', 'released'] as const;

export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stock_reservations_variant_idx').on(t.variantId, t.status),
    index('stock_reservations_order_idx').on(t.orderId),
    // The few reservations still holding stock, without reading every one ever made.
    index('stock_reservations_active_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
    check('stock_reservations_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Razorpay webhook events already handled (deduplicated on the event id). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's legal identity (who sells, for the footer, the grievance page and the invoices), one
 * row. `settings` is what the owner's form saved, or the demo's fictitious values until then.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: text('id').primaryKey().default('shop'),
    settings: jsonb('settings').$type<ShopSettings>().notNull(),
    /** when the owner last saved them; null while they are the demo's */
    savedAt: timestamp('saved_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 'shop'`)],
);

/**
 * A payment captured for an order that another payment had paid already (a shopper who paid
 * twice): money the shop must give back. Kept until the gateway took the refund, listed in the
 * owner's "Needs refund" and counted on the dashboard meanwhile.
 */
export const extraPayments = pgTable(
  'extra_payments',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** the gateway's payment id (pay_...): one capture is recorded once, whoever reports it */
    paymentId: text('payment_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    /** the gateway's refund id (rfnd_...) once the money went back */
    refundId: text('refund_id').unique(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** why the gateway last refused or did not answer its refund; cleared when one succeeds */
    refundFailure: text('refund_failure'),
  },
  (t) => [
    index('extra_payments_order_idx').on(t.orderId),
    // What the owner still owes: the dashboard's count and the "Needs refund" filter.
    index('extra_payments_unrefunded_idx').on(t.orderId).where(sql`${t.refundedAt} is null`),
    check('extra_payments_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Every refund of an order's payment (decision 016): in full or in part, the owner's or the
 * customer's cancellation. A row is written before the gateway is asked (`pending`, its amount
 * then held against what is left to refund) and its id is the gateway's idempotency key, so a
 * retry after the gateway fell silent asks for the same refund, never a second one.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    amountPaise: integer('amount_paise').notNull(),
    /** what it gives back of each line and of the shipping, adding up to the amount */
    parts: jsonb('parts').$type<RefundPart[]>().notNull(),
    reason: text('reason').notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    actorId: text('actor_id'),
    /**
     * pending until the gateway took it; refused when it said no (what it held is free again);
     * initiated, then processed or failed (the bank sent it back: owed until sent again)
     */
    state: text('state', { enum: REFUND_STATES }).notNull().default('pending'),
    /** the gateway's refund id (rfnd_...) of the latest attempt */
    gatewayRefundId: text('gateway_refund_id').unique(),
    /** attempts the bank sent back: the next attempt asks under a new key (`refundAttemptKey`) */
    attempt: integer('attempt').notNull().default(0),
    /** why the gateway last refused or did not answer, or the bank sent it back; cleared when it takes the refund */
    failure: text('failure'),
    createdAt: createdAt(),
    /** when the gateway took it */
    initiatedAt: timestamp('initiated_at', { withTimezone: true }),
    /** when the money reached the customer's bank, as the gateway reported it */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** the return whose lines it refunds, when it does */
    returnId: text('return_id'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    // The dashboard's count of refunds the bank sent back: a few rows at most.
    index('refunds_failed_idx').on(t.orderId).where(sql`${t.state} = 'failed'`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * A customer's return of some units of a delivered order, step by step: requested (with up to
 * three photos, kept under DATA_DIR/private), approved or rejected by the owner, its parcel
 * received, then refunded through a refund of exactly its lines (decision 037).
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** the order lines and units sent back */
    lines: jsonb('lines').$type<{ item: string; quantity: number }[]>().notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    /** what the customer says happened */
    note: text('note'),
    /** the photos' paths under DATA_DIR/private, in the order sent */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    state: text('state', { enum: RETURN_STATES }).notNull().default('requested'),
    /** the owner's word with the decision: why, for a rejection */
    decisionNote: text('decision_note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId, t.requestedAt),
    // The owner's open returns: the few still waiting, without reading every return.
    index('return_requests_open_idx')
      .on(t.orderId)
      .where(sql`${t.state} in ('requested', 'approved', 'received')`),
  ],
);

/**
 * An order's shipment with a courier (decision 039), and where its tracking stands. `uncertain`
 * marks an attempt whose answer was lost: the next one asks the courier for the order's
 * reference before booking again.
 */
export const shipments = pgTable(
  'shipments',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id),
    courier: text('courier', { enum: COURIERS }).notNull(),
    /** what the courier knows the order by: its order number */
    reference: text('reference').notNull(),
    state: text('state', { enum: SHIPMENT_STATES }).notNull(),
    waybill: text('waybill').unique(),
    weightGrams: integer('weight_grams').notNull(),
    /** why the last attempt was refused or failed, in the courier's words */
    failure: text('failure'),
    uncertain: boolean('uncertain').notNull().default(false),
    /** when the latest booking attempt started */
    attemptAt: timestamp('attempt_at', { withTimezone: true }).notNull().defaultNow(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** its latest scan's kind; a final one ends its tracking */
    lastScan: text('last_scan', { enum: SCAN_KINDS }),
    /** the courier's reason for the latest failed delivery, while it is not delivered */
    undelivered: text('undelivered'),
    /** when the courier last answered about it, and the next time to ask (null: not tracked) */
    trackedAt: timestamp('tracked_at', { withTimezone: true }),
    nextTrackAt: timestamp('next_track_at', { withTimezone: true }),
    /** questions in a row the courier did not answer about it, and the last error */
    trackFailures: integer('track_failures').notNull().default(0),
    trackError: text('track_error'),
    createdAt: createdAt(),
  },
  (t) => [
    // The tracking sweep's due shipments, oldest due first: only those still tracked.
    index('shipments_next_track_idx').on(t.nextTrackAt).where(sql`${t.nextTrackAt} is not null`),
  ],
);

/** A courier's scan of a shipment: the customer's timeline. */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: SCAN_KINDS }).notNull(),
    location: text('location').notNull().default(''),
    /** the courier's reason, for a failed delivery */
    reason: text('reason'),
    /** the courier's own words for the scan */
    courierStatus: text('courier_status').notNull(),
  },
  // A scan reported again by the next question is the same scan.
  (t) => [uniqueIndex('shipment_scans_scan_idx').on(t.orderId, t.at, t.kind, t.location)],
);

/** A pickup the owner asked the courier for. */
export const pickups = pgTable('pickups', {
  id: id(),
  courier: text('courier', { enum: COURIERS }).notNull(),
  pickupDate: text('pickup_date').notNull(),
  packages: integer('packages').notNull(),
  /** the courier's id of the request */
  courierPickupId: text('courier_pickup_id').notNull(),
  ownerId: text('owner_id'),
  createdAt: createdAt(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** null once the author was erased: the review stays, without a name */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt),
    // The owner's newest reviews across every product.
    index('reviews_created_idx').on(t.createdAt, t.id),
    // One review per customer per product, held by the database even when two adds race.
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const banners = pgTable('banners', {
  id: id(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bannerImages = pgTable(
  'banner_images',
  {
    id: id(),
    bannerId: text('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('banner_images_banner_idx').on(t.bannerId, t.position)],
);

/** One-time sign-in codes: only a hash is kept. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull().default('login'),
    /** for an e-mail change: the account that asked; `email` is the address the code went to */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email, t.createdAt)],
);

/**
 * A customer's e-mail change under way (decision 032): the new address waits for a code from the
 * current one (`approved_at` set once it came), then for its own code. One per account.
 */
export const emailChanges = pgTable('email_changes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * What undoes a made e-mail change, from the link mailed to the old address. The link carries
 * this row's id signed with AUTH_SECRET, so nothing secret is stored. While a row is live its
 * `restore_email` is held: no other account can take the address the link gives back.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restoreEmail: text('restore_email').notNull(),
    changedTo: text('changed_to').notNull(),
    /** the Google link the account had before the change, given back with the e-mail */
    googleSubject: text('google_subject'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_change_undos_restore_idx').on(t.restoreEmail),
    index('email_change_undos_user_idx').on(t.userId),
  ],
);

/** Refresh tokens (hashed), rotated within a family; reuse of a rotated token revokes the family. */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: id(),
    subjectType: text('subject_type', { enum: ['user', 'admin'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    replacedBy: text('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** the address the session was last renewed from, for the owner's list of sessions */
    clientIp: text('client_ip').notNull().default(''),
    /** when the family's sign-in happened: no refresh carries a session past a fixed age */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** the owner's last request in this session (to the minute): an idle one ends */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** the owner's last proof of identity in this session (the sign-in, or asked again) */
    provenAt: timestamp('proven_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_sessions_family_idx').on(t.familyId),
    index('refresh_sessions_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/**
 * What makes a contact message or a complaint a ticket: its number (one series over both kinds,
 * `T-000123`, after the owner's prefix when one is set: `MM-T-000123`) and, while the customer's
 * latest word has no answer from the owner, since when it has waited (null once answered).
 */
export const supportTicketSeq = pgSequence('support_ticket_seq');

const ticketColumns = () => ({
  /** a row written without one (a test's, a seed's) takes the next number, without a prefix */
  ticketNumber: text('ticket_number')
    .notNull()
    .unique()
    .default(sql`'T-' || lpad(nextval('support_ticket_seq')::text, 6, '0')`),
  awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    fromName: text('from_name').notNull(),
    replyTo: text('reply_to').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    ...ticketColumns(),
    /** set once the mail to the owner went out */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** the owner marked it dealt with; null while it waits in the inbox */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    fromName: text('from_name').notNull(),
    replyTo: text('reply_to').notNull(),
    orderId: text('order_id').notNull(),
    issueType: text('issue_type').notNull(),
    query: text('query').notNull(),
    invoiceUrl: text('invoice_url'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...ticketColumns(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** the owner marked it dealt with; null while it waits in the inbox */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('complaints_created_idx').on(t.createdAt)],
);

export const TICKET_AUTHORS = ['customer', 'owner'] as const;

/**
 * The thread of a ticket after its first message (which is the contact message or complaint
 * itself): each answer from the owner and each word back from the customer, oldest first.
 */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: id(),
    ticketNumber: text('ticket_number').notNull(),
    by: text('by', { enum: TICKET_AUTHORS }).notNull(),
    message: text('message').notNull(),
    /** set once the mail that carries it (to the customer, or to the owner) went out */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('support_replies_ticket_idx').on(t.ticketNumber, t.createdAt)],
);

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/**
 * The last serial taken in each series of tax documents: one row per kind and financial year
 * (`2026-27`). Taking the next serial updates the row inside the transaction that writes the
 * document, so concurrent writers queue on it and a rolled-back one leaves no gap.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/**
 * A GST tax invoice (one per paid order) or a credit note (one per refund of a taxed sale), never
 * changed once issued (decision 036). The columns are what the returns add up; `document` is the
 * whole document as issued (seller, buyer, lines, words), which its PDF is drawn from.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** a credit note's invoice */
    invoiceId: text('invoice_id'),
    /** what a credit note gives money back for (the refund's move): one note for one refund */
    reference: text('reference'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    placeOfSupplyState: text('place_of_supply_state').notNull(),
    taxType: text('tax_type', { enum: ['CGST+SGST', 'IGST'] }).notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_idx').on(t.kind, t.financialYear, t.serial),
    uniqueIndex('tax_documents_one_invoice_idx').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_one_note_per_refund_idx')
      .on(t.reference)
      .where(sql`${t.kind} = 'credit_note'`),
    index('tax_documents_order_idx').on(t.orderId, t.issuedAt),
    index('tax_documents_issued_idx').on(t.issuedAt),
  ],
);

/** A tax document's lines, shipping included: what the HSN summary of the returns adds up. */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    id: id(),
    documentId: text('document_id')
      .notNull()
      .references(() => taxDocuments.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    hsnCode: text('hsn_code').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    /** a discount given at the sale, GST included: the line's value is its price less this */
    discountPaise: integer('discount_paise').notNull().default(0),
    gstRate: integer('gst_rate').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [index('tax_document_lines_document_idx').on(t.documentId, t.position)],
);

/** Every one-time code mailed, kept for the per-address hourly and daily caps. */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_requests_email_idx').on(t.email, t.createdAt)],
);

/**
 * The single-use code the Google callback hands the browser instead of tokens: only its hash is
 * kept, bound to a hash of the cookie of the browser that started the sign-in.
 */
export const googleLoginCodes = pgTable('google_login_codes', {
  id: id(),
  codeHash: text('code_hash').notNull().unique(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  browserHash: text('browser_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Failed owner sign-ins per account (by e-mail, whatever address they come from): the lockout. */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});
