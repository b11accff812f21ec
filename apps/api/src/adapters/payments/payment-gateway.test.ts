import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRazorpayStub } from '../../test/razorpay-stub';
import { PaymentRefusedError } from './payment-gateway';
import { createRazorpayGateway } from './razorpay-gateway';
import { gatewayId, paymentSignature } from './signatures';
import { createSimulatedGateway, type SignedEvent } from './simulated-gateway';

const keys = { keyId: 'rzp_test_key', keySecret: 'rzp_secret_test', webhookSecret: 'whsec_test' };

describe('signatures', () => {
  it("match Razorpay's: HMAC-SHA256 of order_id|payment_id with the key secret", () => {
    expect(paymentSignature('rzp_secret_test', 'order_IluGWxBm9U8zJ8', 'pay_IluGYcDTmZuG5q')).toBe(
      '76fc8d29ecac360177927a6db215dce4dea282b02691719ee72884188d9b249f',
    );
  });

  it('makes ids in the gateway form', () => {
    expect(gatewayId('order')).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(gatewayId('pay')).not.toBe(gatewayId('pay'));
  });
});

describe('the simulated gateway', () => {
  const gateway = createSimulatedGateway({ ...keys, refundDelayMs: 60_000 });

  it('creates orders for the exact amount and signs payments the way Razorpay does', async () => {
    const order = await gateway.createOrder({ amountPaise: 54_900, receipt: 'MM-1001' });
    expect(order).toMatchObject({ amount: 54_900, currency: 'INR', receipt: 'MM-1001' });
    const paid = gateway.pay(order.id);
    expect(paid.razorpay_signature).toBe(
      paymentSignature(keys.keySecret, order.id, paid.razorpay_payment_id),
    );
    expect(
      gateway.verifyPaymentSignature({
        orderId: order.id,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      }),
    ).toBe(true);
  });

  it('refuses a signature for another order, a tampered one, or garbage', async () => {
    const order = await gateway.createOrder({ amountPaise: 100, receipt: 'r' });
    const other = await gateway.createOrder({ amountPaise: 100, receipt: 'r' });
    const paid = gateway.pay(order.id);
    const verify = (orderId: string, signature: string) =>
      gateway.verifyPaymentSignature({ orderId, paymentId: paid.razorpay_payment_id, signature });
    expect(verify(other.id, paid.razorpay_signature)).toBe(false);
    const last = paid.razorpay_signature.at(-1) === '0' ? '1' : '0';
    expect(verify(order.id, `${paid.razorpay_signature.slice(0, -1)}${last}`)).toBe(false);
    expect(verify(order.id, 'not-hex')).toBe(false);
    expect(verify(order.id, '')).toBe(false);
  });

  it('checks webhook signatures over the raw body', () => {
    const body = '{"event":"payment.captured"}';
    expect(
      gateway.verifyWebhookSignature(
        body,
        '4f463a57dd128675850163391f0311888616d57bccca75c774c9cdb28134f851',
      ),
    ).toBe(true);
    expect(
      gateway.verifyWebhookSignature(
        `${body} `,
        '4f463a57dd128675850163391f0311888616d57bccca75c774c9cdb28134f851',
      ),
    ).toBe(false);
  });
});

describe('the Razorpay gateway, against a local stub of its Orders API', () => {
  const stub = useRazorpayStub(keys);
  let apiUrl = '';
  beforeEach(() => {
    apiUrl = stub.url;
    stub.failingOrderAmounts.add(999);
    stub.payments.set('pay_StubPayment0001', {
      order_id: 'order_Stub0000000001',
      amount: 54_900,
      status: 'captured',
    });
  });

  it('creates an order with basic auth for the amount in paise', async () => {
    const gateway = createRazorpayGateway({ ...keys, apiUrl });
    const order = await gateway.createOrder({
      amountPaise: 54_900,
      receipt: 'MM-1001',
      notes: { orderId: 'o1' },
    });
    expect(order).toEqual({
      id: 'order_Stub0000000001',
      amount: 54_900,
      currency: 'INR',
      receipt: 'MM-1001',
    });
    expect(stub.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1/orders',
      authorization: `Basic ${Buffer.from('rzp_test_key:rzp_secret_test').toString('base64')}`,
      body: { amount: 54_900, currency: 'INR', receipt: 'MM-1001', notes: { orderId: 'o1' } },
    });
  });

  it('reads a payment back from the gateway', async () => {
    const gateway = createRazorpayGateway({ ...keys, apiUrl });
    expect(
      await gateway.fetchPayment('pay_StubPayment0001', 'order_Stub0000000001', 54_900),
    ).toEqual({
      id: 'pay_StubPayment0001',
      orderId: 'order_Stub0000000001',
      amount: 54_900,
      status: 'captured',
      method: 'upi',
    });
  });

  it('reports refusals and outages as a 503 without leaking the gateway text', async () => {
    const wrongKey = createRazorpayGateway({ ...keys, keySecret: 'wrong', apiUrl });
    await expect(wrongKey.createOrder({ amountPaise: 100, receipt: 'r' })).rejects.toMatchObject({
      statusCode: 503,
      message: 'The payment service is not reachable right now. Please try again.',
    });
    const gateway = createRazorpayGateway({ ...keys, apiUrl });
    await expect(gateway.createOrder({ amountPaise: 999, receipt: 'r' })).rejects.toMatchObject({
      statusCode: 503,
    });
    const unreachable = createRazorpayGateway({
      ...keys,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    await expect(unreachable.fetchPayment('pay_x', 'order_x', 1)).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});

describe('refunds', () => {
  it('the simulated gateway takes a refund, reports it processed later as a signed event, and the same key answers the same refund', async () => {
    const gateway = createSimulatedGateway({ ...keys, refundDelayMs: 30 });
    const events: SignedEvent[] = [];
    gateway.sendEventsTo(async (event) => events.push(event));
    const ask = (key: string) =>
      gateway.refundPayment({
        paymentId: 'pay_x',
        amountPaise: 54_900,
        idempotencyKey: key,
        receipt: 'MM-1',
        notes: { refundId: key },
      });
    const first = await ask('order-1');
    expect(first).toMatchObject({ paymentId: 'pay_x', amount: 54_900, status: 'pending' });
    expect(first.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(await ask('order-1')).toEqual(first);
    const second = await ask('order-2');
    expect(second.id).not.toBe(first.id);
    expect(events).toEqual([]);

    await vi.waitFor(() => expect(events).toHaveLength(2));
    const [event] = events;
    expect(gateway.verifyWebhookSignature(event!.rawBody, event!.signature)).toBe(true);
    expect(event!.eventId).toMatch(/^evt_/);
    expect(JSON.parse(event!.rawBody)).toMatchObject({
      event: 'refund.processed',
      payload: {
        refund: {
          entity: {
            id: first.id,
            payment_id: 'pay_x',
            amount: 54_900,
            status: 'processed',
            notes: { refundId: 'order-1' },
          },
        },
      },
    });
    expect(await ask('order-1')).toMatchObject({ id: first.id, status: 'processed' });
  });

  it('the simulated gateway sends nothing once closed', async () => {
    const gateway = createSimulatedGateway({ ...keys, refundDelayMs: 20 });
    const events: SignedEvent[] = [];
    gateway.sendEventsTo(async (event) => events.push(event));
    await gateway.refundPayment({
      paymentId: 'pay_y',
      amountPaise: 100,
      idempotencyKey: 'k',
      receipt: 'MM-2',
    });
    gateway.close();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(events).toEqual([]);
  });

  describe("Razorpay's Refunds API, against the local stub", () => {
    const stub = useRazorpayStub(keys);
    const refund = (
      gateway = createRazorpayGateway({ ...keys, apiUrl: stub.url }),
      idempotencyKey = 'order-uuid-1',
    ) =>
      gateway.refundPayment({
        paymentId: 'pay_StubPayment0001',
        amountPaise: 54_900,
        idempotencyKey,
        receipt: 'MM-20261122-ABCDE',
        notes: { reason: 'x'.repeat(300) },
      });

    it('posts the amount in paise, normal speed and the idempotency header; a retry is the same refund', async () => {
      const made = await refund();
      expect(made).toEqual({
        id: 'rfnd_Stub0000000001',
        paymentId: 'pay_StubPayment0001',
        amount: 54_900,
        status: 'pending',
      });
      expect(stub.refundRequests).toEqual([
        {
          paymentId: 'pay_StubPayment0001',
          idempotencyKey: 'order-uuid-1',
          body: {
            amount: 54_900,
            speed: 'normal',
            receipt: 'MM-20261122-ABCDE',
            notes: { reason: 'x'.repeat(256) },
          },
        },
      ]);
      expect(await refund()).toEqual(made);
      expect(stub.refunds.size).toBe(1);

      stub.refundStatus = 'processed';
      const instant = await refund(undefined, 'order-uuid-2');
      expect(instant).toMatchObject({ id: 'rfnd_Stub0000000002', status: 'processed' });
    });

    it('reports a refund the bank sent back, asked again under its key, as refused', async () => {
      await refund();
      stub.refunds.get('order-uuid-1')!.status = 'failed';
      const again = await refund().catch((error: unknown) => error);
      expect(again).toBeInstanceOf(PaymentRefusedError);
    });

    it("reports a refusal with Razorpay's own words, apart from an outage", async () => {
      stub.refundMode = {
        kind: 'refuse',
        description: 'The payment has been fully refunded already',
      };
      const refused = await refund().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PaymentRefusedError);
      expect((refused as PaymentRefusedError).reason).toBe(
        'The payment has been fully refunded already',
      );

      stub.refundMode = { kind: 'hang' };
      const impatient = createRazorpayGateway({ ...keys, apiUrl: stub.url, timeoutMs: 200 });
      await expect(refund(impatient)).rejects.toMatchObject({
        statusCode: 503,
        message: 'The payment service is not reachable right now. Please try again.',
      });
      const unreachable = createRazorpayGateway({
        ...keys,
        apiUrl: 'http://127.0.0.1:9',
        timeoutMs: 500,
      });
      await expect(refund(unreachable)).rejects.toMatchObject({ statusCode: 503 });
    });
  });
});
