import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { REDACT_PATHS } from '../app';
import { requestLoggerFactory } from './request-logger';

/** A Fastify app logging to memory at `level` with the server's redaction, counting the children its root logger makes. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, stream }, childLoggerFactory: requestLoggerFactory });
  const root = app.log as FastifyBaseLogger;
  const children = { made: 0 };
  const child = root.child.bind(root);
  root.child = (...args: Parameters<FastifyBaseLogger['child']>) => {
    children.made += 1;
    return child(...args);
  };
  app.get('/quiet', async (request) => {
    request.log.info('not written at warn');
    request.log.debug({ detail: 1 }, 'nor this');
    return { ok: true };
  });
  app.post('/loud', async (request) => {
    request.log.warn({ body: request.body }, 'a warning');
    request.log.error('an error');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, children };
}

describe('requestLoggerFactory', () => {
  it('makes no child logger for a request that writes no line', async () => {
    const { app, lines, children } = await appLoggingAt('warn');
    const res = await app.inject({ method: 'GET', url: '/quiet' });
    expect(res.statusCode).toBe(200);
    expect(children.made).toBe(0);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes a request line with its id and the redaction, through one child made on the first line', async () => {
    const { app, lines, children } = await appLoggingAt('warn');
    await app.inject({ method: 'POST', url: '/loud', payload: { password: 'hunter2', pin: '1234', amount: '5.00' } });
    expect(children.made).toBe(1);
    const [warning, error] = lines;
    expect(warning).toMatchObject({ msg: 'a warning', body: { password: '[redacted]', pin: '[redacted]', amount: '5.00' } });
    expect(typeof warning.reqId).toBe('string');
    expect(error).toMatchObject({ msg: 'an error', reqId: warning.reqId });
    expect(JSON.stringify(lines)).not.toContain('hunter2');
    await app.close();
  });

  it("keeps Fastify's own request lines at info, each with the request's id", async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    const incoming = lines.find((line) => line.msg === 'incoming request');
    const completed = lines.find((line) => line.msg === 'request completed');
    const own = lines.find((line) => line.msg === 'not written at warn');
    expect(incoming?.reqId).toBeDefined();
    expect(completed?.reqId).toBe(incoming?.reqId);
    expect(own?.reqId).toBe(incoming?.reqId);
    expect(lines.find((line) => line.msg === 'nor this')).toBeUndefined();
    await app.close();
  });
});
