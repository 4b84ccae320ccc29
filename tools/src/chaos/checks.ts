// What npm run chaos checks once the faults stop: the history against what the database booked, and the
// ledger's own invariants. Each check counts its violations; the run passes when every count is 0.
import type { Crash, Database } from './cluster';
import type { DownInterval, Recovery } from './faults';
import type { Operation, OperationKind, ServerError } from './workload';

export interface Check {
  name: string;
  violations: number;
  examples: string[];
}

export interface Bookings {
  /** kind -> tag -> how many times the database booked it. */
  counts: Record<OperationKind, Map<string, number>>;
  /** Transaction id -> status, for the transfers staff decided. */
  statuses: Map<string, string>;
}

const READY_WITHIN_MS = 10_000;

function check(name: string): Check & { add(example: string): void } {
  const c = {
    name,
    violations: 0,
    examples: [] as string[],
    add(example: string) {
      c.violations++;
      if (c.examples.length < 5) c.examples.push(example);
    },
  };
  return c;
}

/** Per currency, the sum of every ledger account's balance (internal accounts included). */
export async function balanceTotals(db: Database): Promise<Map<string, bigint>> {
  const totals = await db.query<{ currency: string; total: string }>(`SELECT currency, sum(balance_minor)::text AS total FROM ledger_accounts GROUP BY currency`);
  return new Map(totals.map((t) => [t.currency, BigInt(t.total)]));
}

/** What the database booked for this run's operations, found by their memo, network reference or transaction id. */
export async function loadBookings(db: Database, runId: string, decided: string[]): Promise<Bookings> {
  const tally = (found: { tag: string; n: number }[]) => new Map(found.map((f) => [f.tag, Number(f.n)]));
  const memos = (kind: string) =>
    db.query<{ tag: string; n: number }>(`SELECT memo AS tag, count(*)::int AS n FROM transactions WHERE kind = $1 AND type = 'debit' AND memo LIKE $2 GROUP BY memo`, [kind, `chaos ${runId}-%`]);
  const [same, local, incoming, decisions, statuses] = await Promise.all([
    memos('transfer_same'),
    memos('transfer_local'),
    db.query<{ tag: string; n: number }>(`SELECT metadata->>'networkReference' AS tag, count(*)::int AS n FROM journals WHERE kind = 'incoming' AND metadata->>'networkReference' LIKE $1 GROUP BY 1`, [
      `CHAOS-${runId.toUpperCase()}-%`,
    ]),
    db.query<{ tag: string; n: number }>(`SELECT metadata->>'transactionId' AS tag, count(*)::int AS n FROM journals WHERE metadata->>'transactionId' = ANY($1) GROUP BY 1`, [decided]),
    db.query<{ id: string; status: string }>(`SELECT id::text, status FROM transactions WHERE id::text = ANY($1)`, [decided]),
  ]);
  return { counts: { same: tally(same), local: tally(local), incoming: tally(incoming), decide: tally(decisions) }, statuses: new Map(statuses.map((s) => [s.id, s.status])) };
}

/** Acknowledged: booked exactly once; refused: never; no answer: at most once (and reported as unresolved). */
export function bookingChecks(operations: Operation[], bookings: Bookings): Check[] {
  const once = check('every acknowledged (2xx) operation booked exactly once');
  const refused = check('every refused (4xx) operation booked never');
  const atMostOnce = check('every unacknowledged operation booked at most once');
  const resolved = check('every operation, after its retries, acknowledged or refused');
  const phantom = check('nothing booked that no client sent');
  const decisions = check('every acknowledged staff decision left its transfer settled or returned');
  const sent = new Map<OperationKind, Set<string>>([
    ['same', new Set()],
    ['local', new Set()],
    ['incoming', new Set()],
    ['decide', new Set()],
  ]);
  for (const op of operations) {
    sent.get(op.kind)!.add(op.tag);
    const n = bookings.counts[op.kind].get(op.tag) ?? 0;
    const what = `${op.kind} ${op.tag}: ${op.outcome}, booked ${n}`;
    if (op.outcome === 'acked' && n !== 1) once.add(what);
    if (op.outcome === 'refused' && n !== 0) refused.add(what);
    if (op.outcome === 'unknown') {
      resolved.add(what);
      if (n > 1) atMostOnce.add(what);
    }
    if (op.kind === 'decide' && op.outcome === 'acked') {
      const status = bookings.statuses.get(op.tag);
      const expected = op.decision === 'approve' ? 'success' : 'failed';
      if (status !== expected) decisions.add(`${op.tag}: ${op.decision} acknowledged, status ${status}`);
    }
  }
  for (const [kind, counts] of Object.entries(bookings.counts) as [OperationKind, Map<string, number>][]) {
    for (const tag of counts.keys()) if (!sent.get(kind)!.has(tag)) phantom.add(`${kind} ${tag}`);
  }
  return [once, refused, atMostOnce, resolved, phantom, decisions];
}

export function replayCheck(compared: number, mismatches: number, examples: string[]): Check {
  const c = check(`a retry with the same Idempotency-Key returned the first answer (${compared} replays compared)`);
  c.violations = mismatches;
  c.examples.push(...examples.slice(0, 5));
  return c;
}

export async function ledgerChecks(db: Database, before: Map<string, bigint>): Promise<Check[]> {
  const totals = check('per currency, the sum of all balances unchanged');
  const after = await balanceTotals(db);
  for (const currency of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(currency) ?? 0n;
    const is = after.get(currency) ?? 0n;
    if (was !== is) totals.add(`${currency}: ${was} before, ${is} after`);
  }
  const negative = check('no customer balance negative');
  for (const r of await db.query<{ id: string; balance: string }>(`SELECT id::text, balance_minor::text AS balance FROM ledger_accounts WHERE kind = 'customer' AND balance_minor < 0`)) {
    negative.add(`account ${r.id}: ${r.balance}`);
  }
  const drift = check('every stored balance equals the sum of its postings');
  for (const r of await db.query<{ id: string; balance: string; postings: string }>(
    `SELECT a.id::text, a.balance_minor::text AS balance, coalesce(p.total, 0)::text AS postings
       FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.balance_minor <> coalesce(p.total, 0)`,
  )) {
    drift.add(`account ${r.id}: balance ${r.balance}, postings ${r.postings}`);
  }
  const unbalanced = check('every journal balances (per currency)');
  for (const r of await db.query<{ journal: string; currency: string; total: string }>(
    `SELECT journal_id::text AS journal, currency, sum(amount_minor)::text AS total FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0`,
  )) {
    unbalanced.add(`journal ${r.journal} ${r.currency}: ${r.total}`);
  }
  return [totals, negative, drift, unbalanced, ...(await accountChecks(db))];
}

/** Accounts stay whole under faults: each customer one primary account, each account its own ledger account. */
async function accountChecks(db: Database): Promise<Check[]> {
  const primary = check('every customer has exactly one primary account, on their own ledger account in their currency');
  for (const r of await db.query<{ customer: string; primaries: number }>(
    `SELECT c.id::text AS customer, count(a.id) FILTER (WHERE a.ledger_account_id = l.id)::int AS primaries
       FROM customers c LEFT JOIN accounts a ON a.customer_id = c.id AND a.is_primary
       LEFT JOIN ledger_accounts l ON l.customer_id = c.id AND l.currency = c.currency AND NOT l.secondary_account
      GROUP BY c.id HAVING count(a.id) FILTER (WHERE a.ledger_account_id = l.id) <> 1`,
  )) {
    primary.add(`customer ${r.customer}: ${r.primaries} primary accounts`);
  }
  const overLimit = check('no dependant spent more than their daily limit');
  for (const r of await db.query<{ holder: string }>(`SELECT id::text AS holder FROM account_holders WHERE spent_minor > daily_limit_minor`)) {
    overLimit.add(`holder ${r.holder}`);
  }
  return [primary, overLimit];
}

/** A 5xx is excused only while its server (or the database) was down, or just after. */
export function availabilityChecks(serverErrors: ServerError[], down: DownInterval[], recoveries: Recovery[], crashes: Crash[] = []): Check[] {
  const crashed = check('no server process exited by itself');
  for (const c of crashes) crashed.add(`server ${c.server} at ${new Date(c.at).toISOString()} (${c.how}); its last output: ${c.output.slice(-1500).replace(/\s+/g, ' ')}`);
  const unexcused = check('no 5xx except while its server or the database was down');
  // Sorted by start, so each error looks only at the windows that began before it ended and not longer ago
  // than the longest window lasted (a 1,000,000-transfer run has thousands of faults and many 5xx).
  const windows = [...down].sort((a, b) => a.from - b.from);
  const longest = windows.reduce((max, d) => Math.max(max, d.to - d.from), 0);
  const firstFrom = (t: number) => {
    let lo = 0;
    let hi = windows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (windows[mid].from < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const e of serverErrors) {
    let excused = false;
    for (let i = firstFrom(e.sentAt - longest); i < windows.length && windows[i].from <= e.endAt && !excused; i++) {
      const d = windows[i];
      excused = (d.server === 'all' || d.server === e.server) && e.sentAt <= d.to;
    }
    if (!excused) unexcused.add(`${e.status} from server ${e.server} at ${new Date(e.sentAt).toISOString()} (${e.endAt - e.sentAt} ms)`);
  }
  const ready = check(`every server answered /readyz within ${READY_WITHIN_MS / 1000} s of the database coming back`);
  for (const r of recoveries) if (r.ms === undefined || r.ms > READY_WITHIN_MS) ready.add(`server ${r.server}: ${r.ms ?? 'never'} ms`);
  return [unexcused, ready, crashed];
}
