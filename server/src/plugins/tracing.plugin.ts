import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Request traces over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations/metrics.md): a span per
 * request and per hook and handler, from @fastify/otel, Fastify's own OpenTelemetry instrumentation. The SDK is
 * loaded only then, so a server without it carries none of it. The trace SDK 2.x and OTLP exporter 0.2xx lines are
 * the ones that run on Node 20 as on Node 24 (the newest exporter needs Node 22.15).
 * Registered before any route, so that every route is instrumented.
 */
export default fp(async function tracingPlugin(app: FastifyInstance) {
  const endpoint = app.config.otelEndpoint;
  if (!endpoint) return;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is asked for */
  const { NodeTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { defaultResource, resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');
  /* eslint-enable @typescript-eslint/no-require-imports */
  // OTLP/HTTP's rule for the base endpoint: traces go to its /v1/traces. Headers (OTEL_EXPORTER_OTLP_HEADERS) come from the environment.
  const url = `${endpoint.replace(/\/+$/, '')}/v1/traces`;
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'strongroom' })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({ ignorePaths: (options) => options.url === '/healthz' || options.url === '/readyz' });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  app.addHook('onClose', async () => {
    await provider.shutdown().catch((err: Error) => app.log.warn({ err }, 'traces not all sent'));
  });
  app.log.info(`traces to ${url}`);
});
