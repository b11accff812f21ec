import { type IncomingMessage, request } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { memoryLogger, useTestApp } from '../test/app';
import { requestIdGenerator } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const memory = memoryLogger();
const logLines = memory.lines;
const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

const api = useTestApp({
  logger: memory.logger,
  // A handler that logs through the app's own logger after its body was read and a turn of the
  // event loop passed, as a service reporting a provider's failure does.
  beforeReady: (app) => {
    app.post('/api/v1/test/slow-echo', async (request) => {
      await new Promise((resolve) => setImmediate(resolve));
      app.log.warn({ echoed: request.body }, 'a service line');
      return { ok: true };
    });
  },
});

beforeEach(() => {
  logLines.length = 0;
});

const incoming = (remoteAddress: string, id?: string) =>
  ({
    headers: id === undefined ? {} : { 'x-request-id': id },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;

const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('request ids', () => {
  it('are new UUIDs unless a trusted proxy gives a well-formed one', () => {
    const nginx = 'f3c9a1b2d4e5f60718293a4b5c6d7e8f';
    expect(requestIdGenerator(false)(incoming('127.0.0.1', nginx))).toMatch(UUID);
    expect(requestIdGenerator(trust('1'))(incoming('127.0.0.1', nginx))).toBe(nginx);
    const listed = requestIdGenerator(trust('10.0.0.0/8'));
    expect(listed(incoming('10.1.2.3', nginx))).toBe(nginx);
    expect(listed(incoming('203.0.113.9', nginx))).toMatch(UUID);
    const oneHop = requestIdGenerator(trust('1'));
    for (const bad of ['', 'a b', 'id\nforged: line', 'x'.repeat(129), 'ünïcode']) {
      expect(oneHop(incoming('127.0.0.1', bad))).toMatch(UUID);
    }
    const a = oneHop(incoming('127.0.0.1'));
    expect(a).toMatch(UUID);
    expect(oneHop(incoming('127.0.0.1'))).not.toBe(a);
  });

  it("name every answer, every refusal's envelope and every log line of their request", async () => {
    const page = await api.app.inject({ method: 'GET', url: '/api/v1/health' });
    const pageId = page.headers['x-request-id'];
    expect(pageId).toMatch(UUID);

    const missing = await api.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
    expect(missing.json().requestId).not.toBe(pageId);

    const invalid = await api.app.inject({
      method: 'POST',
      url: '/api/v1/users/loginUser',
      payload: { email: 'not an address' },
    });
    expect(invalid.statusCode).toBe(400);
    const invalidId = invalid.headers['x-request-id'];
    expect(invalid.json().requestId).toBe(invalidId);
    const refusedLines = logged().filter((line) => line.reqId === invalidId);
    expect(refusedLines.map((line) => line.msg)).toEqual(['request refused', 'request completed']);

    // Over a socket, the body sent a moment after the headers: it arrives in the socket's own
    // turn of the event loop, after the request's first hooks ran.
    const served = new URL(await api.app.listen({ host: '127.0.0.1', port: 0 }));
    const body = JSON.stringify({ hello: 'world' });
    const echoId = await new Promise<string | undefined>((resolve, reject) => {
      const sending = request(
        {
          host: served.hostname,
          port: served.port,
          method: 'POST',
          path: '/api/v1/test/slow-echo',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (answer) => {
          answer.resume();
          answer.on('end', () =>
            answer.statusCode === 200
              ? resolve(answer.headers['x-request-id'] as string | undefined)
              : reject(new Error(`status ${answer.statusCode}`)),
          );
        },
      );
      sending.on('error', reject);
      sending.flushHeaders();
      setTimeout(() => sending.end(body), 50);
    });
    expect(logged().find((line) => line.msg === 'a service line')?.reqId).toBe(echoId);
    // Lines written outside any request name none.
    api.app.log.warn('between requests');
    expect(logged().find((line) => line.msg === 'between requests')).not.toHaveProperty('reqId');
  });

  it("take the proxy's id when the shop trusts the proxy", async () => {
    const behindProxy = await api.startApp({ env: { TRUST_PROXY: '1' } });
    const answer = await behindProxy.inject({
      method: 'GET',
      url: '/api/v1/no-such-route',
      headers: { 'x-request-id': 'nginx-7f3a' },
    });
    expect(answer.headers['x-request-id']).toBe('nginx-7f3a');
    expect(answer.json().requestId).toBe('nginx-7f3a');
    const direct = await api.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-route',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(direct.headers['x-request-id']).toMatch(UUID);
  });
});
