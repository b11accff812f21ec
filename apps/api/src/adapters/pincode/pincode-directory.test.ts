import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../lib/errors';
import { createDelhiveryDirectory } from './delhivery-directory';
import { createOfflineDirectory } from './offline-directory';

describe('the offline directory', () => {
  const directory = createOfflineDirectory();

  it('knows a pincode with its district and two-letter state code', async () => {
    expect(await directory.lookup('846004')).toEqual({
      pincode: '846004',
      district: 'Darbhanga',
      state: 'Bihar',
      stateCode: 'BR',
    });
    expect(await directory.lookup('110001')).toMatchObject({
      district: 'Central Delhi',
      stateCode: 'DL',
    });
  });

  it('places pincodes in the states and territories of today', async () => {
    expect(await directory.lookup('194101')).toMatchObject({ state: 'Ladakh', stateCode: 'LA' });
    expect(await directory.lookup('396210')).toMatchObject({
      state: 'Dadra and Nagar Haveli and Daman and Diu',
      stateCode: 'DH',
    });
    expect(await directory.lookup('500001')).toMatchObject({ state: 'Telangana' });
  });

  it('does not deliver to a pincode India Post does not list', async () => {
    expect(await directory.lookup('000000')).toBeNull();
    expect(await directory.lookup('999999')).toBeNull();
  });
});

/** A local server in the shape of Delhivery's pin-code API. */
function delhiveryStub(
  answer: (req: IncomingMessage, pin: string) => { status: number; body: unknown },
) {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    seen.push({ url: url.pathname + url.search, authorization: req.headers.authorization });
    const { status, body } = answer(req, url.searchParams.get('filter_codes') ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  return { server, seen };
}

describe('the Delhivery directory, against a local stub of its API', () => {
  const stub = delhiveryStub((_req, pin) => {
    if (pin === '500500') return { status: 500, body: { error: 'down' } };
    if (pin === '845438') {
      return {
        status: 200,
        body: {
          delivery_codes: [
            {
              postal_code: {
                pin: 845438,
                district: 'West Champaran',
                state_code: 'BR',
                pre_paid: 'N',
              },
            },
          ],
        },
      };
    }
    if (pin !== '846004') return { status: 200, body: { delivery_codes: [] } };
    return {
      status: 200,
      body: {
        delivery_codes: [
          {
            postal_code: {
              pin: 846004,
              district: 'Darbhanga',
              state_code: 'BR',
              pre_paid: 'Y',
              cod: 'Y',
              city: 'Darbhanga',
            },
          },
        ],
      },
    };
  });
  let apiUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.server.close(() => resolve())));

  it('asks with the token and reads district and state code', async () => {
    const directory = createDelhiveryDirectory({ apiUrl, token: 'secret-token' });
    expect(await directory.lookup('846004')).toEqual({
      pincode: '846004',
      district: 'Darbhanga',
      stateCode: 'BR',
    });
    expect(stub.seen.at(-1)).toEqual({
      url: '/c/api/pin-codes/json/?filter_codes=846004',
      authorization: 'Token secret-token',
    });
  });

  it('treats empty delivery codes, and pincodes without prepaid service, as not deliverable', async () => {
    const directory = createDelhiveryDirectory({ apiUrl, token: 't' });
    expect(await directory.lookup('111111')).toBeNull();
    expect(await directory.lookup('845438')).toBeNull();
  });

  it('reports an outage as a 503 the shopper can retry', async () => {
    const directory = createDelhiveryDirectory({ apiUrl, token: 't' });
    await expect(directory.lookup('500500')).rejects.toBeInstanceOf(ServiceUnavailableError);
    const unreachable = createDelhiveryDirectory({
      apiUrl: 'http://127.0.0.1:9',
      token: 't',
      timeoutMs: 500,
    });
    await expect(unreachable.lookup('846004')).rejects.toMatchObject({ statusCode: 503 });
  });
});
