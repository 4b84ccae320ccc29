/**
 * `fire`, run once at the next turn of the event loop however often it is asked for before then. setImmediate runs after
 * the poll phase, so everything that arrived or became ready in the current turn is there when it fires: the batched
 * statements (common/coalescer.ts, modules/ledger/ledger.batcher.ts) send one statement for all of it.
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
