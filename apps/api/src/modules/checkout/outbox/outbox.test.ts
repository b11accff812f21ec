/**
 * The outbox under failure: a handler that throws, and a process that dies after handing a mail
 * to the server but before recording it. Every consequence is carried out in the end, none is
 * lost, and the only one carried out twice is the one whose record the dead process never wrote
 * (at least once, decision 028).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalSmtp } from '../../../adapters/mail/local-smtp';
import type { Database } from '../../../db/client';
import { outbox } from '../../../db/schema';
import { useTestApp, useTestAppWithSmtp } from '../../../test/app';
import {
  ADDRESS,
  cartLine,
  customer,
  insertProduct,
  orderRow,
  orderWithPayment,
  outboxWaitOver,
  paySimulated,
  queuedConsequences,
  simulatedOrder,
} from '../../../test/order-fixtures';

describe('the outbox when a handler throws and a process dies', () => {
  const { api, smtp: server } = useTestAppWithSmtp();
  let smtp: LocalSmtp;
  beforeAll(() => {
    smtp = server();
  });

  /** The mails the server took about one order, by recipient. */
  const mailsAbout = (orderNumber: string) =>
    smtp.received
      .filter((mail) => mail.raw.includes(orderNumber))
      .map((mail) => (mail.to.includes(ADDRESS.email) ? 'customer' : 'owner'))
      .sort();

  it('delivers every consequence after a restart, repeating only the unrecorded hand-off', async () => {
    const [makhana] = await insertProduct(api.db, {
      variants: [{ weight: 250, price: 449, stock: 10 }],
    });
    const buyer = await customer(api.db);

    // The first order goes through as usual.
    const first = await orderWithPayment(api.app, buyer.token, [cartLine(makhana!, 1)]);
    await paySimulated(api.app, buyer.token, first.gatewayOrderId);
    await api.app.orders.idle();

    // The second: the customer's mail is refused (its handler throws), the owner's goes out, and
    // then the process dies before it records anything.
    const second = await orderWithPayment(api.app, buyer.token, [cartLine(makhana!, 1)]);
    smtp.refuse.add(ADDRESS.email);
    // The process dies before it records anything: neither the done rows' delete nor the failed
    // one's update reaches the database.
    const db: Database = api.app.orders.context.db;
    const { update, delete: remove } = db;
    const killed = () => {
      throw new Error('process killed');
    };
    db.update = killed as unknown as Database['update'];
    db.delete = killed as unknown as Database['delete'];
    try {
      await paySimulated(api.app, buyer.token, second.gatewayOrderId);
      await api.app.orders.idle();
    } finally {
      db.update = update;
      db.delete = remove;
      smtp.refuse.delete(ADDRESS.email);
    }
    const firstNumber = (await orderRow(api.db, first.orderId)).orderNumber;
    const secondNumber = (await orderRow(api.db, second.orderId)).orderNumber;
    expect(mailsAbout(firstNumber)).toEqual(['customer', 'owner']);
    expect(mailsAbout(secondNumber)).toEqual(['owner']);
    // Nothing about the second order was recorded: its row still waits with both its handlers,
    // under the dead lease.
    expect(await queuedConsequences(api.db, second.orderId)).toEqual([
      expect.objectContaining({
        handlers: ['invoice', 'customer-mail', 'owner-mail'],
        attempts: 1,
        lastError: null,
      }),
    ]);
    await api.app.close();

    // Another process starts; once the lease has run out, its sweep takes the row.
    const restarted = await api.startApp({
      env: { RATE_LIMIT_MAX: '100000', SMTP_URL: smtp.url },
      dataDir: `${api.dataDir}/restarted`,
    });
    expect((await restarted.orders.sweep()).retried).toBe(0);
    await outboxWaitOver(api.db);
    expect((await restarted.orders.sweep()).retried).toBe(1);

    for (const id of [first.orderId, second.orderId]) {
      expect(await queuedConsequences(api.db, id)).toEqual([]);
    }
    expect(mailsAbout(firstNumber)).toEqual(['customer', 'owner']);
    // The owner's mail was handed off by the dead process and again by the new one.
    expect(mailsAbout(secondNumber)).toEqual(['customer', 'owner', 'owner']);
    await outboxWaitOver(api.db);
    expect((await restarted.orders.sweep()).retried).toBe(0);
  });
});

describe('the sweep and a backlog', () => {
  const api = useTestApp({ owner: true });

  it('drains a backlog in one sweep, batch after batch', async () => {
    const { orderId } = await simulatedOrder(api);
    // 120 owner mails about that order, left behind by a process that died.
    await api.db.insert(outbox).values(
      Array.from({ length: 120 }, () => ({
        topic: 'order.paid',
        handlers: ['owner-mail'],
        orderId,
        attempts: 1,
        availableAt: new Date(Date.now() - 60_000),
      })),
    );
    expect((await api.app.orders.sweep()).retried).toBe(120);
    expect(await api.db.select().from(outbox).where(eq(outbox.orderId, orderId))).toEqual([]);
  });
});
