import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { DEMO_CUSTOMER } from '../../src/seed/seed';

export interface HeldRequest {
  /** Sends the rest of the body: the server now runs the route (its queries included). */
  finish(): void;
  /** The status line and body the server answered, once it has closed the connection. */
  answer: Promise<{ status: number; body: string }>;
}

/**
 * The demo customer's sign-in, with its body held back: a request in flight, as a slow client makes one, for as long
 * as the caller likes. It resolves once the server has taken the request in: the client asks `Expect: 100-continue`,
 * and Node answers "100 Continue" as it hands the request to Fastify, which routes it there and then. (A request
 * routed after close() began would get Fastify's 503 instead.) The route needs the database once its body is whole.
 */
export async function heldSignIn(port: number): Promise<HeldRequest> {
  const body = JSON.stringify({ accountNumber: DEMO_CUSTOMER.accountNumber, password: DEMO_CUSTOMER.password });
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let taken: () => void = () => undefined;
  const requestTaken = new Promise<void>((resolve) => (taken = resolve));
  socket.on('data', (chunk) => {
    received += String(chunk);
    if (received.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) taken();
  });
  const answer = new Promise<{ status: number; body: string }>((resolve) =>
    socket.once('close', () => {
      taken();
      const final = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(final)?.[1] ?? 0);
      resolve({ status, body: final.slice(final.indexOf('\r\n\r\n') + 4) });
    }),
  );
  socket.on('error', () => undefined);
  socket.write(
    `POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` + 'Expect: 100-continue\r\nConnection: close\r\n\r\n',
  );
  await requestTaken;
  return { finish: () => socket.write(body), answer };
}

/**
 * SIGTERM to a running server while the demo customer's sign-in is in flight; its body is finished half a second after
 * the signal. Resolves with the answer the server still gave and the code it exited with.
 */
export async function stopWithSignInInFlight(server: ChildProcess, port: number): Promise<{ answer: { status: number; body: string }; exitCode: number | null }> {
  const held = await heldSignIn(port);
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  held.finish();
  const answer = await held.answer;
  const [exitCode] = (await exited) as [number | null];
  return { answer, exitCode };
}

/** The lines a server logged at level error or fatal (pino's 50 and 60). */
export const errorLines = (output: string): string[] => output.split('\n').filter((line) => /"level":(50|60)/.test(line));
