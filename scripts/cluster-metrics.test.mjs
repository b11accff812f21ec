// The metrics of a cluster: the built API with two workers on PostgreSQL (a database of its own on
// TEST_DATABASE_URL's server) and METRICS_PORT, whose primary sums what each worker counted.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { freshDatabase } from './bench-shop.mjs';
import { startBuiltApi } from './built-api.mjs';

/** A GET on a connection of its own, so the kernel may hand it to either worker. */
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, worker: response.headers['x-worker'], body }),
        );
      })
      .on('error', reject);
  });
}

let api;

before(async () => {
  const database = await freshDatabase(process.env.TEST_DATABASE_URL, 'makhana_cluster_metrics');
  api = await startBuiltApi({
    name: 'cluster-metrics-test',
    env: { DATABASE_URL: database, WEB_CONCURRENCY: '2', SEED_DEMO: 'false' },
    seconds: 60,
  });
});

after(() => api?.stop());

describe("a cluster's metrics", () => {
  it("are every worker's, summed by the primary", async () => {
    // The health check answers once the first worker listens; the second may still be building
    // its app, and until it listens the primary hands every connection to the first.
    const started = new Set();
    let warmUps = 0;
    const deadline = Date.now() + 30_000;
    while (started.size < 2 && Date.now() < deadline) {
      const answer = await get(`${api.base}/api/v1/health`);
      warmUps += 1;
      if (answer.status === 200) started.add(answer.worker);
      if (started.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(started.size, 2, `both workers listen (${warmUps} health checks)`);
    const workers = new Set();
    for (let i = 0; i < 40; i++) {
      const answer = await get(`${api.base}/api/v1/health`);
      assert.equal(answer.status, 200);
      workers.add(answer.worker);
    }
    assert.equal(workers.size, 2, 'both workers answered');
    const scraped = await get(api.metricsUrl);
    assert.equal(scraped.status, 200, scraped.body);
    const served = [
      ...scraped.body.matchAll(
        /^http_requests_total\{[^}]*route="\/api\/v1\/health"[^}]*\} (\d+)$/gm,
      ),
    ].reduce((sum, match) => sum + Number(match[1]), 0);
    // A health check answered while the first worker was still starting may have been refused.
    assert.ok(
      served <= api.healthChecks + warmUps + 40 && served >= warmUps + 40,
      `${served} of ${api.healthChecks + warmUps + 40} asked`,
    );
    // Read from the database once for the cluster, not once per worker.
    assert.match(scraped.body, /^shop_outbox_depth 0$/m);
    assert.match(scraped.body, /^process_cpu_seconds_total \d/m);
  });
});
