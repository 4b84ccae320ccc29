import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config/config';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

/** The value of one sample line, e.g. `name{a="b"} 3`; undefined when there is no such line. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split('} ')[0];
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('metrics (METRICS_PORT)', () => {
  it('are off by default: no setting, no listener', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'strongroom-metrics-config-'));
    expect(loadConfig({ DATA_DIR: configDir, DATABASE_URL: 'postgres://x@127.0.0.1/x', SESSION_SECRET: 'a'.repeat(40), ENCRYPTION_KEY: 'b'.repeat(64) }).metricsPort).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: configDir, METRICS_PORT: 'nine' })).toThrow('METRICS_PORT must be an integer from 1 to 65535');
    expect(() => loadConfig({ DATA_DIR: configDir, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow('OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL');
    const t = await createTestApp({ host: '127.0.0.1' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect(await t.app.listenMetrics()).toBeUndefined();
      expect(t.app.metricsPort()).toBeUndefined();
    } finally {
      await t.close();
      rmSync(configDir, { recursive: true, force: true });
    }
  });

  describe('with METRICS_PORT', () => {
    let t: TestApp;
    let base: string;
    let metricsUrl: string;
    beforeAll(async () => {
      t = await createTestApp({ host: '127.0.0.1', metricsPort: 0 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      metricsUrl = `http://127.0.0.1:${await t.app.listenMetrics()}/metrics`;
    });
    afterAll(() => t.close());

    it('counts requests by route pattern and status, never by raw URL, on its own port only', async () => {
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ids = [randomUUID(), randomUUID()];
      for (const id of ids) expect((await fetch(`${base}/v1/files/${id}`)).status).toBe(401);

      const res = await fetch(metricsUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      const name = 'strongroom_http_request_duration_seconds_count';
      expect(sample(text, name, { method: 'GET', route: '/healthz', status_code: '200' })).toBe(3);
      expect(sample(text, name, { method: 'GET', route: '/v1/files/:id', status_code: '401' })).toBe(2);
      for (const id of ids) expect(text).not.toContain(id);
      expect(sample(text, 'strongroom_http_request_duration_seconds_bucket', { route: '/healthz', le: '+Inf' })).toBe(3);
      // prom-client's default metrics: the event loop's delay and garbage collection.
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(text).toContain('nodejs_gc_duration_seconds');
      expect(sample(text, 'strongroom_db_pool_max_connections')).toBe(40);
      // Read while the scrape's own job-queue query may be taking or waiting for a connection.
      expect(sample(text, 'strongroom_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'strongroom_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);

      // The public port does not serve them, and the metrics port serves nothing else.
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(metricsUrl.replace('/metrics', '/v1/files'))).status).toBe(404);
    });

    it('serves every metric the Grafana dashboard and the Prometheus scrape config name', async () => {
      const monitoring = join(__dirname, '..', '..', '..', 'docker', 'monitoring');
      const dashboard = readFileSync(join(monitoring, 'grafana', 'dashboards', 'strongroom.json'), 'utf8');
      const named = new Set(dashboard.match(/\b(strongroom|nodejs|process)_[a-z0-9_]+\b/g));
      expect(named.size).toBeGreaterThan(10);
      const text = await (await fetch(metricsUrl)).text();
      const served = new Set(
        text
          .split('\n')
          .filter((line) => line && !line.startsWith('#'))
          .map((line) => line.split(/[{ ]/)[0]),
      );
      expect([...named].filter((name) => !served.has(name))).toEqual([]);
      // The scrape config's port is the Docker image's METRICS_PORT.
      expect(readFileSync(join(monitoring, 'prometheus.yml'), 'utf8')).toContain("targets: ['app:9464']");
      expect(readFileSync(join(monitoring, '..', 'Dockerfile'), 'utf8')).toMatch(/METRICS_PORT=9464/);
    });

    it('reports ledger batches and the job queue', async () => {
      const from = await approvedCustomer(t.app, { funded: '100.00' });
      const to = await approvedCustomer(t.app, { staff: from.staff });
      const transfers = await Promise.all(
        [1, 2, 3].map(() =>
          fetch(`${base}/v1/transfer/same`, {
            method: 'POST',
            headers: { ...from.session.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({ recipientAccountNumber: to.accountNumber, amount: '1.00', pin: '2468' }),
          }),
        ),
      );
      expect(transfers.map((r) => r.status)).toEqual([201, 201, 201]);
      await t.app.db.query(`SELECT graphile_worker.add_job('metrics_probe', '{}'::json, run_at => now() - interval '5 minutes')`);

      const text = await (await fetch(metricsUrl)).text();
      expect(sample(text, 'strongroom_ledger_batch_journals_sum')).toBe(3);
      expect(sample(text, 'strongroom_ledger_batch_wait_seconds_count')).toBe(sample(text, 'strongroom_ledger_batch_journals_count'));
      expect(sample(text, 'strongroom_http_request_duration_seconds_count', { method: 'POST', route: '/v1/transfer/same', status_code: '201' })).toBe(3);
      const [{ queued, ready }] = await t.app.db.query(
        `SELECT count(*) FILTER (WHERE attempts < max_attempts)::int AS queued, count(*) FILTER (WHERE attempts < max_attempts AND run_at <= now() AND locked_at IS NULL)::int AS ready FROM graphile_worker._private_jobs`,
      );
      expect(ready).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'strongroom_jobs_queued')).toBe(queued);
      expect(sample(text, 'strongroom_jobs_ready')).toBe(ready);
      expect(sample(text, 'strongroom_jobs_oldest_ready_age_seconds')).toBeGreaterThanOrEqual(299);
      expect(sample(text, 'strongroom_jobs_scrape_error')).toBe(0);
      expect(sample(text, 'strongroom_jobs_failed')).toBe(0);
    });
  });
});
