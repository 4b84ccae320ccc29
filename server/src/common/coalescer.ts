import { BatchLane, type Pacing } from './next-turn';

/**
 * Reads that many requests make at once, made as one query: a lookup that arrives while the previous
 * batch is in flight waits for it and goes with the others in the next one. On a quiet server each
 * lookup goes at once; under load, one statement, one round trip and one socket write serve a whole
 * batch (on loopback each round trip costs the server more CPU than the query costs PostgreSQL).
 *
 * `run` answers the batch in order, one result per key (undefined for a key it did not find).
 * With `keyOf`, a batch holds each key once and a second call for a key waits for the next batch: for writes, whose
 * answer for a row depends on the writes before it (a PIN attempt taken is one fewer left).
 */
export class Coalescer<K, R> {
  private queue: { key: K; resolve: (r: R | undefined) => void; reject: (err: unknown) => void }[] = [];

  /**
   * `pacing`: a statement starts no sooner than `minCycleMs` after the previous one started, unless `fullBatch` keys
   * wait (BatchLane); without it, as soon as it may.
   */
  constructor(
    private readonly run: (keys: K[]) => Promise<(R | undefined)[]>,
    private readonly maxBatch = 128,
    private readonly keyOf?: (key: K) => string,
    pacing?: Pacing,
  ) {
    this.lane = new BatchLane(() => this.fire(), undefined, pacing?.minCycleMs, pacing && (() => this.queue.length >= pacing.fullBatch));
  }

  load(key: K): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.lane.wake();
    });
  }

  /**
   * One lookup in flight (BatchLane): a lookup that finds the coalescer idle goes at the next turn of the event loop, so
   * every request whose lookup became due in the same turn shares the statement (firing at the first call measured 2-3
   * keys a statement under load, and ~15% more CPU a transfer); keys that waited through a lookup go as soon as it is
   * answered.
   */
  private readonly lane: BatchLane;

  private fire(): Promise<void> | undefined {
    if (this.queue.length === 0) return undefined;
    const batch = this.keyOf ? this.takeDistinct(this.keyOf) : this.queue.splice(0, this.maxBatch);
    return this.run(batch.map((w) => w.key))
      .then((results) => {
        if (results.length !== batch.length) throw new Error(`a batched lookup answered ${results.length} of ${batch.length} keys`);
        batch.forEach((w, i) => w.resolve(results[i]));
      })
      .catch((err) => batch.forEach((w) => w.reject(err)));
  }

  /** The first `maxBatch` waiting calls with distinct keys, in arrival order; the others keep their places. */
  private takeDistinct(keyOf: (key: K) => string) {
    const batch: typeof this.queue = [];
    const rest: typeof this.queue = [];
    const seen = new Set<string>();
    for (const waiting of this.queue) {
      const key = keyOf(waiting.key);
      if (batch.length >= this.maxBatch || seen.has(key)) rest.push(waiting);
      else {
        seen.add(key);
        batch.push(waiting);
      }
    }
    this.queue = rest;
    return batch;
  }
}

/** Rows of a batched query that carry `o`, the 1-based position of their key, back in key order. */
export function byOrdinal<R extends { o: number | string }>(count: number, rows: R[]): (R | undefined)[] {
  const out: (R | undefined)[] = new Array(count).fill(undefined);
  for (const row of rows) out[Number(row.o) - 1] = row;
  return out;
}

/**
 * SQL for a coalesced batch's rows, a FROM item (parenthesised, so it can stand on either side of a join): `alias(names..., o)` from parallel array parameters (`columns`: the
 * parameter with its array type, and the column's name), numbered from 1 by WITH ORDINALITY. The arrays go through a
 * subquery rather than straight into unnest(): there, a plan made for the values at hand counted each batch's length
 * (one or two rows) and always looked cheaper than the plan for any batch (costed at ten rows), so PostgreSQL planned a
 * prepared statement anew on every call, and planning cost more than running (the bench's session check: 2,751 plans
 * for 2,746 calls). Through the subquery both count ten, and each connection reuses one plan after five calls.
 */
export function batchRows(alias: string, columns: Array<[param: string, name: string]>): string {
  const arrays = columns.map(([param, name]) => `${param} AS ${name}_list`).join(', ');
  const unnested = columns.map(([, name]) => `${alias}_batch.${name}_list`).join(', ');
  return `((SELECT ${arrays} OFFSET 0) ${alias}_batch CROSS JOIN LATERAL unnest(${unnested}) WITH ORDINALITY ${alias}(${columns.map(([, name]) => name).join(', ')}, o))`;
}
