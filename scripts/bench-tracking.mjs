// The bench's tracking sweep: parcels on their way, booked with Delhivery (the local stub in
// Delhivery's shape, apps/api/src/test/delhivery-stub.ts), all due at once; how long the shop's
// sweeper takes to ask about every one and record its scans, alone and beside the paid checkout.
import { INDIA_OFFSET_MS } from '../packages/domain/src/india-time.ts';
import { meanPerSecond } from './bench-checkout.mjs';
import { row } from './bench-shop.mjs';

export const TRACKING_HEADING = '## Tracking sweep';
export const TRACKED_PARCELS = 5_000;
/** The sweep's interval in production (ORDER_SWEEP_INTERVAL_SECONDS' default). */
const SWEEP_INTERVAL_SECONDS = 60;
/** The paid checkouts a second beside the sweep, as a share of those without it. */
const BESIDE_SHARE_TARGET = 0.9;

const waybillOf = (n) => String(7_700_000_000_000 + n);

/**
 * `count` shipped orders booked with Delhivery, written straight to the shop's database (a paid
 * order's lines do not matter to tracking), each due to be asked about now, and the stub told
 * two scans of each: booked at Darbhanga, then in transit at Patna.
 */
export async function seedShipments(databaseUrl, stub, count = TRACKED_PARCELS) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with made as (
         insert into orders (id, order_number, subtotal_paise, shipping_cost_paise,
           total_amount_paise, shipping_address, payment_status, status, paid_at)
         select gen_random_uuid()::text, 'MM-TRACK-' || n, 44900, 0, 44900,
           jsonb_build_object('firstName', 'Asha', 'lastName', 'Kumari', 'email', '',
             'phone', '9876543210', 'address', '12 Station Road', 'city', 'Darbhanga',
             'state', 'Bihar', 'pincode', '846004', 'country', 'India'),
           'completed', 'Shipped', now()
         from generate_series(1, $1::int) n
         returning id, order_number)
       insert into shipments (order_id, courier, reference, state, waybill, weight_grams,
         booked_at, next_track_at)
       select id, 'delhivery', order_number, 'booked',
         (7700000000000 + substring(order_number from 10)::bigint)::text, 290, now(), now()
       from made`,
      [count],
    );
  } finally {
    await client.end();
  }
  // As Delhivery writes a scan's time: India's wall clock, without a zone.
  const indiaClock = (hoursAgo) =>
    new Date(Date.now() - hoursAgo * 3600_000 + INDIA_OFFSET_MS).toISOString().slice(0, 23);
  const booked = indiaClock(3);
  const moved = indiaClock(1);
  for (let n = 1; n <= count; n++) {
    const waybill = waybillOf(n);
    // The same waybills serve each run of the bench: each starts its story afresh.
    stub.scans.delete(waybill);
    stub.addScan(waybill, {
      Scan: 'Manifested',
      ScanType: 'UD',
      ScanDateTime: booked,
      ScannedLocation: 'Darbhanga_DC (Bihar)',
    });
    stub.addScan(waybill, {
      Scan: 'In Transit',
      ScanType: 'UD',
      ScanDateTime: moved,
      ScannedLocation: 'Patna_Hub (Bihar)',
      Instructions: 'Shipment picked up',
    });
  }
}

const trackingCalls = (stub) =>
  stub.requests.filter((r) => r.path.startsWith('/api/v1/packages/json') && r.query.has('waybill'));

/**
 * Watches the shop's database until every seeded parcel has been answered for (or `timeoutMs`
 * passes): from the sweep's first question to the last parcel recorded, the questions it asked
 * and how many waybills each carried, and the scans it kept.
 */
export async function watchTracking(
  databaseUrl,
  stub,
  { count = TRACKED_PARCELS, timeoutMs = 300_000 } = {},
) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const before = trackingCalls(stub).length;
  const started = Date.now();
  let firstQuestion = null;
  let tracked = 0;
  try {
    while (Date.now() - started < timeoutMs) {
      if (firstQuestion === null && trackingCalls(stub).length > before) firstQuestion = Date.now();
      const { rows } = await client.query(
        `select count(*)::int as tracked from shipments
         where reference like 'MM-TRACK-%' and tracked_at is not null`,
      );
      tracked = rows[0].tracked;
      if (tracked >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const done = Date.now();
    const { rows } = await client.query(
      `select count(*)::int as scans from shipment_scans c join shipments s on s.order_id = c.order_id
       where s.reference like 'MM-TRACK-%'`,
    );
    const calls = trackingCalls(stub).slice(before);
    const sizes = calls.map((r) => (r.query.get('waybill') ?? '').split(',').length);
    return {
      count,
      tracked,
      scans: rows[0].scans,
      seconds: firstQuestion === null ? null : Math.round((done - firstQuestion) / 100) / 10,
      calls: calls.length,
      largestCall: Math.max(0, ...sizes),
    };
  } finally {
    await client.end();
  }
}

export function trackingReport({ alone, beside, plain, date, node, load }) {
  const base = meanPerSecond(plain);
  const share = Math.round((beside.checkout.perSecond / base) * 100) / 100;
  const within = (seconds) =>
    seconds !== null && seconds <= SWEEP_INTERVAL_SECONDS ? 'yes' : '**no**';
  return [
    TRACKING_HEADING,
    '',
    `Measured by \`BENCH_DATABASE_URL=postgres://… npm run bench -- --tracking\` on ${date} (load average`,
    `${load.join(' before, ')} after), Node ${node}: the production bundle with \`WEB_CONCURRENCY=2\` on a new`,
    'PostgreSQL database, booking with Delhivery through the local stub in its shape',
    `(\`apps/api/src/test/delhivery-stub.ts\`, in the bench's process). ${alone.count} shipped orders, written`,
    'straight to the database with their shipments, all due at once; the stub reports two scans of',
    "each (booked at Darbhanga, in transit at Patna). Time: from the sweep's first question to the",
    `last parcel recorded. Target: within one sweep interval (${SWEEP_INTERVAL_SECONDS} s), far within the tracking interval`,
    '(1800 s); beside the paid checkout, at least 0.9 of its paid checkouts a second.',
    '',
    row([
      '',
      'parcels answered',
      'scans kept',
      'questions (most waybills in one)',
      'seconds',
      `within ${SWEEP_INTERVAL_SECONDS} s`,
    ]),
    row(['---', '---', '---', '---', '---', '---']),
    row([
      'the sweep alone',
      `${alone.tracked} of ${alone.count}`,
      alone.scans,
      `${alone.calls} (${alone.largestCall})`,
      alone.seconds ?? 'never started',
      within(alone.seconds),
    ]),
    row([
      'beside the paid checkout',
      `${beside.tracking.tracked} of ${beside.tracking.count}`,
      beside.tracking.scans,
      `${beside.tracking.calls} (${beside.tracking.largestCall})`,
      beside.tracking.seconds ?? 'never started',
      within(beside.tracking.seconds),
    ]),
    '',
    'The paid checkout of the section above, run again with the whole sweep starting as its clock',
    'starts (`ORDER_SWEEP_INTERVAL_SECONDS=1`, so the first sweep falls in the run), between two runs',
    `without it; its share is of their mean, ${base} a second:`,
    '',
    row(['', 'paid checkouts', 'per second', 'share of the runs without', 'createOrder p99 (ms)']),
    row(['---', '---', '---', '---', '---']),
    ...plain.map((run, index) =>
      row([
        index === 0 ? 'without the sweep (before)' : 'without the sweep (after)',
        run.paid,
        run.perSecond,
        Math.round((run.perSecond / base) * 100) / 100,
        run.calls[0]?.p99Ms ?? '',
      ]),
    ),
    row([
      'beside the sweep',
      beside.checkout.paid,
      beside.checkout.perSecond,
      `${share} (≥ ${BESIDE_SHARE_TARGET}${share >= BESIDE_SHARE_TARGET ? '' : ', **missed**'})`,
      beside.checkout.calls[0]?.p99Ms ?? '',
    ]),
    '',
  ].join('\n');
}
