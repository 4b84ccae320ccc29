/**
 * `fire`, run once at the next turn of the event loop however often it is asked for before then. setImmediate runs after
 * the poll phase, so everything that arrived or became ready in the current turn is there when it fires: a BatchLane
 * (below) sends one statement for all of it.
 */
export function nextTurn(fire: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      fire();
    });
  };
}

/**
 * A paced lane's settings (BatchLane): a batch starts no sooner than `minCycleMs` after the previous one started, unless
 * `fullBatch` wait.
 */
export interface Pacing {
  minCycleMs: number;
  fullBatch: number;
}

/**
 * What makes a batch full: beyond ~8 a payment's share of a statement's fixed cost hardly shrinks (npm run bench:ledger),
 * so waiting out a cycle for more buys nothing (docs/performance.md#payment-lanes-paced-cycles).
 */
export const FULL_BATCH = 8;

/**
 * A lane of batched statements, one in flight at a time (docs/performance.md#group-commit-waits-one-turn): work that
 * finds it idle goes at the next turn of the event loop, together with everything that becomes ready in this one; work
 * that waited through a batch goes as soon as that batch has settled, not a turn later behind the answers it settled.
 * `send` takes what waits and returns the batch's settlement (which must not reject), or undefined when nothing waits;
 * `idle` runs when a batch ends with nothing waiting. With `minCycleMs`, a batch starts no sooner than that after the
 * previous one started (docs/performance.md#payment-lanes-paced-cycles): under load what arrives meanwhile goes in one larger batch; a lane that
 * has been idle for longer sends at the next turn as before. `full` says that enough waits to make a batch worth its
 * fixed cost: it then goes at the next turn without waiting out the cycle, so that the cycle saves
 * CPU below the peak and never sets the pace at it.
 */
export class BatchLane {
  private busy = false;
  private readonly soon = nextTurn(() => this.go());
  private lastStartMs = -Infinity;
  private paced?: NodeJS.Timeout;

  constructor(
    private readonly send: () => Promise<unknown> | undefined,
    private readonly idle: () => void = () => undefined,
    private readonly minCycleMs = 0,
    private readonly full: () => boolean = () => false,
  ) {}

  /** A batch is in flight. */
  get inFlight(): boolean {
    return this.busy;
  }

  /** Work has arrived. */
  wake(): void {
    if (this.busy) return;
    // A paced lane goes when its timer fires, with everything that arrived by then, or once a full batch waits.
    if (this.paced && this.full()) {
      clearTimeout(this.paced);
      this.paced = undefined;
    }
    if (!this.paced) this.soon();
  }

  private go(): void {
    if (this.busy || this.paced) return;
    const nowMs = performance.now();
    const waitMs = this.lastStartMs + this.minCycleMs - nowMs;
    if (waitMs > 0 && !this.full()) {
      this.paced = setTimeout(() => {
        this.paced = undefined;
        this.go();
      }, waitMs);
      return;
    }
    const batch = this.send();
    if (!batch) return this.idle();
    this.lastStartMs = nowMs;
    this.busy = true;
    const settled = () => {
      this.busy = false;
      this.go();
    };
    void batch.then(settled, settled);
  }
}
