import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Redis from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { DataSource } from 'typeorm';
import { UPLOAD_MAX_BYTES } from '@strongroom/shared';
import type { AppConfig } from './config/config';
import { createDataSource } from './db/data-source';
import { serializeRequest } from './common/log-serializers';
import dbPlugin from './plugins/db.plugin';
import errorsPlugin from './plugins/errors.plugin';
import authPlugin from './plugins/auth.plugin';
import backgroundPlugin from './plugins/background.plugin';
import mailPlugin from './plugins/mail.plugin';
import idempotencyPlugin from './plugins/idempotency.plugin';
import inputGuardPlugin from './plugins/input-guard.plugin';
import securityHeadersPlugin from './plugins/security-headers.plugin';
import authRoutes from './modules/auth/auth.routes';
import userRoutes from './modules/user/user.routes';
import adminRoutes from './modules/admin/admin.routes';
import transferRoutes from './modules/transfers/transfers.routes';
import transactionRoutes from './modules/transactions/transactions.routes';
import dashboardRoutes from './modules/dashboard/dashboard.routes';
import cryptoRoutes from './modules/crypto/crypto.routes';
import filesRoutes from './modules/files/files.routes';

/** Log paths that must never reach a log line (secrets, codes, identity numbers, cookies). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.transactionPin',
  '*.pin',
  '*.code',
  '*.token',
  '*.ssn',
  '*.csrfToken',
  // Request bodies logged by a handler sit one level deeper (e.g. { body: { password } }).
  '*.*.password',
  '*.*.newPassword',
  '*.*.currentPassword',
  '*.*.transactionPin',
  '*.*.pin',
  '*.*.code',
  '*.*.token',
  '*.*.ssn',
];

export interface BuildOptions {
  dataSource?: DataSource;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
}

const REPO_ROOT = resolve(__dirname, '..', '..');

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { req: serializeRequest as never }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });

  let dataSource = opts.dataSource;
  const ownsDataSource = !dataSource;
  if (!dataSource) {
    if (!config.databaseUrl) throw new Error('buildApp needs config.databaseUrl or a dataSource');
    dataSource = createDataSource(config.databaseUrl, { poolSize: config.dbPoolSize });
  }
  if (!dataSource.isInitialized) await dataSource.initialize();

  await app.register(dbPlugin, { config, dataSource, ownsDataSource });
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(inputGuardPlugin);
  // With REDIS_URL the rate-limit counters are shared by every server process (scale-out); else in memory.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'strongroom-rl:', skipOnError: false } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, success: false, error: `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.` }),
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 40, fieldSize: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Strongroom API', version: '1.0.0', description: 'Retail banking API. Money is a decimal string with two decimals; errors are { success:false, error, errors? }.' },
      components: { securitySchemes: { cookie: { type: 'apiKey', in: 'cookie', name: 'sr_session' }, bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  // The API's map is for developers: in production only when the operator asks (DOCS=1).
  if (config.docsEnabled) await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(backgroundPlugin);
  await app.register(idempotencyPlugin);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true, status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { success: true, status: 'ready' };
    } catch {
      return reply.status(503).send({ success: false, error: 'database unavailable' });
    }
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(adminRoutes);
      await api.register(transferRoutes);
      await api.register(transactionRoutes);
      await api.register(dashboardRoutes);
      await api.register(cryptoRoutes);
      await api.register(filesRoutes);
    },
    { prefix: '/v1' },
  );

  registerFrontEnds(app, config.serveStatic);
  return app;
}

/** The customer app at /, the console at /admin/, each with its SPA fallback; API 404s stay JSON. */
function registerFrontEnds(app: FastifyInstance, enabled: boolean) {
  const customerDist = join(REPO_ROOT, 'customer-web', 'dist');
  const adminDist = join(REPO_ROOT, 'admin-console', 'dist');
  const hasCustomer = enabled && existsSync(join(customerDist, 'index.html'));
  const hasAdmin = enabled && existsSync(join(adminDist, 'index.html'));
  if (hasCustomer) app.register(fastifyStatic, { root: customerDist, prefix: '/', wildcard: false, index: false, decorateReply: true });
  if (hasAdmin) app.register(fastifyStatic, { root: adminDist, prefix: '/admin/', wildcard: false, index: false, decorateReply: false });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url.startsWith('/v1/') || url === '/v1' || url.startsWith('/docs');
    if (request.method !== 'GET' || isApi || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).send({ success: false, error: 'Not found' });
    }
    if (url === '/admin' || url.startsWith('/admin/')) {
      return hasAdmin ? reply.type('text/html').sendFile('index.html', adminDist) : reply.status(404).send({ success: false, error: 'The console is not built. Run npm run build.' });
    }
    return hasCustomer ? reply.type('text/html').sendFile('index.html', customerDist) : reply.status(404).send({ success: false, error: 'The web app is not built. Run npm run build.' });
  });
}
