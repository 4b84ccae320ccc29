import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { latencyFigures, steadyRate } from './steady-rate';
import { RawHttpPool } from './raw-http';

describe('steadyRate', () => {
  let server: Server;
  let url: URL;
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        const { refuse, delayMs } = JSON.parse(body);
        setTimeout(() => {
          res.writeHead(refuse === true ? 500 : 201, { 'content-type': 'application/json' });
          res.end('{"success":true}');
        }, delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/transfer/same`);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends rate x duration requests with their bodies and counts 2xx answers as ok, others as failed', async () => {
    bodies.length = 0;
    let sent = 0;
    const result = await steadyRate(url, 100, 0.5, () => {
      sent += 1;
      return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ n: sent, refuse: sent % 10 === 0 }) };
    });

    expect(sent).toBe(50);
    expect(bodies).toHaveLength(50);
    expect(new Set(bodies.map((body) => JSON.parse(body).n)).size).toBe(50);
    expect(result.ok).toBe(45);
    expect(result.failed).toBe(5);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it("gives each window's p99 by when its requests were due, so a stall shows in the window it fell in", async () => {
    let sent = 0;
    // 40 requests over a second in windows of a quarter: the second window's ten are answered 400 ms late.
    const result = await steadyRate(
      url,
      40,
      1,
      () => {
        sent += 1;
        return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ delayMs: sent > 10 && sent <= 20 ? 400 : 0 }) };
      },
      { windowS: 0.25 },
    );

    expect(result.windowP99s).toHaveLength(4);
    expect(result.windowP99s[1]).toBeGreaterThanOrEqual(400);
    expect(Math.max(...result.windowP99s)).toBe(result.windowP99s[1]);
    expect(result.p99).toBe(Math.max(...result.windowP99s));
  });

  it("sends a later run on a warm-up's connections when given its pool, opening none, and leaves them open", async () => {
    let connections = 0;
    const counted = () => (connections += 1);
    server.on('connection', counted);
    const pool = new RawHttpPool(url);
    // One request every 200 ms, each answered at once: one connection carries them all, whatever the machine's load.
    const body = () => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ delayMs: 0 }) });
    try {
      await steadyRate(url, 5, 0.6, body, { pool });
      const openedByWarmUp = connections;
      expect(openedByWarmUp).toBeGreaterThan(0);
      const measured = await steadyRate(url, 5, 0.6, body, { pool });
      expect(measured.ok).toBe(3);
      expect(connections).toBe(openedByWarmUp);
      expect(pool.idleSockets().length).toBe(openedByWarmUp);
    } finally {
      pool.close();
      server.off('connection', counted);
    }
  });

  it('counts a request that gets no answer as failed instead of waiting for ever', async () => {
    const closed = new URL(url);
    closed.port = '1'; // nothing listens there
    const result = await steadyRate(closed, 20, 0.2, () => ({ headers: {}, payload: '{}' }));

    expect(result.ok).toBe(0);
    expect(result.failed).toBe(4);
  });
});

describe('latencyFigures', () => {
  it("gives the whole run's p50 and p99 and each window's p99", () => {
    const oneToHundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    const figures = latencyFigures([oneToHundred, [7, 3, 5]]);
    // 103 latencies: the p50 is the 52nd smallest, the p99 the 102nd.
    expect(figures.p50).toBe(49);
    expect(figures.p99).toBe(99);
    expect(figures.windowP99s).toEqual([100, 7]);
  });

  it('gives no p99 for a window nothing was due in', () => {
    const sparse: number[][] = [];
    sparse[1] = [4];
    expect(latencyFigures(sparse).windowP99s).toEqual([4]);
  });
});
