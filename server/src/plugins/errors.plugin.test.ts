import Fastify from 'fastify';
import errorsPlugin from './errors.plugin';
import { busy, conflict } from '../common/app-error';

describe('errors plugin', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.get('/busy', async () => {
      throw busy('Busy just now. Please try again in a minute.', 30);
    });
    app.get('/conflict', async () => {
      throw conflict('Already done');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a busy refusal with 503, the JSON error and when to try again', async () => {
    const res = await app.inject({ method: 'GET', url: '/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ success: false, error: 'Busy just now. Please try again in a minute.' });
  });

  it('sends no Retry-After with other refusals', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toEqual({ success: false, error: 'Already done' });
  });
});
