import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Work a request starts but does not wait for: it runs after the answer is sent, so the answer's timing
 * cannot tell what the work found (a password reset for an e-mail that exists costs a database write and
 * a mail; one for an e-mail that does not costs nothing). Failures are logged; closing the server waits
 * for work in flight.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly app: FastifyInstance) {}

  run(what: string, work: () => Promise<unknown>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => this.app.log.error({ err: (err as Error)?.message ?? String(err) }, `${what} failed`),
      )
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves when nothing started so far is still running. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork;
  }
}

export default fp(async function backgroundPlugin(app: FastifyInstance) {
  const background = new BackgroundWork(app);
  app.decorate('background', background);
  app.addHook('onClose', () => background.idle());
});
