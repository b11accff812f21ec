/**
 * A local HTTP stand-in for Razorpay's Orders, Payments and Refunds APIs, for tests: it checks
 * basic auth, keeps what it was asked, and can be told to be down, to fail an order, or to refuse
 * or sit on a refund.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface StubRefundRequest {
  paymentId: string;
  /** the X-Refund-Idempotency header */
  idempotencyKey: string | undefined;
  body: { amount?: unknown; speed?: unknown; receipt?: unknown; notes?: unknown };
}

export interface StubRefund {
  id: string;
  payment_id: string;
  amount: number;
  notes: Record<string, unknown>;
  /** a test sets `failed` when the bank sends it back: its amount can be refunded again */
  status: 'pending' | 'processed' | 'failed';
}

/**
 * A refund event as Razorpay posts it to the webhook (`refund.created`, `refund.processed`,
 * `refund.failed`): the refund entity, and the payment it belongs to.
 */
export function refundEvent(
  event: 'refund.created' | 'refund.processed' | 'refund.failed',
  refund: Omit<StubRefund, 'status'>,
) {
  const status =
    event === 'refund.processed' ? 'processed' : event === 'refund.failed' ? 'failed' : 'pending';
  return {
    entity: 'event',
    account_id: 'acc_StubAccount0001',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          ...refund,
          entity: 'refund',
          currency: 'INR',
          receipt: null,
          acquirer_data: { arn: status === 'processed' ? '10000000000000' : null },
          created_at: 1_764_000_000,
          batch_id: null,
          status,
          speed_processed: 'normal',
          speed_requested: 'normal',
        },
      },
      payment: {
        entity: {
          id: refund.payment_id,
          entity: 'payment',
          amount: refund.amount,
          currency: 'INR',
          status: 'refunded',
          order_id: 'order_StubOrder00001',
          method: 'upi',
          amount_refunded: refund.amount,
        },
      },
    },
    created_at: 1_764_000_000,
  };
}

export interface StubRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  /** the JSON body, or null when there was none */
  body: unknown;
}

export interface RazorpayStub {
  /** empty until the stub listens */
  url: string;
  /** every request, in order, whatever it was answered */
  requests: StubRequest[];
  /** while true, every request is answered 502, as a gateway in trouble answers */
  down: boolean;
  /** the orders made, oldest first; ids are order_Stub0000000001, 2, … from the last reset */
  orders: { id: string; amount: number; receipt: string }[];
  /** amounts (paise) whose order creation fails with a 500 */
  failingOrderAmounts: Set<number>;
  /** the payments GET /v1/payments/{id} and GET /v1/orders/{id}/payments answer */
  payments: Map<string, { order_id: string; amount: number; status: string }>;
  /** every refund asked for, answered or not */
  refundRequests: StubRefundRequest[];
  /** what the next refund requests meet: an answer, a refusal with Razorpay's words, or silence */
  refundMode: { kind: 'ok' } | { kind: 'refuse'; description: string } | { kind: 'hang' };
  /** the status a new refund is answered with: Razorpay's normal speed answers `pending` */
  refundStatus: 'pending' | 'processed';
  /** refunds made, by idempotency key */
  refunds: Map<string, StubRefund>;
  reset(): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

const badRequest = (res: ServerResponse, description: string) =>
  res
    .writeHead(400)
    .end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business' } }));

interface StubKeys {
  keyId: string;
  keySecret: string;
}

/**
 * The set-up of a test file (or describe) that talks to the stub: listening from its beforeAll,
 * reset before each test, closed after the last. Call it before useTestApp when the app is built
 * with the stub's url (read it lazily: `env: () => ({ RAZORPAY_API_URL: stub.url })`).
 */
export function useRazorpayStub(keys: StubKeys): RazorpayStub {
  const { stub, listen } = createRazorpayStub(keys);
  beforeAll(listen);
  beforeEach(() => stub.reset());
  afterAll(() => stub.close());
  return stub;
}

export async function startRazorpayStub(keys: StubKeys): Promise<RazorpayStub> {
  const { stub, listen } = createRazorpayStub(keys);
  await listen();
  return stub;
}

function createRazorpayStub(keys: StubKeys): { stub: RazorpayStub; listen(): Promise<void> } {
  const basic = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const hanging = new Set<ServerResponse>();
  const stub: RazorpayStub = {
    url: '',
    requests: [],
    down: false,
    orders: [],
    failingOrderAmounts: new Set(),
    payments: new Map(),
    refundRequests: [],
    refundMode: { kind: 'ok' },
    refundStatus: 'pending',
    refunds: new Map(),
    reset() {
      stub.requests.length = 0;
      stub.down = false;
      stub.orders.length = 0;
      stub.failingOrderAmounts.clear();
      stub.payments.clear();
      stub.refundRequests.length = 0;
      stub.refundMode = { kind: 'ok' };
      stub.refundStatus = 'pending';
      stub.refunds.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
      }),
  };

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    stub.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body: raw ? JSON.parse(raw) : null,
    });
    res.setHeader('content-type', 'application/json');
    if (stub.down) {
      res.writeHead(502).end('{}');
      return;
    }
    if (req.headers.authorization !== basic) {
      res.writeHead(401).end(
        JSON.stringify({
          error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
        }),
      );
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/orders') {
      const body = JSON.parse(raw);
      if (stub.failingOrderAmounts.has(body.amount)) {
        res.writeHead(500).end('{}');
        return;
      }
      const made = {
        id: `order_Stub${String(stub.orders.length + 1).padStart(10, '0')}`,
        amount: body.amount,
        receipt: body.receipt,
      };
      stub.orders.push(made);
      res
        .writeHead(200)
        .end(JSON.stringify({ entity: 'order', currency: 'INR', status: 'created', ...made }));
      return;
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
    if (req.method === 'POST' && refund) {
      const paymentId = decodeURIComponent(refund[1]!);
      const header = req.headers['x-refund-idempotency'];
      const idempotencyKey = Array.isArray(header) ? header[0] : header;
      const body = JSON.parse(raw || '{}');
      stub.refundRequests.push({ paymentId, idempotencyKey, body });
      const mode = stub.refundMode;
      if (mode.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (mode.kind === 'refuse') {
        badRequest(res, mode.description);
        return;
      }
      const earlier = idempotencyKey ? stub.refunds.get(idempotencyKey) : undefined;
      if (earlier) {
        res.writeHead(200).end(JSON.stringify({ entity: 'refund', currency: 'INR', ...earlier }));
        return;
      }
      const refunded = [...stub.refunds.values()]
        .filter((r) => r.payment_id === paymentId && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      const captured = stub.payments.get(paymentId)?.amount ?? Number.POSITIVE_INFINITY;
      if (refunded >= captured) {
        badRequest(res, 'The payment has been fully refunded already');
        return;
      }
      if (refunded + body.amount > captured) {
        badRequest(res, 'The total refund amount is greater than the refund payment amount');
        return;
      }
      const made: StubRefund = {
        id: `rfnd_Stub${String(stub.refunds.size + 1).padStart(10, '0')}`,
        payment_id: paymentId,
        amount: body.amount,
        notes: body.notes ?? {},
        status: stub.refundStatus,
      };
      if (idempotencyKey) stub.refunds.set(idempotencyKey, made);
      res.writeHead(200).end(JSON.stringify({ entity: 'refund', currency: 'INR', ...made }));
      return;
    }
    const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.url ?? '');
    if (req.method === 'GET' && ofOrder) {
      const orderId = decodeURIComponent(ofOrder[1]!);
      const items = [...stub.payments]
        .filter(([, payment]) => payment.order_id === orderId)
        .map(([id, payment]) => ({
          id,
          entity: 'payment',
          currency: 'INR',
          method: 'upi',
          ...payment,
        }));
      res.writeHead(200).end(JSON.stringify({ entity: 'collection', count: items.length, items }));
      return;
    }
    const payment = /^\/v1\/payments\/([^/]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && payment) {
      const id = decodeURIComponent(payment[1]!);
      const found = stub.payments.get(id);
      if (!found) {
        badRequest(res, 'The id provided does not exist');
        return;
      }
      res
        .writeHead(200)
        .end(JSON.stringify({ id, entity: 'payment', currency: 'INR', method: 'upi', ...found }));
      return;
    }
    res.writeHead(404).end('{}');
  });

  const listen = async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  return { stub, listen };
}
