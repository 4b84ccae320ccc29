import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { RawHttpPool } from './raw-http';

/** A raw TCP server: `answer` gets each request's text (once its body is in) and the socket to answer on. */
async function rawServer(answer: (request: string, socket: Socket) => void) {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (text.length < end + 4 + length) return;
      const request = text.slice(0, end + 4 + length);
      text = text.slice(request.length);
      answer(request, socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { url, connections: () => connections, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Writes `text` a byte at a time, as a slow network might deliver it. */
async function trickle(socket: Socket, text: string) {
  for (const byte of Buffer.from(text)) {
    socket.write(Buffer.from([byte]));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Runs `use` with a pool to a raw server answering with `answer`, and closes both whatever happens. */
async function withPool(answer: (request: string, socket: Socket) => void, use: (pool: RawHttpPool, server: Awaited<ReturnType<typeof rawServer>>) => Promise<void>) {
  const server = await rawServer(answer);
  const pool = new RawHttpPool(server.url);
  try {
    await use(pool, server);
  } finally {
    pool.close();
    await server.close();
  }
}

describe('RawHttpPool', () => {
  it('sends the method, path, headers and body, reads answers that arrive a byte at a time, and keeps one connection for requests in turn', async () => {
    const seen: string[] = [];
    await withPool(
      (request, socket) => {
        seen.push(request);
        const body = '{"success":true}';
        void trickle(socket, `HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      },
      async (pool, server) => {
        // More requests than an emitter's default listener limit (10): each removes the listeners it added.
        for (let n = 0; n < 12; n++) expect(await pool.request('POST', '/v1/transfer/same', { 'idempotency-key': `k${n}` }, `{"n":${n}}`)).toBe(201);
        expect(server.connections()).toBe(1);
        const [socket] = pool.idleSockets();
        expect(['data', 'close', 'timeout'].map((event) => socket.listenerCount(event))).toEqual([0, 0, 0]);
        expect(seen[3]).toMatch(/^POST \/v1\/transfer\/same HTTP\/1\.1\r\n/);
        expect(seen[3]).toContain('\r\nidempotency-key: k3\r\n');
        expect(seen[3]).toContain('\r\ncontent-length: 7\r\n');
        expect(seen[3].endsWith('\r\n\r\n{"n":3}')).toBe(true);
      },
    );
  });

  it('reads a chunked answer to its last chunk', async () => {
    await withPool(
      (_request, socket) => void trickle(socket, 'HTTP/1.1 422 Unprocessable Entity\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'),
      async (pool, server) => {
        expect(await pool.request('POST', '/', {}, '{}')).toBe(422);
        expect(await pool.request('POST', '/', {}, '{}')).toBe(422);
        expect(server.connections()).toBe(1);
      },
    );
  });

  it('fails a request whose connection closes before its answer, and opens a new connection for the next', async () => {
    let requests = 0;
    await withPool(
      (_request, socket) => {
        requests += 1;
        if (requests === 1) socket.destroy();
        else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}');
      },
      async (pool, server) => {
        await expect(pool.request('POST', '/', {}, '{}')).rejects.toThrow('connection closed');
        expect(await pool.request('POST', '/', {}, '{}')).toBe(200);
        expect(server.connections()).toBe(2);
      },
    );
  });

  it('fails an answer that is not HTTP with a length', async () => {
    await withPool(
      (_request, socket) => socket.write('HTTP/1.1 200 OK\r\nConnection: keep-alive\r\n\r\n'),
      async (pool) => {
        await expect(pool.request('POST', '/', {}, '{}')).rejects.toThrow('unexpected answer: HTTP/1.1 200 OK');
      },
    );
  });
});
