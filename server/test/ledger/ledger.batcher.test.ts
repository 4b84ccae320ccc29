import { createTestApp, registerCustomer, type TestApp } from '../helpers/test-app';
import { customerAccountId, internalAccountId, type JournalInput } from '../../src/modules/ledger/ledger.service';
import { LedgerBatcher } from '../../src/modules/ledger/ledger.batcher';
import { poolOf } from '../../src/common/sql';

describe('ledger batcher (group commit)', () => {
  let t: TestApp;
  let customerAccount: string;
  let equity: string;
  beforeAll(async () => {
    t = await createTestApp();
    const c = await registerCustomer(t.app);
    customerAccount = await customerAccountId(t.app.db.manager, c.id, 'USD');
    equity = await internalAccountId(t.app.db.manager, 'equity', 'USD');
  });
  afterAll(() => t.close());

  /** From equity to the customer. */
  const journal = (reference: string, description: string, amountMinor: bigint): JournalInput => ({
    kind: 'test',
    reference,
    description,
    postings: [
      { accountId: equity, amountMinor: -amountMinor, currency: 'USD' },
      { accountId: customerAccount, amountMinor, currency: 'USD' },
    ],
  });

  it('books journals that arrive together in shared transactions, each exactly once', async () => {
    const batcher = new LedgerBatcher(t.app.db);
    const pool = poolOf(t.app.db);
    const checkedOutBefore = pool.totalCount - pool.idleCount;
    const refs = Array.from({ length: 20 }, (_, i) => `SRBATCHTEST${i}`);
    const posted = await Promise.all(refs.map((reference) => batcher.post(journal(reference, 'batched', 5n))));
    expect(new Set(posted.map((p) => p.journalId)).size).toBe(20);
    const [row] = await t.app.db.query(`SELECT count(*)::int AS journals, count(DISTINCT txid)::int AS commits FROM journals WHERE reference = ANY($1)`, [refs]);
    expect(row.journals).toBe(20);
    expect(row.commits).toBeLessThan(20);
    const [check] = await t.app.db.query(`SELECT a.balance_minor, (SELECT sum(amount_minor) FROM postings p WHERE p.account_id = a.id) AS sum FROM ledger_accounts a WHERE a.id = $1`, [
      customerAccount,
    ]);
    expect(check.balance_minor).toBe(check.sum);
    // Its connection goes back to the pool once nothing waits (a quiet server holds none).
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.totalCount - pool.idleCount).toBe(checkedOutBefore);
  });

  it('waits one turn of the event loop, so journals that become ready in the same turn share one commit', async () => {
    // Requests answered by one session read reach the ledger a few promise steps apart, not in one synchronous call.
    const batcher = new LedgerBatcher(t.app.db);
    const refs = ['SRTURN1', 'SRTURN2', 'SRTURN3'];
    const later = async (reference: string, steps: number) => {
      for (let step = 0; step < steps; step++) await Promise.resolve();
      return batcher.post(journal(reference, 'same turn', 2n));
    };
    await Promise.all(refs.map((reference, i) => later(reference, i * 3)));
    const [row] = await t.app.db.query(`SELECT count(*)::int AS journals, count(DISTINCT txid)::int AS commits FROM journals WHERE reference = ANY($1)`, [refs]);
    expect(row).toEqual({ journals: 3, commits: 1 });
  });

  it('sends the journals that waited through a batch as soon as it commits, before its answers are handled', async () => {
    const batcher = new LedgerBatcher(t.app.db);
    const blocker = await poolOf(t.app.db).connect();
    let nextBatchOutWhenAnswered: boolean | undefined;
    try {
      // The first batch waits on the account's lock, so the next journals queue behind it.
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [customerAccount]);
      const first = batcher.post(journal('SRAFTER1', 'first', 4n)).then((posted) => {
        // The first answer, handled in promise steps of the same turn: the waiting journals are on their way already.
        nextBatchOutWhenAnswered = batcher['lane'].inFlight;
        return posted;
      });
      for (let tries = 0; !(await t.ownerQuery(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'SELECT post_journals%' AND wait_event_type = 'Lock'`)).length && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const waiting = [batcher.post(journal('SRAFTER2', 'waited', 4n)), batcher.post(journal('SRAFTER3', 'waited', 4n))];
      await blocker.query('ROLLBACK');
      await first;
      await Promise.all(waiting);
    } finally {
      blocker.release();
    }
    expect(nextBatchOutWhenAnswered).toBe(true);
    const [row] = await t.app.db.query(`SELECT count(*)::int AS journals, count(DISTINCT txid)::int AS commits FROM journals WHERE reference IN ('SRAFTER2', 'SRAFTER3')`);
    expect(row).toEqual({ journals: 2, commits: 1 });
  });

  it('survives its held connection being closed under a batch, and books the next one on a fresh connection', async () => {
    // Found by the chaos run: a backend terminated under the batcher's own connection ended the server's process.
    const batcher = new LedgerBatcher(t.app.db);
    const post = (reference: string) => batcher.post(journal(reference, 'held connection', 3n));
    const blocker = await poolOf(t.app.db).connect();
    try {
      // The batch waits on the account's lock, so its backend can be found and terminated mid-statement.
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [customerAccount]);
      const cut = post('SRHELDCUT1');
      let backend: string | undefined;
      for (let tries = 0; !backend && tries < 200; tries++) {
        const [waiting] = await t.ownerQuery(`SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT post_journals%' AND wait_event_type = 'Lock'`);
        backend = waiting?.pid as string | undefined;
        if (!backend) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(backend).toBeDefined();
      await t.ownerQuery('SELECT pg_terminate_backend($1)', [backend]);
      await expect(cut).rejects.toThrow();
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }
    // Closed while held between two statements (no query of its own to hear it): the batcher hears it, not the process.
    await batcher['onConnection'](async (client) => {
      const { rows: found } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await t.ownerQuery('SELECT pg_terminate_backend($1)', [found[0].pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const next = await post('SRHELDCUT2');
    expect(next.reference).toBe('SRHELDCUT2');
    expect(await t.app.db.query(`SELECT reference FROM journals WHERE reference IN ('SRHELDCUT1', 'SRHELDCUT2')`)).toEqual([{ reference: 'SRHELDCUT2' }]);
  });
});
