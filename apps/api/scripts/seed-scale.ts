/**
 * `npm run seed:scale`: loads a shop at scale (10,000 products, 50,000 customers, 100,000 orders,
 * with reviews and support messages) into the configured database, PostgreSQL when DATABASE_URL
 * is set, else the embedded PGlite in DATA_DIR, through the app's own client and migrations.
 * The data come from a seeded generator, so two loads of an empty database hold the same rows;
 * dates are spread back from the moment of the load, so the dashboard's 30 days and months have
 * sales. `--small` loads a handful instead, `--force` loads over existing orders, `--if-empty`
 * leaves a database that already has orders alone and says so. `--month` places every order in
 * the month of the load (India's time) so far, as a festival month would: the month's GST
 * returns are then read over 100,000 invoices.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { monthInstants } from '@makhana/domain/gst';
import { SHIPPING_PART } from '@makhana/domain/refunds';
import { count, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ConfigError, loadConfig, loadDotenvFile } from '../src/config/config';
import { type Database, openDatabase, type Transaction } from '../src/db/client';
import {
  addresses,
  complaints,
  contactMessages,
  orderItems,
  orderStatusEvents,
  orders,
  productImages,
  products,
  productVariants,
  refunds,
  reviews,
  users,
} from '../src/db/schema';
import { backfillInvoices } from '../src/modules/invoicing';

export interface ScaleSizes {
  products: number;
  customers: number;
  orders: number;
  reviews: number;
  contactMessages: number;
  complaints: number;
}

export const FULL_SCALE: ScaleSizes = {
  products: 10_000,
  customers: 50_000,
  orders: 100_000,
  reviews: 20_000,
  contactMessages: 3_000,
  complaints: 1_500,
};

export const SMALL_SCALE: ScaleSizes = {
  products: 50,
  customers: 100,
  orders: 200,
  reviews: 40,
  contactMessages: 10,
  complaints: 5,
};

export class ShopNotEmptyError extends Error {
  constructor(readonly existingOrders: number) {
    super(
      `The database already has ${existingOrders} orders; run with --force to load the scale data on top of them.`,
    );
    this.name = 'ShopNotEmptyError';
  }
}

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const hex = (digits: number) => {
    let out = '';
    while (out.length < digits)
      out += Math.floor(next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return out.slice(0, digits);
  };
  /** A version-4 shaped UUID from the generator, so ids are as repeatable as the rest. */
  const uuid = () => {
    const variant = (8 + Math.floor(next() * 4)).toString(16);
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
  };
  return { next, int, pick, uuid };
}
type Generator = ReturnType<typeof generator>;

/** A UUID-shaped id made from `seed` alone, for rows added without drawing from the generator. */
function derivedId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Shaurya',
  'Atharv',
  'Rohan',
  'Kabir',
  'Ananya',
  'Diya',
  'Saanvi',
  'Aadhya',
  'Pari',
  'Anika',
  'Navya',
  'Myra',
  'Sara',
  'Ira',
  'Priya',
  'Neha',
  'Pooja',
  'Sneha',
  'Kavya',
  'Riya',
  'Amit',
  'Rahul',
  'Sanjay',
  'Sunita',
  'Anjali',
  'Ravi',
  'Manish',
  'Deepak',
  'Nisha',
  'Meera',
] as const;
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Singh',
  'Kumar',
  'Jha',
  'Mishra',
  'Thakur',
  'Yadav',
  'Gupta',
  'Sinha',
  'Prasad',
  'Choudhary',
  'Pandey',
  'Tiwari',
  'Roy',
  'Das',
  'Mehta',
  'Shah',
  'Patel',
  'Iyer',
  'Nair',
  'Reddy',
  'Rao',
  'Menon',
  'Kapoor',
  'Malhotra',
  'Bose',
  'Ghosh',
  'Agarwal',
  'Jain',
] as const;
/** city, state, a pincode prefix of three digits */
const PLACES = [
  ['Darbhanga', 'Bihar', '846'],
  ['Madhubani', 'Bihar', '847'],
  ['Patna', 'Bihar', '800'],
  ['Muzaffarpur', 'Bihar', '842'],
  ['Purnia', 'Bihar', '854'],
  ['Bhagalpur', 'Bihar', '812'],
  ['New Delhi', 'Delhi', '110'],
  ['Mumbai', 'Maharashtra', '400'],
  ['Pune', 'Maharashtra', '411'],
  ['Bengaluru', 'Karnataka', '560'],
  ['Chennai', 'Tamil Nadu', '600'],
  ['Kolkata', 'West Bengal', '700'],
  ['Hyderabad', 'Telangana', '500'],
  ['Lucknow', 'Uttar Pradesh', '226'],
  ['Jaipur', 'Rajasthan', '302'],
  ['Ahmedabad', 'Gujarat', '380'],
  ['Kochi', 'Kerala', '682'],
  ['Bhopal', 'Madhya Pradesh', '462'],
] as const;
const STREETS = [
  'MG Road',
  'Station Road',
  'Gandhi Nagar',
  'Nehru Path',
  'Lake View',
  'Ashok Vihar',
  'Civil Lines',
  'Rajendra Nagar',
] as const;
/** the demo pictures' names: every product shows one of them */
const FLAVOURS = [
  ['classic-roasted', 'Classic Roasted'],
  ['himalayan-pink-salt', 'Himalayan Pink Salt'],
  ['peri-peri', 'Peri Peri'],
  ['cream-onion', 'Cream & Onion'],
  ['pudina-mint', 'Pudina Mint'],
  ['tangy-tomato', 'Tangy Tomato'],
  ['cheese-herbs', 'Cheese & Herbs'],
  ['caramel', 'Caramel'],
  ['raw-premium', 'Raw Premium'],
] as const;
const RANGES = ['Select', 'Gold', 'Family', 'Festive', 'Lite', 'Royal', 'Farm', 'Crunch'] as const;
const WEIGHTS = [100, 250, 500] as const;
const ISSUES = [
  'Damaged product',
  'Late delivery',
  'Wrong item',
  'Payment issue',
  'Other',
] as const;
const REVIEW_WORDS = [
  'Crunchy and fresh, the family finished the pack in a day.',
  'Good taste, a little too salty for me.',
  'Lovely flavour and well packed.',
  'Arrived on time; will order again.',
  'Light snack, perfect with evening tea.',
  'Not as crunchy as I hoped.',
] as const;

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The days from the first of `now`'s month (India's time) to `now`; an hour at least. */
function daysIntoMonth(now: Date): number {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const month = `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, '0')}`;
  return Math.max((now.getTime() - monthInstants(month).start.getTime()) / DAY_MS, 1 / 24);
}

function indiaDate(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return [ist.getUTCFullYear() % 100, ist.getUTCMonth() + 1, ist.getUTCDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
}

function phone(rng: Generator): string {
  return `${rng.int(6, 9)}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
}

/**
 * Inserts rows a few thousand at a time, each batch one statement with one parameter: the rows as
 * JSON, unpacked by `jsonb_to_recordset` into the table's own columns and SQL types (read from the
 * schema). Far cheaper than thousands of bound parameters, on PostgreSQL and PGlite alike. Every
 * row names the same columns as the first; columns left out take their defaults.
 */
async function insertAll<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => first[key] !== undefined);
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(', ');
  const types = keys
    .map((key) => `"${columns[key]!.name}" ${columns[key]!.getSQLType()}`)
    .join(', ');
  for (let start = 0; start < rows.length; start += 5_000) {
    const batch = rows.slice(start, start + 5_000) as Record<string, unknown>[];
    const json = JSON.stringify(
      batch.map((row) =>
        Object.fromEntries(keys.map((key) => [columns[key]!.name, row[key] ?? null])),
      ),
    );
    await tx.execute(
      sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as t(${sql.raw(types)})`,
    );
  }
}

interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  createdAt: Date;
}

interface Sellable {
  productId: string;
  variantId: string;
  name: string;
  image: string;
  weight: number;
  sku: string;
  pricePaise: number;
}

/** One order's payment and status, drawn from a mix like a running shop's: mostly paid. */
function orderFate(rng: Generator, ageDays: number) {
  const r = rng.next();
  // Recent paid orders are still on their way; older ones have arrived.
  if (r < 0.75) {
    if (ageDays < 3) return { status: 'Confirmed', payment: 'completed' } as const;
    if (ageDays < 10)
      return { status: rng.next() < 0.5 ? 'Shipped' : 'Delivered', payment: 'completed' } as const;
    return { status: rng.next() < 0.97 ? 'Delivered' : 'Shipped', payment: 'completed' } as const;
  }
  if (r < 0.85) return { status: 'Confirmed', payment: 'completed' } as const;
  if (r < 0.945) return { status: 'Cancelled', payment: 'failed' } as const;
  if (r < 0.995) return { status: 'Cancelled', payment: 'refunded' } as const;
  return { status: 'Cancelled', payment: 'completed' } as const;
}

export interface ScaleCounts {
  products: number;
  variants: number;
  customers: number;
  orders: number;
  orderItems: number;
  reviews: number;
  contactMessages: number;
  complaints: number;
}

async function countRows(db: Database): Promise<ScaleCounts> {
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    products: await n(products),
    variants: await n(productVariants),
    customers: await n(users),
    orders: await n(orders),
    orderItems: await n(orderItems),
    reviews: await n(reviews),
    contactMessages: await n(contactMessages),
    complaints: await n(complaints),
  };
}

/**
 * Loads `sizes` into `db` in one transaction (all or nothing), then vacuums and analyses, so the
 * planner knows the tables' sizes at once. Returns the counts of the shop's tables afterwards.
 */
export async function seedScale(
  db: Database,
  sizes: ScaleSizes,
  options: {
    force?: boolean;
    now?: Date;
    /** every order in the month of `now` so far, rather than over 18 months */
    oneMonth?: boolean;
    onProgress?: (message: string) => void;
  } = {},
): Promise<ScaleCounts> {
  const now = options.now ?? new Date();
  const orderSpanDays = options.oneMonth ? daysIntoMonth(now) : 547;
  const say = options.onProgress ?? (() => {});
  const [existing] = await db.select({ n: count() }).from(orders);
  const existingOrders = existing?.n ?? 0;
  if (existingOrders > 0 && !options.force) throw new ShopNotEmptyError(existingOrders);
  // A forced load over earlier data gets its own seed and a tag in every unique field.
  const tag = existingOrders > 0 ? `x${existingOrders.toString(36)}` : '';
  if (sizes.products < 1 || sizes.customers < 1) {
    throw new Error('The scale data need at least one product and one customer');
  }
  const rng = generator(20_261_122 + existingOrders);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  /** `ms` after `from`, but never later than the load itself. */
  const after = (from: Date, ms: number) => new Date(Math.min(from.getTime() + ms, now.getTime()));

  await db.transaction(async (tx) => {
    // New search-index entries wait in a pending list, merged in bulk by the vacuum at the end,
    // instead of being merged every 4 MB of inserts.
    await tx.execute(sql`set local gin_pending_list_limit = 1048576`);
    // Products, each with 1-3 weights and one picture.
    const sellables: Sellable[] = [];
    const productIds: string[] = [];
    const productRows: (typeof products.$inferInsert)[] = [];
    const variantRows: (typeof productVariants.$inferInsert)[] = [];
    const imageRows: (typeof productImages.$inferInsert)[] = [];
    for (let i = 0; i < sizes.products; i++) {
      const [slug, flavour] = rng.pick(FLAVOURS);
      const id = rng.uuid();
      const sku = `SC${tag}-${String(i).padStart(5, '0')}`;
      const name = `${flavour} Makhana ${rng.pick(RANGES)} ${i + 1}`;
      const image = `/uploads/demo/products/${slug}-${rng.int(1, 2)}.svg`;
      const createdAt = ago(rng.next() * 720);
      const deleted = rng.next() < 0.02;
      const weights = WEIGHTS.slice(0, rng.int(1, 3));
      const basePaise = rng.int(9, 30) * 1000;
      productRows.push({
        id,
        name,
        description: `${flavour} fox nuts from Mithila, roasted in small batches.`,
        brand: 'Mithila Makhana Co.',
        categoryType: 'Makhana',
        packOfBox: 1,
        pricePaise: basePaise,
        variant: flavour,
        inStock: rng.next() < 0.95,
        shelfLife: 6,
        modelNumber: sku,
        sku,
        deletedAt: deleted ? ago(rng.next() * 30) : null,
        createdAt,
        updatedAt: createdAt,
      });
      imageRows.push({ id: rng.uuid(), productId: id, url: image, position: 0, createdAt });
      for (const weight of weights) {
        const variantId = rng.uuid();
        const pricePaise = Math.round((basePaise * weight) / 100 / 100) * 100;
        variantRows.push({
          id: variantId,
          productId: id,
          weightGrams: weight,
          pricePaise,
          sku: `${sku}-${weight}`,
          stock: rng.int(0, 500),
          createdAt,
          updatedAt: createdAt,
        });
        if (!deleted) {
          sellables.push({
            productId: id,
            variantId,
            name,
            image,
            weight,
            sku: `${sku}-${weight}`,
            pricePaise,
          });
        }
      }
      productIds.push(id);
    }
    await insertAll(tx, products, productRows);
    await insertAll(tx, productVariants, variantRows);
    await insertAll(tx, productImages, imageRows);
    say(`${productRows.length} products, ${variantRows.length} variants`);

    // Customers over the last two years, each with a home address.
    const customers: Customer[] = [];
    for (let i = 0; i < sizes.customers; i++) {
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const [city, state, prefix] = rng.pick(PLACES);
      customers.push({
        id: rng.uuid(),
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${i + 1}${tag}@example.in`.toLowerCase(),
        phone: phone(rng),
        street: `${rng.int(1, 400)}, ${rng.pick(STREETS)}`,
        city,
        state,
        pincode: `${prefix}${String(rng.int(1, 999)).padStart(3, '0')}`,
        createdAt: ago(rng.next() * 730),
      });
    }
    for (let start = 0; start < customers.length; start += 5_000) {
      const chunk = customers.slice(start, start + 5_000);
      await insertAll(
        tx,
        users,
        chunk.map((c) => ({
          id: c.id,
          firstName: c.firstName,
          lastName: c.lastName,
          gender: rng.next() < 0.5 ? ('Male' as const) : ('Female' as const),
          email: c.email,
          phoneNumber: c.phone,
          emailVerifiedAt: c.createdAt,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      );
      await insertAll(
        tx,
        addresses,
        chunk.map((c) => ({
          id: rng.uuid(),
          userId: c.id,
          name: `${c.firstName} ${c.lastName}`,
          street: c.street,
          city: c.city,
          state: c.state,
          pincode: c.pincode,
          phoneNumber: c.phone,
          email: c.email,
          label: 'Home' as const,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      );
    }
    say(`${customers.length} customers`);

    // Orders over the last 18 months (or this month), in chunks so their rows never all sit in
    // memory at once.
    const OWNER_ACTOR = '00000000-0000-4000-8000-000000000001';
    const placed: { id: string; orderNumber: string; customer: Customer | null; at: Date }[] = [];
    for (let start = 0; start < sizes.orders; start += 5_000) {
      const orderRows: (typeof orders.$inferInsert)[] = [];
      const itemRows: (typeof orderItems.$inferInsert)[] = [];
      const eventRows: (typeof orderStatusEvents.$inferInsert)[] = [];
      const refundRows: (typeof refunds.$inferInsert)[] = [];
      for (let i = start; i < Math.min(sizes.orders, start + 5_000); i++) {
        const customer = rng.pick(customers);
        // Pending orders are checkouts of the last half hour; the rest any time in the span,
        // more of them lately.
        const pending = rng.next() < 0.005;
        const ageDays = pending
          ? rng.next() / 48
          : rng.next() * orderSpanDays * (1 - rng.next() * 0.3);
        const { status, payment } = pending
          ? ({ status: 'Pending', payment: 'pending' } as const)
          : orderFate(rng, ageDays);
        // a capture that came after the stock was gone: paid, cancelled, awaiting the refund
        const needsRefund = payment === 'completed' && status === 'Cancelled';
        const createdAt = ago(ageDays);
        const id = rng.uuid();
        const orderNumber = `MM-${indiaDate(createdAt)}-${tag}${String(i + 1).padStart(6, '0')}`;
        let subtotalPaise = 0;
        const lines = rng.int(1, 3);
        for (let line = 0; line < lines; line++) {
          const sold = rng.pick(sellables);
          const quantity = rng.int(1, 4);
          subtotalPaise += sold.pricePaise * quantity;
          itemRows.push({
            id: rng.uuid(),
            orderId: id,
            productId: sold.productId,
            variantId: sold.variantId,
            name: sold.name,
            image: sold.image,
            variantWeight: sold.weight,
            sku: sold.sku,
            quantity,
            priceAtPurchasePaise: sold.pricePaise,
            position: line,
          });
        }
        const shippingCostPaise = subtotalPaise >= 49_900 ? 0 : 4_900;
        // One in ten sends the parcel to someone else; an erased customer leaves no account.
        const erased = rng.next() < 0.02;
        const recipient = rng.next() < 0.9 ? customer : rng.pick(customers);
        const paid = payment === 'completed' || payment === 'refunded';
        const paidAt = paid ? after(createdAt, rng.int(20, 600) * 1000) : null;
        const shipped = status === 'Shipped' || status === 'Delivered';
        const trackingNumber = shipped
          ? `DLV${String(rng.int(0, 999_999_999)).padStart(9, '0')}`
          : null;
        const refundedAt =
          payment === 'refunded' && paidAt ? after(paidAt, rng.int(1, 72) * 3_600_000) : null;
        orderRows.push({
          id,
          orderNumber,
          userId: erased ? null : customer.id,
          subtotalPaise,
          shippingCostPaise,
          totalAmountPaise: subtotalPaise + shippingCostPaise,
          shippingAddress: {
            firstName: recipient.firstName,
            lastName: recipient.lastName,
            email: customer.email,
            phone: recipient.phone,
            address: recipient.street,
            city: recipient.city,
            state: recipient.state,
            pincode: recipient.pincode,
            country: 'India',
          },
          paymentStatus: payment,
          status,
          gatewayOrderId: `order_sc${tag}${String(i + 1).padStart(8, '0')}`,
          transactionId: paid ? `pay_sc${tag}${String(i + 1).padStart(8, '0')}` : null,
          trackingNumber,
          trackingUrl: null,
          needsRefund,
          refundedPaise: refundedAt ? subtotalPaise + shippingCostPaise : 0,
          expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
          paidAt,
          createdAt,
          updatedAt: paidAt ?? createdAt,
        });
        // The history's first move: the gateway's word on the payment, or the expiry of an unpaid
        // order. Its ids come from the order's, so the random sequence, and with it every other
        // row, stays as it was before moves were recorded.
        if (paidAt) {
          eventRows.push({
            id: derivedId(`${id}:paid`),
            orderId: id,
            event: payment === 'refunded' || needsRefund ? 'paid_sold_out' : 'paid',
            fromStatus: 'Pending',
            toStatus: payment === 'refunded' || needsRefund ? 'Cancelled' : 'Confirmed',
            actor: 'gateway',
            createdAt: paidAt,
          });
        } else if (status === 'Cancelled') {
          eventRows.push({
            id: derivedId(`${id}:expired`),
            orderId: id,
            event: 'expired',
            fromStatus: 'Pending',
            toStatus: 'Cancelled',
            actor: 'system',
            createdAt: new Date(createdAt.getTime() + 30 * 60_000),
          });
        }
        if (refundedAt) {
          // The refund and its move share an id, as the refunds made before refunds had rows.
          refundRows.push({
            id: derivedId(`${id}:refunded`),
            orderId: id,
            amountPaise: subtotalPaise + shippingCostPaise,
            parts: [
              ...itemRows.slice(-lines).map((item) => ({
                item: item.id as string,
                quantity: item.quantity,
                amountPaise: item.quantity * item.priceAtPurchasePaise,
                restock: false,
              })),
              ...(shippingCostPaise > 0
                ? [
                    {
                      item: SHIPPING_PART,
                      quantity: 1,
                      amountPaise: shippingCostPaise,
                      restock: false,
                    },
                  ]
                : []),
            ],
            reason: 'Out of stock after payment',
            actor: 'owner',
            actorId: OWNER_ACTOR,
            state: 'processed',
            gatewayRefundId: `rfnd_sc${tag}${String(i + 1).padStart(8, '0')}`,
            createdAt: refundedAt,
            initiatedAt: refundedAt,
            processedAt: refundedAt,
          });
          eventRows.push({
            id: derivedId(`${id}:refunded`),
            orderId: id,
            event: 'refunded',
            fromStatus: 'Cancelled',
            toStatus: 'Cancelled',
            actor: 'owner',
            actorId: OWNER_ACTOR,
            note: 'Out of stock after payment',
            createdAt: refundedAt,
          });
        }
        if (shipped && paidAt) {
          const shippedAt = after(paidAt, rng.int(12, 48) * 3_600_000);
          eventRows.push({
            id: rng.uuid(),
            orderId: id,
            fromStatus: 'Confirmed',
            toStatus: 'Shipped',
            actorId: OWNER_ACTOR,
            event: 'shipped',
            actor: 'owner',
            trackingNumber,
            createdAt: shippedAt,
          });
          if (status === 'Delivered') {
            const deliveredAt = after(shippedAt, rng.int(48, 120) * 3_600_000);
            eventRows.push({
              id: rng.uuid(),
              orderId: id,
              fromStatus: 'Shipped',
              toStatus: 'Delivered',
              event: 'delivered',
              actor: 'owner',
              actorId: OWNER_ACTOR,
              trackingNumber,
              createdAt: deliveredAt,
            });
          }
        }
        // Complaints name orders from this sample.
        if (placed.length < 20_000) {
          placed.push({ id, orderNumber, customer: erased ? null : customer, at: createdAt });
        }
      }
      await insertAll(tx, orders, orderRows);
      await insertAll(tx, orderItems, itemRows);
      await insertAll(tx, orderStatusEvents, eventRows);
      await insertAll(tx, refunds, refundRows);
      say(`${Math.min(sizes.orders, start + 5_000)} orders`);
    }

    // Reviews: one customer reviews a product at most once.
    const reviewRows: (typeof reviews.$inferInsert)[] = [];
    const reviewed = new Set<string>();
    for (let i = 0; i < sizes.reviews * 2 && reviewRows.length < sizes.reviews; i++) {
      const author = rng.pick(customers);
      const productId = rng.pick(productIds);
      const key = `${productId}:${author.id}`;
      if (reviewed.has(key)) continue;
      reviewed.add(key);
      const createdAt = ago(rng.next() * 540);
      const rating = rng.next() < 0.7 ? rng.int(4, 5) : rng.int(1, 3);
      reviewRows.push({
        id: rng.uuid(),
        productId,
        userId: author.id,
        userName: `${author.firstName} ${author.lastName}`,
        rating,
        comment: rng.pick(REVIEW_WORDS),
        createdAt,
        updatedAt: createdAt,
      });
    }
    await insertAll(tx, reviews, reviewRows);

    const messageRows: (typeof contactMessages.$inferInsert)[] = [];
    for (let i = 0; i < sizes.contactMessages; i++) {
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const createdAt = ago(rng.next() * 540);
      messageRows.push({
        id: rng.uuid(),
        fromName: `${firstName} ${lastName}`,
        replyTo: `${firstName}.${lastName}.m${i + 1}@example.in`.toLowerCase(),
        phone: phone(rng),
        message: 'Do you ship to my pincode, and is there a bulk price for 5 kg?',
        mailedAt: createdAt,
        resolvedAt: rng.next() < 0.7 ? after(createdAt, DAY_MS) : null,
        createdAt,
      });
    }
    await insertAll(tx, contactMessages, messageRows);

    const complaintRows: (typeof complaints.$inferInsert)[] = [];
    for (let i = 0; i < sizes.complaints && placed.length > 0; i++) {
      const about = rng.pick(placed);
      const from = about.customer ?? rng.pick(customers);
      const createdAt = new Date(about.at.getTime() + rng.int(1, 20) * DAY_MS);
      if (createdAt > now) continue;
      complaintRows.push({
        id: rng.uuid(),
        fromName: `${from.firstName} ${from.lastName}`,
        replyTo: from.email,
        // Customers type the number they see, or now and then the id from a link.
        orderId: rng.next() < 0.9 ? about.orderNumber : about.id,
        issueType: rng.pick(ISSUES),
        query: 'The parcel arrived with a torn pack; please send a replacement.',
        userId: about.customer?.id ?? null,
        mailedAt: createdAt,
        resolvedAt: rng.next() < 0.6 ? after(createdAt, 2 * DAY_MS) : null,
        createdAt,
      });
    }
    await insertAll(tx, complaints, complaintRows);
    say(
      `${reviewRows.length} reviews, ${messageRows.length} messages, ${complaintRows.length} complaints`,
    );
  });

  // Every sale's tax invoice, as the shop issues them, in the order the sales were paid.
  const invoiced = await backfillInvoices(db, (orderId, error) => {
    throw new Error(`order ${orderId} could not be invoiced: ${String(error)}`);
  });
  say(`${invoiced} invoices`);

  // Statistics for the planner, and the visibility map that lets counts read indexes alone.
  await db.execute(sql`vacuum analyze`);
  return countRows(db);
}

/** The command: the same database choice as the app, from `.env` and the environment. */
async function main(argv: string[]): Promise<void> {
  const flags = new Set(argv);
  loadDotenvFile();
  const config = loadConfig(process.env);
  const started = performance.now();
  const database = await openDatabase(config);
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  try {
    if (flags.has('--if-empty')) {
      const [existing] = await database.db.select({ n: count() }).from(orders);
      if ((existing?.n ?? 0) > 0) {
        console.log(`${where} already has ${existing?.n} orders; nothing loaded.`);
        return;
      }
    }
    const sizes = flags.has('--small') ? SMALL_SCALE : FULL_SCALE;
    console.log(
      `Loading ${sizes.products} products, ${sizes.customers} customers and ${sizes.orders} orders into ${where}`,
    );
    const counts = await seedScale(database.db, sizes, {
      force: flags.has('--force'),
      oneMonth: flags.has('--month'),
      onProgress: (message) =>
        console.log(`  ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
    });
    console.table(counts);
    console.log(`Loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof ShopNotEmptyError || error instanceof ConfigError)
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
