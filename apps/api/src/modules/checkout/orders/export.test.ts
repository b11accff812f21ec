import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../../db/schema';
import { csvCell } from '../../../lib/csv';
import { useTestApp } from '../../../test/app';
import { ADDRESS, customer, ownerToken } from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { rupees } from './export';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000' }, owner: true });

const HEADER =
  '\uFEFFOrder number,Order date (IST),Paid at (IST),Customer name,E-mail,Phone,City,State,Pincode,Product,Weight (g),SKU,Quantity,"Unit price (₹, incl. GST)",Line total (₹),Discount code,Line discount (₹),Shipping (₹),Order total (₹),Refunded (₹),Payment status,Order status,Payment id\r\n';

let seq = 0;
interface Line {
  name: string;
  weight: number;
  sku: string;
  quantity: number;
  pricePaise: number;
}

/** An order as checkout leaves it, with its lines; instants in UTC. */
async function order(options: {
  createdAt: string;
  paidAt: string | null;
  paymentStatus?: 'pending' | 'completed' | 'failed' | 'refunded';
  status?: 'Pending' | 'Confirmed' | 'Shipped' | 'Delivered' | 'Cancelled';
  shippingPaise?: number;
  address?: Partial<typeof ADDRESS>;
  lines?: Line[];
}) {
  seq += 1;
  const lines = options.lines ?? [
    {
      name: 'Classic Makhana',
      weight: 250,
      sku: 'MM-CLASSIC-250',
      quantity: 1,
      pricePaise: 44_900,
    },
  ];
  const subtotal = lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  const shipping = options.shippingPaise ?? 0;
  const paid = options.paymentStatus ?? 'completed';
  const [row] = await api.db
    .insert(orders)
    .values({
      orderNumber: `MM-EXPORT-${seq}`,
      subtotalPaise: subtotal,
      shippingCostPaise: shipping,
      totalAmountPaise: subtotal + shipping,
      shippingAddress: { ...ADDRESS, country: 'India', ...options.address },
      paymentStatus: paid,
      status: options.status ?? 'Confirmed',
      transactionId: paid === 'completed' || paid === 'refunded' ? `pay_export_${seq}` : null,
      refundedPaise: paid === 'refunded' ? subtotal + shipping : 0,
      createdAt: new Date(options.createdAt),
      paidAt: options.paidAt ? new Date(options.paidAt) : null,
    })
    .returning();
  await api.db.insert(orderItems).values(
    lines.map((line, position) => ({
      orderId: row!.id,
      productId: `product-${position}`,
      name: line.name,
      variantWeight: line.weight,
      sku: line.sku,
      quantity: line.quantity,
      priceAtPurchasePaise: line.pricePaise,
      position,
    })),
  );
  return row!;
}

async function exported(query: string, token?: string) {
  return call(api.app, 'GET', `/orders/export${query}`, {
    token: token ?? (await ownerToken(api.app)),
  });
}

describe('GET /orders/export', () => {
  it('writes every line of the orders paid in the range, exactly, as a CSV attachment', async () => {
    const first = await order({
      createdAt: '2026-11-01T04:00:00Z',
      paidAt: '2026-11-01T04:05:00Z',
      shippingPaise: 5_000,
      lines: [
        {
          name: 'Classic Makhana',
          weight: 250,
          sku: 'MM-CLASSIC-250',
          quantity: 2,
          pricePaise: 22_475,
        },
        {
          name: 'Peri Peri, "hot"',
          weight: 100,
          sku: 'MM-PERI-100',
          quantity: 1,
          pricePaise: 19_900,
        },
      ],
    });
    const refunded = await order({
      createdAt: '2026-11-02T10:00:00Z',
      paidAt: '2026-11-02T10:01:00Z',
      paymentStatus: 'refunded',
      status: 'Cancelled',
      address: { firstName: 'Ravi', lastName: 'Das', email: 'ravi@example.com', city: 'Patna' },
    });
    // Not paid, so not in the books.
    await order({
      createdAt: '2026-11-01T05:00:00Z',
      paidAt: null,
      paymentStatus: 'pending',
      status: 'Pending',
    });
    await order({
      createdAt: '2026-11-01T06:00:00Z',
      paidAt: null,
      paymentStatus: 'failed',
      status: 'Cancelled',
    });

    const response = await exported('?from=2026-11-01&to=2026-11-02');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-11-01-to-2026-11-02.csv"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe(
      HEADER +
        `${first.orderNumber},2026-11-01 09:30,2026-11-01 09:35,Asha Kumari,asha@example.com,9876543210,Darbhanga,Bihar,846004,Classic Makhana,250,MM-CLASSIC-250,2,224.75,449.50,,0.00,50.00,698.50,0.00,completed,Confirmed,pay_export_${seq - 3}\r\n` +
        `${first.orderNumber},2026-11-01 09:30,2026-11-01 09:35,Asha Kumari,asha@example.com,9876543210,Darbhanga,Bihar,846004,"Peri Peri, ""hot""",100,MM-PERI-100,1,199.00,199.00,,0.00,,698.50,0.00,completed,Confirmed,pay_export_${seq - 3}\r\n` +
        `${refunded.orderNumber},2026-11-02 15:30,2026-11-02 15:31,Ravi Das,ravi@example.com,9876543210,Patna,Bihar,846004,Classic Makhana,250,MM-CLASSIC-250,1,449.00,449.00,,0.00,0.00,449.00,449.00,refunded,Cancelled,pay_export_${seq - 2}\r\n`,
    );
  });

  it("takes India's days at both edges: from 00:00 of the first to 23:59:59 of the last", async () => {
    const before = await order({
      createdAt: '2026-10-31T18:00:00Z',
      paidAt: '2026-10-31T18:29:59Z',
    });
    const firstMoment = await order({
      createdAt: '2026-10-31T18:00:00Z',
      paidAt: '2026-10-31T18:30:00Z',
    });
    const lastMoment = await order({
      createdAt: '2026-11-02T18:00:00Z',
      paidAt: '2026-11-02T18:29:59Z',
    });
    const after = await order({
      createdAt: '2026-11-02T18:00:00Z',
      paidAt: '2026-11-02T18:30:00Z',
    });
    const numbers = async (query: string) => {
      const response = await exported(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]);
    };
    expect(await numbers('?from=2026-11-01&to=2026-11-02')).toEqual([
      firstMoment.orderNumber,
      lastMoment.orderNumber,
    ]);
    expect(await numbers('?from=2026-10-31&to=2026-10-31')).toEqual([before.orderNumber]);
    expect(await numbers('?from=2026-11-03&to=2026-11-03')).toEqual([after.orderNumber]);
    // An empty range is the heading alone.
    expect((await exported('?from=2025-01-01&to=2025-01-31')).body).toBe(HEADER);
  });

  it('reads past a batch of 200 orders, even paid in the same instant, each order once', async () => {
    const paidAt = new Date('2026-11-05T06:00:00Z');
    const rows = await api.db
      .insert(orders)
      .values(
        Array.from({ length: 205 }, (_, i) => ({
          orderNumber: `MM-BULK-${String(i).padStart(3, '0')}`,
          subtotalPaise: 100,
          shippingCostPaise: 0,
          totalAmountPaise: 100,
          shippingAddress: { ...ADDRESS, country: 'India' },
          paymentStatus: 'completed' as const,
          status: 'Confirmed' as const,
          paidAt,
        })),
      )
      .returning();
    await api.db.insert(orderItems).values(
      rows.map((row) => ({
        orderId: row.id,
        productId: 'product-1',
        name: 'Classic Makhana',
        variantWeight: 250,
        sku: 'MM-CLASSIC-250',
        quantity: 1,
        priceAtPurchasePaise: 100,
      })),
    );
    const lines = (await exported('?from=2026-11-05&to=2026-11-05')).body
      .split('\r\n')
      .slice(1, -1);
    const numbers = lines.map((line) => line.split(',')[0]);
    expect(new Set(numbers).size).toBe(205);
    // Ties on the instant are ordered by id, the keyset's second column.
    const byId = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1)).map((row) => row.orderNumber);
    expect(numbers).toEqual(byId);
  });

  it('keeps a cell a spreadsheet would run as a formula as text, and quotes per RFC 4180', async () => {
    await order({
      createdAt: '2026-11-01T04:00:00Z',
      paidAt: '2026-11-01T04:00:00Z',
      address: {
        firstName: '=HYPERLINK("http://evil.example","x")',
        lastName: '',
        email: '@SUM(A1)',
        phone: '+919876543210',
        city: '-2+3',
        state: '\tBihar',
        pincode: '\r846004',
      },
      lines: [{ name: 'Line\nbreak', weight: 250, sku: 'MM-1', quantity: 1, pricePaise: 100 }],
    });
    const lines = (await exported('?from=2026-11-01&to=2026-11-01')).body.split('\r\n');
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(A1),'+919876543210,'-2+3,'\tBihar,"'\r846004","Line\nbreak",250,MM-1,1,1.00,1.00,`,
    );
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell(' =1')).toBe(' =1');
    expect(rupees(0)).toBe('0.00');
    expect(rupees(5)).toBe('0.05');
    expect(rupees(123_456_789)).toBe('1234567.89');
  });

  it('refuses a missing, malformed or impossible day, a reversed range and more than 366 days, naming the field', async () => {
    const token = await ownerToken(api.app);
    for (const [query, field] of [
      ['', 'from'],
      ['?from=2026-11-01', 'to'],
      ['?from=01-11-2026&to=2026-11-02', 'from'],
      ['?from=2026-11-01&to=2026-11-0', 'to'],
      [`?from=${'2'.repeat(5000)}&to=2026-11-02`, 'from'],
      ['?from=2026-02-30&to=2026-03-02', 'from'],
      ['?from=2026-11-02&to=2026-11-01', 'to'],
      ['?from=2025-01-01&to=2026-01-02', 'to'],
    ] as const) {
      const response = await exported(query, token);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type'], query).toContain('application/json');
      expect(response.json().errors[0].field, query).toBe(field);
      expect(response.json().message, query).toMatch(new RegExp(`^${field}: `));
    }
    // 366 days, a leap year's whole, is allowed.
    expect((await exported('?from=2028-01-01&to=2028-12-31', token)).statusCode).toBe(200);
  });

  it('is the owner’s alone', async () => {
    const { token } = await customer(api.db);
    const query = '/orders/export?from=2026-11-01&to=2026-11-02';
    for (const auth of [{}, { token }, { cookies: { accessToken: token } }]) {
      const response = await call(api.app, 'GET', query, auth);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
  });
});
