import { createServer, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serverEnv, spawnServer, waitReady } from '../../../tools/src/bench/server-process';
import { freePort } from '../../src/db/embedded-postgres';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { createTestApp } from '../helpers/test-app';

/** A stand-in OpenTelemetry collector on loopback: it keeps what is posted to it. */
async function collector() {
  const received: { path: string; body: string }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { received, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(done)) };
}

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('loads no OpenTelemetry code without the setting', async () => {
    const t = await createTestApp();
    try {
      expect(t.config.otelEndpoint).toBeUndefined();
      expect(Object.keys(require.cache).filter((path) => path.includes('@opentelemetry/sdk-trace') || path.includes('@fastify/otel'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  describe('a server with the setting', () => {
    let db: TestDatabase;
    let dataDir: string;
    beforeAll(async () => {
      db = await createTestDatabase();
      dataDir = mkdtempSync(join(tmpdir(), 'strongroom-tracing-'));
    });
    afterAll(async () => {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('sends the spans of each request, named by its route pattern, to the collector over OTLP/HTTP', async () => {
      const otlp = await collector();
      const port = await freePort();
      const env = serverEnv({
        databaseUrl: db.url,
        port,
        dataDir,
        sessionSecret: randomBytes(32).toString('hex'),
        encryptionKeyHex: randomBytes(32).toString('hex'),
        extra: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint, OTEL_SERVICE_NAME: 'strongroom-under-test', JOBS_WORKER: '0' },
      });
      const child = spawnServer(env, [], 'pipe');
      try {
        expect(await waitReady(`http://127.0.0.1:${port}`, 60_000)).toBe(true);
        const id = randomUUID();
        expect((await fetch(`http://127.0.0.1:${port}/v1/files/${id}`)).status).toBe(401);
      } finally {
        // The server sends the spans still batched as it shuts down.
        child.kill('SIGTERM');
        await once(child, 'exit');
        await otlp.close();
      }
      const traces = otlp.received.filter((post) => post.path === '/v1/traces');
      expect(traces.length).toBeGreaterThanOrEqual(1);
      const body = traces.map((post) => post.body).join('\n');
      expect(body).toContain('"stringValue":"strongroom-under-test"');
      expect(body).toContain('"key":"http.route","value":{"stringValue":"/v1/files/:id"}');
      // The readiness probes are left out.
      expect(body).not.toContain('/readyz');
    }, 90_000);
  });
});
