import 'reflect-metadata';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Redis from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { DataSource } from 'typeorm';
import { UPLOAD_MAX_BYTES } from '@strongroom/shared';
import type { AppConfig } from './config/config';
import { createDataSource } from './db/data-source';
import dbPlugin from './plugins/db.plugin';
import errorsPlugin from './plugins/errors.plugin';
import jsonBodyPlugin from './plugins/json-body.plugin';
import authPlugin from './plugins/auth.plugin';
import backgroundPlugin from './plugins/background.plugin';
import mailPlugin from './plugins/mail.plugin';
import idempotencyPlugin from './plugins/idempotency.plugin';
import clockPlugin from './plugins/clock.plugin';
import jobsPlugin from './plugins/jobs.plugin';
import metricsPlugin from './plugins/metrics.plugin';
import tracingPlugin from './plugins/tracing.plugin';
import { reviewQueuesPlugin, reviewRoutes } from './modules/review';
import { defineMailJobs } from './modules/mail';
import { errorResponse, okResponse, responses, yupValidatorCompiler } from './common/route-schemas';
import { API_TAGS, contractTransform, securitySchemes, serversFor } from './common/openapi-contract';
import type { YupTypeProvider } from './common/type-provider';
import { isPrimaryDatabase } from './common/readiness.queries';
import { registerFrontEnds, type FrontEndOptions } from './plugins/front-ends.plugin';
import { authRoutes, securityRoutes, passkeysRoutes as passkeyRoutes } from './modules/auth';
import { userRoutes } from './modules/user';
import { adminRoutes } from './modules/admin';
import { transfersRoutes as transferRoutes } from './modules/transfers';
import { setUpStandingOrder, standingOrdersRoutes as standingOrderRoutes } from './modules/standing-orders';
import { transactionsRoutes as transactionRoutes } from './modules/transactions';
import { dashboardRoutes } from './modules/dashboard';
import { cryptoRoutes, cryptoOptionsAdminRoutes as cryptoOptionAdminRoutes } from './modules/crypto';
import { chequesRoutes as chequeRoutes } from './modules/cheques';
import { loansRoutes as loanRoutes } from './modules/loans';
import { depositsAdminRoutes, depositsRoutes, matureDeposit } from './modules/deposits';
import { cardsRoutes as cardRoutes } from './modules/cards';
import { freezeRoutes } from './modules/freeze';
import { fxAdminRoutes } from './modules/fx';
import { defineEndOfDayJobs, endOfDayAdminRoutes, type EndOfDayOptions } from './modules/interest';
import { productsAdminRoutes, productsRoutes } from './modules/products';
import { usePasswordScorerThread } from './common/password-scorer';
// Platform security (docs/security.md): headers and CORS, bad-text guard, URLs logged without secrets, files (sealed, audited).
import securityHeadersPlugin from './plugins/security-headers.plugin';
import inputGuardPlugin from './plugins/input-guard.plugin';
import { serializeRequest } from './common/log-serializers';
import { requestLoggerFactory } from './common/request-logger';
import { filesRoutes } from './modules/files';
import { holdersRoutes } from './modules/accounts';
import { accountInterestRoutes, accountsAdminRoutes, accountsRoutes } from './modules/accounts';

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
  // Card details (reveal answers, network requests): never in a log line.
  '*.cardNumber',
  '*.cvv',
  '*.*.cardNumber',
  '*.*.cvv',
];

export interface BuildOptions {
  dataSource?: DataSource;
  /**
   * Closing the app ends the given `dataSource` too, after every other onClose hook (the job worker holds a
   * connection until it stops) and once the requests still running have finished their queries. A DataSource the
   * app makes itself is always closed so.
   */
  closeDataSource?: boolean;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
  /** Where the built front ends are (default: customer-web/dist and admin-console/dist of this repository). */
  frontEnds?: Omit<FrontEndOptions, 'enabled'>;
  /** Told of every route as it is registered, with its declared schemas (the route-contracts test reads them). */
  onRoute?: (route: RouteOptions) => void;
  /** false: the routes and their contract without a database connection (the OpenAPI document, cli/openapi.cli.ts). */
  connect?: boolean;
}

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  usePasswordScorerThread();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: { req: serializeRequest as never }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // Each request's logger is made when it first writes a line (common/request-logger.ts says why).
    childLoggerFactory: requestLoggerFactory,
    // A hop count trusts that many proxies in front of us (how Fastify reads a number), never every entry.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // URLs the router refuses (an over-long parameter, a malformed escape) answer in the API's error shape too.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.status(tooLong ? 414 : 400).send({ success: false, error: tooLong ? 'The address is too long' : 'The address is not valid' });
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });

  let dataSource = opts.dataSource;
  const ownsDataSource = !dataSource || opts.closeDataSource === true;
  if (!dataSource) {
    if (!config.databaseUrl) throw new Error('buildApp needs config.databaseUrl or a dataSource');
    dataSource = createDataSource(config.databaseUrl, { poolSize: config.dbPoolSize });
  }
  if (!dataSource.isInitialized && opts.connect !== false) await dataSource.initialize();

  app.setValidatorCompiler(yupValidatorCompiler);
  // Guards run before a route's schema is checked: a caller who may not use a route learns nothing of its
  // contract (401/403 before any 400). Every preHandler here is such a guard (headers and cookies only).
  app.addHook('onRoute', (route) => {
    opts.onRoute?.(route);
    if (route.preHandler && !route.preValidation) {
      route.preValidation = route.preHandler;
      delete route.preHandler;
    }
  });
  await app.register(dbPlugin, { config, dataSource, ownsDataSource });
  // Before every route: each route's request metrics and traces are set up as it is added (docs/operations/metrics.md).
  await app.register(tracingPlugin);
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
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
      servers: serversFor(config),
      tags: API_TAGS,
      components: { securitySchemes: securitySchemes(config) },
    },
    // Each operation's security, operationId and refusals are derived in one place (common/openapi-contract.ts).
    transform: contractTransform,
  });
  // The API's map is for developers: in production only when the operator asks (DOCS=1).
  if (config.docsEnabled) await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(backgroundPlugin);
  await app.register(idempotencyPlugin);
  await app.register(clockPlugin);
  await app.register(jobsPlugin);
  await app.register(reviewQueuesPlugin);
  defineMailJobs(app);
  // The end of day (docs/operations/end-of-day.md) pays out matured term deposits through the deposits module.
  const endOfDay: EndOfDayOptions = { matureDeposit };
  defineEndOfDayJobs(app, endOfDay);

  const healthResponse = responses({ 200: okResponse({ status: { type: 'string' } }), 503: errorResponse });
  app.get('/healthz', { schema: { hide: true, response: healthResponse } }, async () => ({ success: true, status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: healthResponse } }, async (_req, reply) => {
    try {
      // Ready only with a primary behind DATABASE_URL: after a failover, a replica (or nothing) may answer there.
      if (!(await isPrimaryDatabase(app.db))) return reply.status(503).send({ success: false, error: 'no primary database' });
      return { success: true, status: 'ready' };
    } catch {
      return reply.status(503).send({ success: false, error: 'database unavailable' });
    }
  });

  await app.register(
    async (plain) => {
      // Handlers are typed by their routes' declared schemas (common/type-provider.ts).
      const api = plain.withTypeProvider<YupTypeProvider>();
      await api.register(authRoutes);
      await api.register(securityRoutes);
      await api.register(passkeyRoutes);
      await api.register(userRoutes);
      await api.register(holdersRoutes);
      await api.register(accountsRoutes);
      await api.register(accountInterestRoutes);
      await api.register(adminRoutes);
      await api.register(accountsAdminRoutes);
      await api.register(transferRoutes, { setUpStandingOrder });
      await api.register(standingOrderRoutes);
      await api.register(transactionRoutes);
      await api.register(dashboardRoutes);
      await api.register(cryptoRoutes);
      await api.register(cardRoutes);
      await api.register(freezeRoutes);
      await api.register(fxAdminRoutes);
      await api.register(endOfDayAdminRoutes, endOfDay);
      await api.register(productsRoutes);
      await api.register(productsAdminRoutes);
      await api.register(cryptoOptionAdminRoutes);
      await api.register(reviewRoutes);
      await api.register(chequeRoutes);
      await api.register(loanRoutes);
      await api.register(depositsRoutes);
      await api.register(depositsAdminRoutes);
      await api.register(filesRoutes);
    },
    { prefix: '/v1' },
  );

  registerFrontEnds(app, { enabled: config.serveStatic, ...opts.frontEnds });
  return app;
}
