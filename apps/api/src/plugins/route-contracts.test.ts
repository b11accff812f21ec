/**
 * The owner's writes refuse a body field they do not know, each named, instead of dropping it:
 * every one of them, as the API document declares, whatever module the route lives in.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { ownerToken } from '../test/order-fixtures';
import { call } from '../test/requests';
import { OPENAPI_PATH } from './api-docs';

const api = useTestApp({ env: { RATE_LIMIT: '0' }, owner: true });

type BodySchema = { additionalProperties?: unknown };
interface Operation {
  'x-realm'?: string;
  requestBody?: { content: Record<string, { schema: BodySchema }> };
}
interface OwnerWrite {
  method: string;
  path: string;
  /** the body's schema by media type */
  bodies: Record<string, BodySchema>;
}

/** Each owner route that takes a body, as the API document has it. */
async function ownerWrites(): Promise<OwnerWrite[]> {
  const document: { paths: Record<string, Record<string, Operation>> } = (
    await api.app.inject({ url: OPENAPI_PATH })
  ).json();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, op]) =>
      op['x-realm'] === 'owner' && op.requestBody
        ? [
            {
              method: method.toUpperCase(),
              path,
              bodies: Object.fromEntries(
                Object.entries(op.requestBody.content).map(([type, { schema }]) => [type, schema]),
              ),
            },
          ]
        : [],
    ),
  );
}

describe("the owner's writes", () => {
  it('declare closed bodies in the API document', async () => {
    const writes = await ownerWrites();
    // Products (2), pictures of products and banners (6), an order's status and refund, support.
    expect(writes.length).toBeGreaterThanOrEqual(11);
    for (const { method, path, bodies } of writes) {
      for (const [type, schema] of Object.entries(bodies)) {
        expect(schema.additionalProperties, `${method} ${path} (${type})`).toBe(false);
      }
    }
  });

  it('refuse a field they do not know with a 400 naming it, on every JSON one', async () => {
    const token = await ownerToken(api.app);
    const json = (await ownerWrites()).filter(({ bodies }) => 'application/json' in bodies);
    expect(json.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '/products/addProduct',
        '/products/reorderProductImages/{productId}',
        '/banners/deleteBannerImage',
        '/orders/update-status/{orderId}',
        '/orders/refund/{orderId}',
        '/supports/resolve/{id}',
      ]),
    );
    for (const { method, path } of json) {
      const url = path.replace(/\{\w+\}/g, () => randomUUID());
      const response = await call(api.app, method as 'POST', url, {
        token,
        body: { colour: 'green', size: 'L' },
      });
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(400);
      expect(response.json().errors, path).toEqual(
        expect.arrayContaining([
          { field: 'colour', message: 'Unknown field' },
          { field: 'size', message: 'Unknown field' },
        ]),
      );
    }
  });

  it('name the first unknown field in the message when the rest of the body is right', async () => {
    const token = await ownerToken(api.app);
    const response = await call(api.app, 'POST', `/supports/resolve/${randomUUID()}`, {
      token,
      body: { resolved: true, note: 'called back' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'note: Unknown field',
      errors: [{ field: 'note', message: 'Unknown field' }],
    });
  });

  it('leave the other realms as they were: a field they do not know is dropped', async () => {
    const { accessToken } = await api.signInCustomer('closed-bodies@example.com');
    const response = await call(api.app, 'POST', '/users/updateUserAccount', {
      token: accessToken,
      body: {
        firstName: 'Asha',
        lastName: 'Kumari',
        email: 'closed-bodies@example.com',
        phoneNumber: '9876543210',
        colour: 'green',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
