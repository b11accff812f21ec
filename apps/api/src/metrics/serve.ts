import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` on a port of its own, apart from the shop (no rate limit, no session, not behind
 * the public proxy): `read` gives the text. Anything else is a 404. Resolves once listening.
 */
export function serveMetrics(
  where: { port: number; host: string },
  read: () => Promise<string>,
  contentType: string,
  log: Pick<Logger, 'error'>,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    read().then(
      (text) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be read');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve(server));
  });
}

/** A single process's metrics: its own registry. */
export function ownMetrics(registry: Registry) {
  return { read: () => registry.metrics(), contentType: registry.contentType };
}

/**
 * A cluster's metrics, read in the primary: every worker's registry asked over the cluster's
 * channel and summed (or, for what each reads from the database, taken once).
 */
export function clusterMetrics() {
  const aggregator = new AggregatorRegistry();
  return { read: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

/** In a worker: answers the primary's questions with this registry's metrics. */
export function answerThePrimary(registry: Registry): void {
  if (!cluster.isWorker) return;
  // Made for its side effect: a worker's listener for the primary's question.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}
