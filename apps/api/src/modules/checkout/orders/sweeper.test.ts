import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalSmtp } from '../../../adapters/mail/local-smtp';
import { outbox } from '../../../db/schema';
import { useTestAppWithSmtp } from '../../../test/app';
import {
  ADDRESS,
  orderRow,
  outboxWaitOver,
  ownerToken,
  queuedConsequences,
  simulatedOrder,
} from '../../../test/order-fixtures';
import { call } from '../../../test/requests';
import { startSweeper } from './sweeper';

// Fake timers: on a busy machine real 5 ms ticks drift, so the counts below would depend on load.
afterEach(() => {
  vi.useRealTimers();
});

describe('startSweeper', () => {
  it('sweeps on its interval, never twice at once, logs failures and stops cleanly', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let runs = 0;
    const errors: unknown[] = [];
    const sweeper = startSweeper(
      async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 25));
        running -= 1;
        if (runs === 2) throw new Error('database down');
      },
      5,
      { error: (entry: unknown) => errors.push(entry) },
    );
    // Sweeps start at 5, 35, 65 and 95 ms; the fourth is still running at 110 ms.
    await vi.advanceTimersByTimeAsync(110);
    expect(running).toBe(1);
    let stopped = false;
    const stopping = sweeper.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    // stop() waits for the sweep in progress rather than leaving it running.
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(25);
    await stopping;
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    expect(running).toBe(0);
    await vi.advanceTimersByTimeAsync(30);
    expect(runs).toBe(after);
  });
});

describe('status mails that fail', () => {
  const { api, smtp: server } = useTestAppWithSmtp();
  let smtp: LocalSmtp;
  beforeAll(() => {
    smtp = server();
  });

  const shippedMails = (orderNumber: string) =>
    smtp.received.filter(
      (m) => m.to.includes(ADDRESS.email) && m.raw.includes(`${orderNumber} has shipped`),
    );

  /** A paid order shipped by the owner while the mail server refuses the customer. */
  async function shippedWhileRefused() {
    const { orderId } = await simulatedOrder(api);
    const owner = await ownerToken(api.app);
    smtp.refuse.add(ADDRESS.email);
    try {
      const shipped = await call(api.app, 'POST', `/orders/update-status/${orderId}`, {
        token: owner,
        body: { status: 'Shipped', trackingNumber: 'DL777' },
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      await api.app.orders.idle();
    } finally {
      smtp.refuse.delete(ADDRESS.email);
    }
    const rows = await queuedConsequences(api.db, orderId);
    const mail = rows.find((row) => row.topic === 'order.shipped')!;
    const { orderNumber } = await orderRow(api.db, orderId);
    return { orderNumber, mail };
  }

  /** The row, or undefined once its consequence was carried out. */
  async function outboxRow(id: string) {
    const [row] = await api.db.select().from(outbox).where(eq(outbox.id, id));
    return row;
  }

  /** Time passes for a row: its next attempt comes this many minutes sooner. */
  async function minutesPass(id: string, minutes: number) {
    await api.db
      .update(outbox)
      .set({ availableAt: sql`${outbox.availableAt} - make_interval(mins => ${minutes})` })
      .where(eq(outbox.id, id));
  }

  it('are sent again by the sweep after a backoff, once, even with two processes sweeping', async () => {
    const { mail, orderNumber } = await shippedWhileRefused();
    expect(shippedMails(orderNumber)).toEqual([]);
    expect(mail).toMatchObject({
      handlers: ['customer-mail'],
      attempts: 1,
      lastError: expect.any(String),
    });

    // Right after the failure, the sweep waits its backoff (5 minutes after one try).
    await api.app.orders.sweep();
    expect(shippedMails(orderNumber)).toEqual([]);
    expect((await outboxRow(mail.id))?.attempts).toBe(1);

    await minutesPass(mail.id, 6);
    const second = await api.startApp({
      env: { RATE_LIMIT_MAX: '100000', SMTP_URL: smtp.url },
      dataDir: `${api.dataDir}/second`,
    });
    const [one, two] = await Promise.all([api.app.orders.sweep(), second.orders.sweep()]);
    expect(one.retried + two.retried).toBe(1);
    expect(shippedMails(orderNumber)).toHaveLength(1);
    expect(shippedMails(orderNumber)[0]!.raw).toContain('DL777');
    expect(await outboxRow(mail.id)).toBeUndefined();

    await outboxWaitOver(api.db);
    await api.app.orders.sweep();
    expect(shippedMails(orderNumber)).toHaveLength(1);
  });

  it('wait longer after each failed try, and are given up after three days', async () => {
    const { mail } = await shippedWhileRefused();
    smtp.refuse.add(ADDRESS.email);
    try {
      await minutesPass(mail.id, 6);
      await api.app.orders.sweep();
      expect(await outboxRow(mail.id)).toMatchObject({ attempts: 2 });
      // After two tries the wait is 10 minutes.
      await minutesPass(mail.id, 8);
      await api.app.orders.sweep();
      expect((await outboxRow(mail.id))?.attempts).toBe(2);
      await minutesPass(mail.id, 3);
      await api.app.orders.sweep();
      expect((await outboxRow(mail.id))?.attempts).toBe(3);
    } finally {
      smtp.refuse.delete(ADDRESS.email);
    }
    // The owner's dashboard counts it among the failing follow-ups meanwhile.
    const dashboard = async () =>
      (await call(api.app, 'GET', '/admins/dashboard', { token: await ownerToken(api.app) })).json()
        .data.failingFollowUps;
    expect(await dashboard()).toBe(1);

    await api.db
      .update(outbox)
      .set({ createdAt: sql`now() - interval '3 days 1 minute'` })
      .where(eq(outbox.id, mail.id));
    await minutesPass(mail.id, 600);
    await api.app.orders.sweep();
    expect(await outboxRow(mail.id)).toMatchObject({ attempts: 3 });
    expect(await dashboard()).toBe(1);

    // A move whose two mails both failed counts as two.
    await api.db.insert(outbox).values({
      topic: 'order.paid',
      handlers: ['customer-mail', 'owner-mail'],
      orderId: mail.orderId,
      attempts: 1,
      lastError: 'customer-mail: refused',
      availableAt: sql`now() + interval '1 hour'`,
    });
    expect(await dashboard()).toBe(3);
  });
});
