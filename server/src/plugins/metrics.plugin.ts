import fp from 'fastify-plugin';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolOf } from '../common/sql';
import { jobQueueStats, type JobQueueStats } from './metrics.queries';

/**
 * Prometheus metrics (METRICS_PORT; docs/operations/metrics.md), on a listener of their own so that they are never
 * served on the public port. prom-client is the maintained Prometheus client for Node; fastify-metrics, the plugin
 * made over it, needs Node 22 in its current version, so this file is the small part of it the server needs.
 *
 * The request path pays one histogram observation: each route's label values are fixed when the route is added
 * (its pattern, never the raw URL, so a URL holding an id does not make a series of its own), and its histogram
 * child per status code is kept. Everything else is read when Prometheus scrapes.
 */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Observer {
  observe(value: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's port once listening (undefined when METRICS_PORT is unset). */
    metricsPort(): number | undefined;
    /** Opens the metrics listener on METRICS_PORT (nothing when it is unset); resolves to its port. */
    listenMetrics(): Promise<number | undefined>;
  }
}

function requestMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'strongroom_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [registry],
  });
  /** One observer per status code for one route: the label set is hashed by prom-client, but never built per request. */
  const forRoute = (method: string, route: string) => {
    const byStatus = new Map<number, Observer>();
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const status = reply.statusCode;
      let observer = byStatus.get(status);
      if (!observer) {
        observer = duration.labels(method, route, String(status));
        byStatus.set(status, observer);
      }
      observer.observe(reply.elapsedTime / 1000);
      done();
    };
  };
  return { forRoute };
}

function addRouteHook(route: RouteOptions, hook: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void) {
  const existing = route.onResponse;
  route.onResponse = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
}

function ledgerMetrics(app: FastifyInstance, registry: Registry) {
  const size = new Histogram({
    name: 'strongroom_ledger_batch_journals',
    help: 'Journals booked together in one ledger batch (group commit of same-bank transfers)',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const wait = new Histogram({
    name: 'strongroom_ledger_batch_wait_seconds',
    help: "How long a ledger batch's first journal waited for its batch to start",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  app.ledger.observeBatch = (journals, oldestWaitSeconds) => {
    size.observe(journals);
    wait.observe(oldestWaitSeconds);
  };
}

function jobMetrics(app: FastifyInstance, registry: Registry) {
  // prom-client collects every metric of a scrape at once: the gauges share one read of the queue.
  let reading: Promise<JobQueueStats | undefined> | undefined;
  const read = () =>
    (reading ??= jobQueueStats(app.db)
      .catch(() => undefined)
      .finally(() => setImmediate(() => (reading = undefined))));
  const gauge = (name: string, help: string, value: (stats: JobQueueStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const stats = await read();
        if (stats) this.set(value(stats));
      },
    });
  gauge('strongroom_jobs_queued', 'Background jobs still to run (due now or later, retries included)', (stats) => stats.queued);
  gauge('strongroom_jobs_ready', 'Background jobs due now and not yet taken by a worker', (stats) => stats.ready);
  gauge('strongroom_jobs_oldest_ready_age_seconds', 'How long the oldest background job due now has waited', (stats) => stats.oldestReadyAgeSeconds);
  gauge('strongroom_jobs_retrying', 'Background jobs whose last attempt failed and that will be tried again', (stats) => stats.retrying);
  gauge('strongroom_jobs_failed', 'Background jobs that used every attempt and will not run again', (stats) => stats.failed);
  new Gauge({
    name: 'strongroom_jobs_scrape_error',
    help: '1 when the job queue could not be read at this scrape',
    registers: [registry],
    async collect() {
      this.set((await read()) ? 0 : 1);
    },
  });
}

function poolMetrics(app: FastifyInstance, registry: Registry) {
  const pool = () => poolOf(app.db);
  new Gauge({
    name: 'strongroom_db_pool_connections_in_use',
    help: "Connections of this process's PostgreSQL pool running a query or held by a transaction",
    registers: [registry],
    collect() {
      this.set(pool().totalCount - pool().idleCount);
    },
  });
  new Gauge({
    name: 'strongroom_db_pool_waiting',
    help: 'Queries waiting for a free connection of the pool',
    registers: [registry],
    collect() {
      this.set(pool().waitingCount);
    },
  });
  new Gauge({
    name: 'strongroom_db_pool_max_connections',
    help: 'The size of the pool (DB_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(pool().options.max);
    },
  });
}

/** The listener: GET /metrics answers the registry's text; anything else 404. */
function metricsServer(registry: Registry): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
}

export default fp(async function metricsPlugin(app: FastifyInstance) {
  const port = app.config.metricsPort;
  let server: Server | undefined;
  app.decorate('metricsPort', () => (server?.address() as AddressInfo | null)?.port);
  if (port === undefined) {
    app.decorate('listenMetrics', async () => undefined);
    return;
  }
  const registry = new Registry();
  // Event-loop delay, garbage collection, heap, handles and the process's CPU and memory.
  collectDefaultMetrics({ register: registry });
  const requests = requestMetrics(registry);
  app.addHook('onRoute', (route) => {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    addRouteHook(route, requests.forRoute(method, route.url));
  });
  ledgerMetrics(app, registry);
  jobMetrics(app, registry);
  poolMetrics(app, registry);
  // Opened by the server beside its public port (main.ts): a script that builds the app without serving it opens none.
  app.decorate('listenMetrics', async () => {
    if (server) return app.metricsPort();
    const listener = metricsServer(registry);
    await new Promise<void>((listening, failed) => {
      listener.once('error', failed);
      listener.listen(port, app.config.host, () => listening());
    });
    server = listener;
    return app.metricsPort();
  });
  app.addHook('onClose', async () => {
    if (server) await new Promise<void>((closed) => server!.close(() => closed()));
  });
});
