import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { hmacHex, sha256Hex } from '../common/crypto';
import { Coalescer, byOrdinal } from '../common/coalescer';
import type { Queryable } from '../common/sql';
import { withTransaction } from '../db/transaction';
import { IdempotencyKeyUsed } from '../modules/ledger';
import { deleteStaleClaim, recordAnswer, recordedBatch, recordedIn, recordRefusal, tryKeyLock, type RecordedRow } from './idempotency.queries';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  /** Side effects (mail) to run once, after the commit and the answer (app.background); never on a replay. */
  after?: () => Promise<void>;
}

/**
 * The scope of a customer's Idempotency-Keys: one for every money-moving POST they make, so a key is theirs alone and
 * cannot replay another customer's answer. The bench books its history's keys here too (bench/history.ts).
 */
export const customerKeyScope = (customerId: string) => `customer:${customerId}`;

const inProgress = () => new AppError(409, 'A request with this Idempotency-Key is still in progress. Retry shortly.');

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

/**
 * An Idempotency-Key to read in another statement (the session check's), in the scope the verified
 * token's subject gives. `answer` hears what was recorded under it (null: nothing), once that statement has passed.
 */
export interface KeyRead {
  scope: string;
  key: string;
  answer: (recorded: Record<string, unknown> | null) => void;
}

/** What the session check read for a request's key (Idempotency.readBesideSession), for the scope the token claims. */
interface Prefetched {
  scope: string;
  key: string;
  recorded: RecordedRow<unknown> | undefined;
}

export class Idempotency {
  private readonly prefetched = new WeakMap<FastifyRequest, Prefetched>();

  /**
   * The "was this key used?" reads outside a transaction that were not made beside a session check (a re-read after
   * IdempotencyKeyUsed, a scope the check did not give), every one waiting at once in one prepared statement
   * (common/coalescer.ts).
   */
  private readonly lookups: Coalescer<{ scope: string; key: string }, RecordedRow<unknown>>;

  constructor(private readonly app: FastifyInstance) {
    this.lookups = new Coalescer<{ scope: string; key: string }, RecordedRow<unknown>>(async (keys) =>
      byOrdinal(
        keys.length,
        // A probe per key (a subquery per row): joined plainly, the generic plan of this prepared statement hashed the
        // whole, ever-growing table (1 ms a batch at a few thousand keys).
        await recordedBatch(this.app.db, keys),
      ).map((row) => row?.recorded ?? undefined),
    );
  }

  /**
   * The "was this key used?" read of runInStatement for `callerScope`, to be made in the session check's own statement
   * (SessionService.authenticateCustomer) instead of after it: one round trip and one statement less on every payment.
   * `callerScope` comes from the token's subject; the check answers only once it has found the session live, and
   * runInStatement uses the answer only for the same scope and reads again otherwise. A read, never a write: a refused
   * request has cost a lookup and learns nothing from it.
   */
  readBesideSession(request: FastifyRequest, callerScope: string): KeyRead | undefined {
    let key: string | undefined;
    try {
      key = this.keyOf(request);
    } catch {
      return undefined; // A malformed key is refused by runInStatement, after the session check, as before.
    }
    if (key === undefined) return undefined;
    const scope = this.scopeOf(request, callerScope);
    // Never answered when the check fails: the request ends there.
    return { scope, key, answer: (recorded) => this.prefetched.set(request, { scope, key, recorded: (recorded as RecordedRow<unknown> | null) ?? undefined }) };
  }

  async run<T>(request: FastifyRequest, callerScope: string, fn: (m: EntityManager) => Promise<IdempotentResult<T>>): Promise<{ status: number; body: T }> {
    const key = this.keyOf(request);
    const scope = this.scopeOf(request, callerScope);
    if (key === undefined) return this.execute(fn);
    const hash = this.hashOf(request);
    let refused: unknown;
    const outcome = await withTransaction(this.app.db, async (m) => {
      refused = undefined;
      // The key is held by a transaction-scoped lock, not by a row: a request whose process is killed (kill -9),
      // whose connection is terminated or whose database restarts lets go of it with its rolled-back work, so a
      // retry goes ahead at once instead of hearing "in progress" until a claim goes stale.
      if (!(await tryKeyLock(m, scope, key))) throw inProgress();
      const seen = await this.recorded<T>(scope, key, hash, m);
      if (seen.kind === 'replay') return { status: seen.status, body: seen.body as T };
      if (seen.kind === 'in_progress') throw inProgress();
      await m.query('SAVEPOINT idempotent_work');
      try {
        const result = await fn(m);
        await this.record(m, scope, key, hash, result);
        return result;
      } catch (err) {
        const refusal = refusalAnswer(err);
        if (!refusal) throw err;
        // A refusal is the key's answer too, recorded in the same transaction that took the key.
        await m.query('ROLLBACK TO SAVEPOINT idempotent_work');
        await this.record(m, scope, key, hash, refusal);
        refused = err;
        return refusal as { status: number; body: T };
      }
    });
    if (refused) throw refused;
    return this.answer(outcome);
  }

  private async record(m: EntityManager, scope: string, key: string, hash: string, answer: { status: number; body: unknown }) {
    await recordAnswer(m, scope, key, hash, answer);
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
    const early = this.prefetched.get(request);
    this.prefetched.delete(request);
    const earlier = await this.recorded<T>(scope, key, hash, this.app.db, early?.scope === scope && early.key === key ? early : undefined);
    if (earlier.kind === 'replay') return earlier.ref && earlier.body === null ? replay(earlier.ref) : { status: earlier.status, body: earlier.body as T };
    if (earlier.kind === 'in_progress') throw inProgress();
    for (let attempt = 1; ; attempt++) {
      try {
        return await once({ scope, key, hash });
      } catch (err) {
        if (err instanceof IdempotencyKeyUsed) {
          const seen = await this.recorded<T>(scope, key, hash);
          if (seen.kind === 'stale' && attempt === 1) continue;
          if (seen.kind !== 'replay') throw inProgress();
          return seen.ref && seen.body === null ? replay(seen.ref) : { status: seen.status, body: seen.body as T };
        }
        const refusal = refusalAnswer(err);
        if (refusal) {
          await recordRefusal(this.app.db, scope, key, hash, refusal);
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
    // Any route's path parameters: an object of text, or nothing for a route without any.
    const params: unknown = request.params;
    if (!params || typeof params !== 'object' || Object.keys(params).length === 0) return callerScope;
    return `${callerScope}@${sha256Hex(stableStringify(params)).slice(0, 24)}`;
  }

  /** What a used key answered; a claim left behind by a crashed request is removed ('stale'). */
  private async recorded<T>(
    scope: string,
    key: string,
    hash: string,
    db: Queryable = this.app.db,
    read?: { recorded: RecordedRow<unknown> | undefined },
  ): Promise<{ kind: 'replay'; status: number; body: T | null; ref: string | null } | { kind: 'in_progress' | 'stale' }> {
    // Already read (beside the session check); else outside a transaction the read joins the others waiting, and
    // inside one it must see that transaction.
    const existing = (read ? read.recorded : db === this.app.db ? await this.lookups.load({ scope, key }) : await recordedIn(db, scope, key)) as RecordedRow<T> | undefined;
    if (!existing) return { kind: 'stale' };
    if (existing.request_hash !== hash) throw new AppError(422, 'This Idempotency-Key was already used for a different request');
    if (existing.status === 'done') return { kind: 'replay', status: existing.response_status, body: existing.response_body, ref: existing.response_ref };
    if (!existing.stale) return { kind: 'in_progress' };
    await deleteStaleClaim(db, scope, key);
    return { kind: 'stale' };
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
