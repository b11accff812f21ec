import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';

// Its app answers from the offline pincode list.
const api = useTestApp({ reset: false });
let delhivery: FastifyInstance;
const stub = createServer((req, res) => {
  const pin = new URL(req.url ?? '/', 'http://stub').searchParams.get('filter_codes');
  const known = req.headers.authorization === 'Token shop-token' && pin === '560001';
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      delivery_codes: known
        ? [{ postal_code: { pin: 560001, district: 'Bengaluru', state_code: 'KA', pre_paid: 'Y' } }]
        : [],
    }),
  );
});

beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const port = (stub.address() as AddressInfo).port;
  delhivery = await api.startApp({
    env: {
      PINCODE_PROVIDER: 'delhivery',
      DELHIVERY_TOKEN: 'shop-token',
      DELHIVERY_API_URL: `http://127.0.0.1:${port}`,
    },
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

const check = (app: FastifyInstance, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/orders/pincodeVerification',
    payload: body as object,
  });

describe('POST /api/v1/orders/pincodeVerification', () => {
  it("answers a deliverable pincode in Delhivery's shape", async () => {
    const response = await check(api.app, { pincode: '846004' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      success: true,
      message: 'Pincode verified successfully',
      data: {
        delivery_codes: [
          {
            postal_code: { pin: '846004', district: 'Darbhanga', state_code: 'BR', state: 'Bihar' },
          },
        ],
      },
    });
  });

  it('answers an unknown pincode with no delivery codes', async () => {
    const body = (await check(api.app, { pincode: '999999' })).json();
    expect(body).toMatchObject({ success: true, data: { delivery_codes: [] } });
    expect(body.message).toBe('Sorry, we do not deliver to this pincode yet.');
  });

  it('refuses anything but six digits with a 400 naming the field', async () => {
    for (const payload of [
      { pincode: '84600' },
      { pincode: '84600a' },
      { pincode: 846004 },
      {},
      { pincode: 'x'.repeat(5000) },
    ]) {
      const response = await check(api.app, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: expect.stringContaining('pincode'),
      });
    }
    const notJson = await api.app.inject({
      method: 'POST',
      url: '/api/v1/orders/pincodeVerification',
      headers: { 'content-type': 'application/json' },
      payload: '{"pincode":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('asks Delhivery when PINCODE_PROVIDER is delhivery', async () => {
    const served = (await check(delhivery, { pincode: '560001' })).json();
    expect(served.data.delivery_codes[0].postal_code).toEqual({
      pin: '560001',
      district: 'Bengaluru',
      state_code: 'KA',
    });
    const notServed = (await check(delhivery, { pincode: '846004' })).json();
    expect(notServed.data.delivery_codes).toEqual([]);
  });
});
