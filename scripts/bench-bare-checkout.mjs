// The yardstick of the bench's paid checkout: the four calls of a paid checkout on `node:http`
// and `pg` with nothing but the work no shop can skip. The same paths, bodies and answers'
// envelope as the shop, as many processes, the same PostgreSQL server, and the same durability (each
// write commits to disk before it answers); stock is never sold twice, held units are counted
// on the variant row, and a price the browser sent is checked against the database. No sign-in
// (the bearer token is the buyer), no validation of the bodies, no mail, no log, no cache.
// Started by scripts/bench-checkout.mjs with a new database's URL, a port and a number of
// processes; the first process makes the tables before any serves.
import cluster from 'node:cluster';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { serveInProcesses } from './lib.mjs';

const [databaseUrl, port, processes] = process.argv.slice(2);
const SECRET = 'bare-checkout';
const CHECK_VIOLATION = '23514';

/** The tables; `held` counts the units of unpaid orders, never more than the shelf. */
const SCHEMA = `
  create table variants (id serial primary key, sku text unique not null, price int not null,
    stock int not null check (stock >= 0), held int not null default 0 check (held >= 0 and held <= stock));
  create table orders (id serial primary key, user_id text not null, total int not null,
    status text not null default 'pending', gateway_id text unique, payment_id text,
    paid_at timestamptz, created_at timestamptz not null default now());
  create table order_lines (order_id int not null references orders, variant_id int not null
    references variants, quantity int not null, price int not null, primary key (order_id, variant_id));
`;

const sign = (orderId, paymentId) =>
  createHmac('sha256', SECRET).update(`${orderId}|${paymentId}`).digest('hex');

async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

function routes(pool) {
  return {
    async '/api/v1/orders/createOrder'(buyer, { items }) {
      const wanted = new Map(items.map((item) => [item.sku, item]));
      try {
        const id = await inTransaction(pool, async (client) => {
          const { rows } = await client.query({
            name: 'lock',
            text: 'select id, sku, price from variants where sku = any($1) order by sku for update',
            values: [[...wanted.keys()]],
          });
          if (rows.length !== wanted.size) return null;
          const lines = rows.map((v) => ({
            variant_id: v.id,
            quantity: wanted.get(v.sku).quantity,
            price: v.price,
          }));
          // The browser's figures in rupees, the database's in paise.
          if (rows.some((v) => v.price !== wanted.get(v.sku).price * 100)) return null;
          const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
          const placed = await client.query({
            name: 'place',
            text: `with lines as (select * from jsonb_to_recordset($3) as l(variant_id int, quantity int, price int)),
              held as (update variants v set held = v.held + l.quantity from lines l where v.id = l.variant_id),
              placed as (insert into orders (user_id, total) values ($1, $2) returning id),
              written as (insert into order_lines (order_id, variant_id, quantity, price)
                select p.id, l.variant_id, l.quantity, l.price from placed p, lines l)
              select id from placed`,
            values: [buyer, total, JSON.stringify(lines)],
          });
          return placed.rows[0].id;
        });
        return id === null ? [400, { message: 'cart changed' }] : [200, { data: { _id: id } }];
      } catch (error) {
        if (error.code === CHECK_VIOLATION) return [409, { message: 'sold out' }];
        throw error;
      }
    },
    async '/api/v1/orders/razorpayPayment'(buyer, { orderId }) {
      const { rows } = await pool.query({
        name: 'open',
        text: `update orders set gateway_id = 'order_' || id
          where id = $1 and user_id = $2 and status = 'pending' returning gateway_id, total`,
        values: [orderId, buyer],
      });
      if (rows.length === 0) return [404, { message: 'no such order' }];
      return [200, { data: { id: rows[0].gateway_id, amount: rows[0].total } }];
    },
    async '/api/v1/payments/simulated/pay'(buyer, { razorpay_order_id: gatewayId }) {
      const paymentId = `pay_${gatewayId}`;
      const paid = await inTransaction(pool, async (client) => {
        await client.query({
          name: 'lock-paid',
          text: `select 1 from variants v join order_lines l on l.variant_id = v.id
            join orders o on o.id = l.order_id where o.gateway_id = $1 order by v.sku for update of v`,
          values: [gatewayId],
        });
        const { rows } = await client.query({
          name: 'capture',
          text: `with o as (update orders set status = 'paid', payment_id = $2, paid_at = now()
              where gateway_id = $1 and user_id = $3 and status = 'pending' returning id),
            taken as (update variants v set stock = v.stock - l.quantity, held = v.held - l.quantity
              from order_lines l, o where l.order_id = o.id and v.id = l.variant_id)
            select id from o`,
          values: [gatewayId, paymentId, buyer],
        });
        return rows.length > 0;
      });
      if (!paid) return [409, { message: 'not payable' }];
      return [
        200,
        {
          data: {
            razorpay_order_id: gatewayId,
            razorpay_payment_id: paymentId,
            razorpay_signature: sign(gatewayId, paymentId),
          },
        },
      ];
    },
    async '/api/v1/orders/verifyPayment'(buyer, body) {
      const expected = Buffer.from(sign(body.razorpay_order_id, body.razorpay_payment_id));
      const given = Buffer.from(String(body.razorpay_signature));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return [400, { message: 'bad signature' }];
      }
      const { rows } = await pool.query({
        name: 'status',
        text: 'select status from orders where gateway_id = $1 and user_id = $2',
        values: [body.razorpay_order_id, buyer],
      });
      const completed = rows[0]?.status === 'paid';
      return [200, { data: { paymentStatus: completed ? 'completed' : 'pending' } }];
    },
  };
}

function serve() {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const handlers = routes(pool);
  createServer((request, response) => {
    const handler = handlers[request.url ?? ''];
    const buyer = request.headers.authorization?.slice('Bearer '.length);
    const answer = (status, body) => {
      const bytes = JSON.stringify(body);
      response
        .writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(bytes),
        })
        .end(bytes);
    };
    if (request.method !== 'POST' || !handler || !buyer) {
      answer(404, { message: 'not found' });
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      handler(buyer, JSON.parse(Buffer.concat(chunks).toString('utf8'))).then(
        ([status, body]) => answer(status, body),
        (error) => answer(500, { message: error.message }),
      );
    });
  }).listen(Number(port), '127.0.0.1');
}

if (cluster.isPrimary) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(SCHEMA);
  await client.end();
}
await serveInProcesses(Number(processes), serve);
