import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { sha256Hex } from '../common/crypto';
import { rows } from '../common/sql';
import { withTransaction } from '../db/transaction';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  /** Side effects (mail) to run once, after the commit; never on a replay. */
  after?: () => Promise<void>;
}

/** An in-progress claim older than this belongs to a transaction that died: its work did not commit. */
const STALE_CLAIM_SECONDS = 60;

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/**
 * Idempotency-Key for money-moving POSTs: the first request with a key does the work, and marks the key
 * done in the SAME transaction as the money movement, so "done" and "booked" commit together.
 * Same key + same body later: the first answer. Same key + other body: 422. Still running: 409.
 */
export class Idempotency {
  constructor(private readonly app: FastifyInstance) {}

  async run<T>(request: FastifyRequest, scope: string, fn: (m: EntityManager) => Promise<IdempotentResult<T>>): Promise<{ status: number; body: T }> {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return this.execute(fn);
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!/^[A-Za-z0-9_.:-]{8,200}$/.test(key)) {
      throw new AppError(400, 'Idempotency-Key must be 8 to 200 letters, digits or -_.:');
    }
    const hash = sha256Hex(`${request.method} ${request.routeOptions.url} ${stableStringify(request.body ?? null)}`);
    const claimed = await rows(
      this.app.db,
      `INSERT INTO idempotency_keys (scope, key, request_hash, status) VALUES ($1, $2, $3, 'in_progress')
       ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = now()
         WHERE idempotency_keys.status = 'in_progress' AND idempotency_keys.created_at < now() - make_interval(secs => $4)
       RETURNING 1`,
      [scope, key, hash, STALE_CLAIM_SECONDS],
    );
    if (claimed.length === 0) {
      const [existing] = await rows<{ request_hash: string; status: string; response_status: number; response_body: T }>(
        this.app.db,
        `SELECT request_hash, status, response_status, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
        [scope, key],
      );
      if (!existing) throw new AppError(409, 'A request with this Idempotency-Key is still in progress. Retry shortly.');
      if (existing.request_hash !== hash) throw new AppError(422, 'This Idempotency-Key was already used for a different request');
      if (existing.status !== 'done') throw new AppError(409, 'A request with this Idempotency-Key is still in progress. Retry shortly.');
      return { status: existing.response_status, body: existing.response_body };
    }
    try {
      return await this.execute(fn, async (m, result) => {
        await m.query(`UPDATE idempotency_keys SET status = 'done', response_status = $3, response_body = $4 WHERE scope = $1 AND key = $2`, [
          scope,
          key,
          result.status,
          JSON.stringify(result.body),
        ]);
      });
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500 && err.statusCode !== 409) {
        // A refusal is an answer too: the same request will be refused the same way.
        const body = { success: false, error: err.message, ...(err.errors ? { errors: err.errors } : {}) };
        await this.app.db.query(`UPDATE idempotency_keys SET status = 'done', response_status = $3, response_body = $4 WHERE scope = $1 AND key = $2`, [scope, key, err.statusCode, JSON.stringify(body)]);
      } else {
        await this.app.db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status = 'in_progress'`, [scope, key]);
      }
      throw err;
    }
  }

  private async execute<T>(
    fn: (m: EntityManager) => Promise<IdempotentResult<T>>,
    finish?: (m: EntityManager, r: IdempotentResult<T>) => Promise<void>,
  ): Promise<{ status: number; body: T }> {
    const result = await withTransaction(this.app.db, async (m) => {
      const r = await fn(m);
      if (finish) await finish(m, r);
      return r;
    });
    if (result.after) {
      await result.after().catch((err) => this.app.log.error({ err: (err as Error).message }, 'post-commit side effect failed'));
    }
    return { status: result.status, body: result.body };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: Idempotency;
  }
}

export default fp(async function idempotencyPlugin(app: FastifyInstance) {
  app.decorate('idempotency', new Idempotency(app));
});
