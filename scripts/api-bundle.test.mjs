// The built API runs: apps/api/scripts/build.mjs bundles it (as `npm start` does, into a scratch
// file beside dist/), and the bundle starts on a fresh PGlite, migrates, seeds the demo catalogue
// and serves it, finding the files it reads by path (migrations, demo pictures, pincodes).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startBuiltApi } from './built-api.mjs';

let api;
let base;

before(async () => {
  api = await startBuiltApi({ name: 'bundle-test' });
  base = api.base;
});

after(() => api?.stop());

describe('the API bundle', () => {
  it('serves the demo catalogue with its pictures', async () => {
    const response = await fetch(`${base}/api/v1/products/getProductDetails`);
    assert.equal(response.status, 200);
    const products = (await response.json()).data;
    assert.ok(products.length > 0, 'the demo catalogue was seeded');
    const picture = JSON.stringify(products).match(/\/uploads\/demo\/[^"]+/)?.[0];
    assert.ok(picture, 'a demo product has a picture');
    assert.equal((await fetch(`${base}${picture}`)).status, 200);
  });

  it('answers from the offline pincode directory', async () => {
    const response = await fetch(`${base}/api/v1/orders/pincodeVerification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pincode: '846004' }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.match(await response.text(), /Darbhanga/i);
  });

  it('serves its metrics on METRICS_PORT, counting the requests it answered', async () => {
    const health = /^http_requests_total\{[^}]*route="\/api\/v1\/health"[^}]*\} (\d+)$/m;
    const count = async () => {
      const response = await fetch(api.metricsUrl);
      assert.equal(response.status, 200);
      return Number((await response.text()).match(health)?.[1] ?? 0);
    };
    const before = await count();
    for (let i = 0; i < 3; i++) assert.equal((await fetch(`${base}/api/v1/health`)).status, 200);
    assert.equal((await count()) - before, 3);
    assert.equal((await fetch(`${base}/metrics`)).status, 404, "not on the shop's own port");
  });
});
