import type { DataSource } from 'typeorm';
import type { PoolClient } from 'pg';
import { poolOf } from '../../common/sql';
import { retrying } from '../../db/transaction';
import { BatchLane, FULL_BATCH } from '../../common/next-turn';
import { callPostJournals, settleBatchResult, toBatchItem, type BatchItem, type BatchResult, type JournalInput, type PostOptions, type PostedJournal } from './ledger.service';

interface Waiting {
  item: BatchItem;
  /** performance.now() when it was queued: the batch's wait for the metrics (docs/operations/metrics.md). */
  queuedAt: number;
  resolve: (result: BatchResult) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for journals that are a whole transaction on their own (same-bank transfers). A journal
 * that arrives while a batch is being booked waits and goes with the others in the next
 * one, so under load many transfers share one statement, one set of row locks and one commit; on a quiet
 * server each journal goes at once. Every journal is still judged on its own (post_journals), so one
 * refusal never affects its neighbours.
 *
 * One batch at a time measured best on a 2-core machine (throughput and latency): a second batch in flight
 * mostly competes for the same cores and row locks.
 */
export class LedgerBatcher {
  private queue: Waiting[] = [];
  /**
   * The connection batches are booked on, held while they keep coming and given back to the pool when the queue
   * empties: one backend books them one after another with its plans and caches warm (measured ~4% more transfers
   * a second than a pooled connection taken for each batch), and a quiet server holds none (the pool drains on close).
   */
  private connection?: { client: PoolClient; onError: (err: Error) => void };
  private readonly maxBatch: number;
  /** Told each batch's size and its first journal's wait in seconds, as it goes (set by the metrics plugin). */
  observeBatch?: (size: number, oldestWaitSeconds: number) => void;

  /**
   * `minCycleMs`: a batch starts no sooner than this after the previous one (LEDGER_BATCH_CYCLE_MS, docs/performance.md#payment-lanes-paced-cycles):
   * below the peak, batches of ~2 transfers each paid a statement's fixed cost (~0.5 ms of the backend's CPU) and a
   * commit; 4 ms made them ~5 transfers and cut the CPU a transfer there by a fifth. `fullBatch`: once this many journals
   * wait, the batch goes without waiting out the cycle (FULL_BATCH), so at the peak the cycle never
   * sets the pace.
   */
  constructor(
    private readonly db: DataSource,
    { maxBatch = 64, minCycleMs = 0, fullBatch = FULL_BATCH }: { maxBatch?: number; minCycleMs?: number; fullBatch?: number } = {},
  ) {
    this.maxBatch = maxBatch;
    this.lane = new BatchLane(
      () => this.fire(),
      () => this.releaseConnection(),
      minCycleMs,
      () => this.queue.length >= fullBatch,
    );
  }

  async post(input: JournalInput, opts: PostOptions = {}): Promise<PostedJournal> {
    const item = toBatchItem(input, opts);
    const result = await new Promise<BatchResult>((resolve, reject) => {
      this.queue.push({ item, resolve, reject, queuedAt: performance.now() });
      this.lane.wake();
    });
    return settleBatchResult(item, result);
  }

  /**
   * One batch in flight (BatchLane): a journal that finds the batcher idle goes at the next turn of the event loop, so
   * every journal that became ready in the same turn (the payments one session read answered reach it a few promise
   * steps apart) shares the statement. Firing at the first journal measured 2.0-2.1 transfers a batch at half the
   * bench's peak against 3.3 with the wait, and 13-29% more CPU a transfer there (alternated runs,
   * docs/performance.md#group-commit-waits-one-turn). Journals that waited through a batch go as soon as it has
   * committed and its cycle has passed; when none waits, the held connection goes back to the pool.
   */
  private readonly lane: BatchLane;

  private fire(): Promise<void> | undefined {
    if (this.queue.length === 0) return undefined;
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const keys = new Set<string>();
    for (const w of this.queue) {
      // Two requests with one Idempotency-Key never share a batch: the later one sees the first's answer.
      const key = w.item.idem ? `${w.item.idem.scope} ${w.item.idem.key}` : undefined;
      if (batch.length >= this.maxBatch || (key && keys.has(key))) {
        rest.push(w);
        continue;
      }
      if (key) keys.add(key);
      batch.push(w);
    }
    this.queue = rest;
    this.observeBatch?.(batch.length, (performance.now() - batch[0].queuedAt) / 1000);
    return this.book(batch);
  }

  private async book(batch: Waiting[]) {
    try {
      const results = await retrying(() =>
        this.onConnection((connection) =>
          callPostJournals(
            connection,
            batch.map((w) => w.item),
          ),
        ),
      );
      results.forEach((r, i) => batch[i].resolve(r));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // A statement error (not a refusal) must not fail the neighbours: book them one by one.
      for (const w of batch) {
        try {
          const [r] = await retrying(() => this.onConnection((connection) => callPostJournals(connection, [w.item])));
          w.resolve(r);
        } catch (one) {
          w.reject(one);
        }
      }
    }
  }

  private async onConnection<T>(use: (connection: PoolClient) => Promise<T>): Promise<T> {
    if (!this.connection) {
      const connection = await poolOf(this.db).connect();
      // Held between batches, it can be closed under us (a restart, pg_terminate_backend). The pool watches only the
      // connections it holds: without a listener here, that error would end the process.
      const onError = (err: Error) => this.drop(connection, err);
      connection.on('error', onError);
      this.connection = { client: connection, onError };
    }
    const { client } = this.connection;
    try {
      return await use(client);
    } catch (err) {
      // After a failed statement the next one starts on a fresh connection: a broken one is closed, not pooled again.
      this.drop(client, err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
  }

  /**
   * Gives the held connection back to the pool, or with `err` has the pool close it; once, whichever comes first. A
   * closed one keeps the listener: it may still report its end, and is never lent again.
   */
  private drop(client: PoolClient, err?: Error) {
    if (this.connection?.client !== client) return;
    if (!err) client.off('error', this.connection.onError);
    this.connection = undefined;
    client.release(err);
  }

  private releaseConnection() {
    if (this.connection) this.drop(this.connection.client);
  }
}
