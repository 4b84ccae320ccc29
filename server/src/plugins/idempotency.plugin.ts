import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { hmacHex, sha256Hex } from '../common/crypto';
import { rows } from '../common/sql';
import { withTransaction } from '../db/transaction';
import { IdempotencyKeyUsed } from '../modules/ledger/ledger.service';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  /** Side effects (mail) to run once, after the commit and the answer (app.background); never on a replay. */
  after?: () => Promise<void>;
}

/** An in-progress claim older than this belongs to a transaction that died: its work did not commit. */
const STALE_CLAIM_SECONDS = 60;

/** A refusal is an answer too: the same request will be refused the same way. */
function refusalAnswer(err: unknown): { status: number; body: unknown } | undefined {
  if (!(err instanceof AppError) || err.statusCode >= 500 || err.statusCode === 409) return undefined;
  return { status: err.statusCode, body: { success: false, error: err.message, ...(err.errors ? { errors: err.errors } : {}) } };
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  return `{${Object.keys(value as object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/**
 * Idempotency-Key for money-moving POSTs: the first request with a key does the work, and marks the key
 * done in the SAME transaction as the money movement, so "done" and "booked" commit together.
 * Same key + same body later: the first answer. Same key + other body: 422. Still running: 409.
 */
export class Idempotency {
  constructor(private readonly app: FastifyInstance) {}

  async run<T>(request: FastifyRequest, callerScope: string, fn: (m: EntityManager) => Promise<IdempotentResult<T>>): Promise<{ status: number; body: T }> {
    const scope = this.scopeOf(request, callerScope);
    const claim = await this.claim<T>(request, scope);
    if (claim.kind === 'none') return this.execute(fn);
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body as T };
    return this.settle(scope, claim.key, () =>
      this.execute(fn, async (m, result) => {
        await m.query(`UPDATE idempotency_keys SET status = 'done', response_status = $3, response_body = $4 WHERE scope = $1 AND key = $2`, [
          scope,
          claim.key,
          result.status,
          JSON.stringify(result.body),
        ]);
      }),
    );
  }

  /**
   * For handlers whose whole effect is one database statement: `fn` hands the key to that statement
   * (postJournal's `idempotency`, booked by post_journals), which claims it and marks it done in the same transaction as the
   * money, saving a write and a round trip. A key seen before comes back as IdempotencyKeyUsed and is
   * answered from what was recorded; a replay of a success is rebuilt from its reference.
   */
  async runInStatement<T>(
    request: FastifyRequest,
    callerScope: string,
    fn: (key: { scope: string; key: string; hash: string } | null) => Promise<IdempotentResult<T>>,
    replay: (ref: string) => Promise<{ status: number; body: T }>,
  ): Promise<{ status: number; body: T }> {
    // fn's booking statement retries its own deadlocks; nothing else in it can meet one.
    const once = async (k: { scope: string; key: string; hash: string } | null) => this.answer(await fn(k));
    const key = this.keyOf(request);
    if (key === undefined) return once(null);
    const scope = this.scopeOf(request, callerScope);
    const hash = this.hashOf(request);
    // A used key is answered (or refused, for another body) before `fn` judges anything, the PIN included:
    // a key must never become a way to try PINs, counted or not.
    const earlier = await this.recordedIfAny<T>(scope, key, hash);
    if (earlier) return earlier.ref && earlier.body === null ? replay(earlier.ref) : { status: earlier.status, body: earlier.body as T };
    for (let attempt = 1; ; attempt++) {
      try {
        return await once({ scope, key, hash });
      } catch (err) {
        if (err instanceof IdempotencyKeyUsed) {
          const seen = await this.recorded<T>(scope, key, hash);
          if (seen.kind === 'stale' && attempt === 1) continue;
          if (seen.kind !== 'replay') throw new AppError(409, 'A request with this Idempotency-Key is still in progress. Retry shortly.');
          return seen.ref && seen.body === null ? replay(seen.ref) : { status: seen.status, body: seen.body as T };
        }
        const refusal = refusalAnswer(err);
        if (refusal) {
          await this.app.db.query(
            `INSERT INTO idempotency_keys (scope, key, request_hash, status, response_status, response_body) VALUES ($1, $2, $3, 'done', $4, $5) ON CONFLICT (scope, key) DO NOTHING`,
            [scope, key, hash, refusal.status, JSON.stringify(refusal.body)],
          );
        }
        throw err;
      }
    }
  }

  private keyOf(request: FastifyRequest): string | undefined {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return undefined;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!/^[A-Za-z0-9_.:-]{8,200}$/.test(key)) {
      throw new AppError(400, 'Idempotency-Key must be 8 to 200 letters, digits or -_.:');
    }
    return key;
  }

  /**
   * The request a key stands for, as an HMAC under a server key: the body holds the PIN, and an unkeyed
   * hash of four digits and a known payee is reversed by trying all ten thousand.
   */
  private hashOf(request: FastifyRequest): string {
    return hmacHex(this.app.config.keys.idempotency, `${request.method} ${request.routeOptions.url} ${stableStringify(request.params ?? null)} ${stableStringify(request.body ?? null)}`);
  }

  /**
   * A key belongs to the caller's scope and to the ids in the URL: one key sent to approve X and then Y
   * is two requests, never Y answered with X's result. (Hashed to fit the scope column.)
   */
  private scopeOf(request: FastifyRequest, callerScope: string): string {
    const params = request.params as Record<string, unknown> | undefined;
    if (!params || Object.keys(params).length === 0) return callerScope;
    return `${callerScope}@${sha256Hex(stableStringify(params)).slice(0, 24)}`;
  }

  /** A finished key's answer; a different request under the key is refused (422); a key in flight is a 409. */
  private async recordedIfAny<T>(scope: string, key: string, hash: string): Promise<{ status: number; body: T | null; ref: string | null } | undefined> {
    const seen = await this.recorded<T>(scope, key, hash);
    if (seen.kind === 'replay') return seen;
    if (seen.kind === 'in_progress') throw new AppError(409, 'A request with this Idempotency-Key is still in progress. Retry shortly.');
    return undefined;
  }

  /** What a used key answered; a claim left behind by a crashed request is removed ('stale'). */
  private async recorded<T>(scope: string, key: string, hash: string): Promise<{ kind: 'replay'; status: number; body: T | null; ref: string | null } | { kind: 'in_progress' | 'stale' }> {
    const [existing] = await rows<{ request_hash: string; status: string; response_status: number; response_body: T | null; response_ref: string | null; stale: boolean }>(
      this.app.db,
      `SELECT request_hash, status, response_status, response_body, response_ref, created_at < now() - make_interval(secs => $3) AS stale FROM idempotency_keys WHERE scope = $1 AND key = $2`,
      [scope, key, STALE_CLAIM_SECONDS],
    );
    if (!existing) return { kind: 'stale' };
    if (existing.request_hash !== hash) throw new AppError(422, 'This Idempotency-Key was already used for a different request');
    if (existing.status === 'done') return { kind: 'replay', status: existing.response_status, body: existing.response_body, ref: existing.response_ref };
    if (!existing.stale) return { kind: 'in_progress' };
    await this.app.db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status = 'in_progress'`, [scope, key]);
    return { kind: 'stale' };
  }

  private async claim<T>(
    request: FastifyRequest,
    scope: string,
  ): Promise<{ kind: 'none' } | { kind: 'claimed'; key: string } | { kind: 'replay'; status: number; body: T | null; ref: string | null }> {
    const key = this.keyOf(request);
    if (key === undefined) return { kind: 'none' };
    const hash = this.hashOf(request);
    const claimed = await rows(
      this.app.db,
      `INSERT INTO idempotency_keys (scope, key, request_hash, status) VALUES ($1, $2, $3, 'in_progress')
       ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = now()
         WHERE idempotency_keys.status = 'in_progress' AND idempotency_keys.created_at < now() - make_interval(secs => $4)
       RETURNING 1`,
      [scope, key, hash, STALE_CLAIM_SECONDS],
    );
    if (claimed.length > 0) return { kind: 'claimed', key };
    const seen = await this.recorded<T>(scope, key, hash);
    if (seen.kind !== 'replay') throw new AppError(409, 'A request with this Idempotency-Key is still in progress. Retry shortly.');
    return seen;
  }

  /** Runs the claimed work; a refusal is recorded as the key's answer, anything else frees the key. */
  private async settle<T>(scope: string, key: string, work: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body: T }> {
    try {
      return await work();
    } catch (err) {
      const refusal = refusalAnswer(err);
      if (refusal) {
        await this.app.db.query(`UPDATE idempotency_keys SET status = 'done', response_status = $3, response_body = $4 WHERE scope = $1 AND key = $2`, [
          scope,
          key,
          refusal.status,
          JSON.stringify(refusal.body),
        ]);
      } else {
        await this.app.db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status = 'in_progress'`, [scope, key]);
      }
      throw err;
    }
  }

  private async execute<T>(fn: (m: EntityManager) => Promise<IdempotentResult<T>>, finish?: (m: EntityManager, r: IdempotentResult<T>) => Promise<void>): Promise<{ status: number; body: T }> {
    const result = await withTransaction(this.app.db, async (m) => {
      const r = await fn(m);
      if (finish) await finish(m, r);
      return r;
    });
    return this.answer(result);
  }

  /** Starts the committed work's side effects (once, never on a replay) and returns its answer without waiting for them. */
  private answer<T>(result: IdempotentResult<T>): { status: number; body: T } {
    if (result.after) this.app.background.run('post-commit side effect', result.after);
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
