/**
 * A local HTTP stand-in for Razorpay's Orders, Payments and Refunds APIs, for tests: it checks
 * basic auth, keeps what it was asked, and can be told to refuse or to sit on a refund.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRefundRequest {
  paymentId: string;
  /** the X-Refund-Idempotency header */
  idempotencyKey: string | undefined;
  body: { amount?: unknown; speed?: unknown; receipt?: unknown; notes?: unknown };
}

export interface RazorpayStub {
  url: string;
  /** the payments GET /v1/payments/{id} answers */
  payments: Map<string, { order_id: string; amount: number; status: string }>;
  /** every refund asked for, answered or not */
  refundRequests: StubRefundRequest[];
  /** what the next refund requests meet: an answer, a refusal with Razorpay's words, or silence */
  refundMode: { kind: 'ok' } | { kind: 'refuse'; description: string } | { kind: 'hang' };
  /** refunds made, by idempotency key */
  refunds: Map<string, { id: string; payment_id: string; amount: number }>;
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

export async function startRazorpayStub(keys: {
  keyId: string;
  keySecret: string;
}): Promise<RazorpayStub> {
  const basic = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const hanging = new Set<ServerResponse>();
  let orders = 0;
  const stub: RazorpayStub = {
    url: '',
    payments: new Map(),
    refundRequests: [],
    refundMode: { kind: 'ok' },
    refunds: new Map(),
    reset() {
      stub.payments.clear();
      stub.refundRequests.length = 0;
      stub.refundMode = { kind: 'ok' };
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
    res.setHeader('content-type', 'application/json');
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
      orders += 1;
      res.writeHead(200).end(
        JSON.stringify({
          id: `order_Stub${String(orders).padStart(10, '0')}`,
          entity: 'order',
          amount: body.amount,
          currency: 'INR',
          receipt: body.receipt,
          status: 'created',
        }),
      );
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
        res
          .writeHead(200)
          .end(JSON.stringify({ entity: 'refund', status: 'processed', ...earlier }));
        return;
      }
      if ([...stub.refunds.values()].some((r) => r.payment_id === paymentId)) {
        badRequest(res, 'The payment has been fully refunded already');
        return;
      }
      const made = {
        id: `rfnd_Stub${String(stub.refunds.size + 1).padStart(10, '0')}`,
        payment_id: paymentId,
        amount: body.amount,
      };
      if (idempotencyKey) stub.refunds.set(idempotencyKey, made);
      res
        .writeHead(200)
        .end(JSON.stringify({ entity: 'refund', currency: 'INR', status: 'processed', ...made }));
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
