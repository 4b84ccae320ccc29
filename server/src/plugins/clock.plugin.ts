import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * The time every rule reads (due dates, scheduled transfers, collections). Real time in production; tests move
 * it with `set` to see tomorrow's collections today, without sleeping or faking timers.
 */
export class Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Freezes the clock at `date` (null returns to real time). */
  set(date: Date | null): void {
    this.fixed = date ? new Date(date) : null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export default fp(async function clockPlugin(app: FastifyInstance) {
  app.decorate('clock', new Clock());
});
