import type { EntityManager } from 'typeorm';
import { createTestApp, registerCustomer, type TestApp } from '../helpers/test-app';
import { callPostJournals, customerAccountId, internalAccountId, postJournal, toBatchItem } from '../../src/modules/ledger/ledger.service';
import { LedgerInvariantError } from '../../src/modules/ledger/ledger.errors';
import { withTransaction } from '../../src/db/transaction';

/**
 * One statement that writes journal `reference` with postings `rows` ((account, amount, currency), ...) as the ledger
 * does, bypassing post_journals: the database's own checks are what stop it. Answers the journal's id.
 */
const rawJournal = (reference: string, rows: string) => `
  WITH j AS (INSERT INTO journals (reference, kind, description) VALUES ('${reference}', 'raw', 'bypass') RETURNING id),
       p AS (INSERT INTO postings (journal_id, account_id, amount_minor, currency)
             SELECT j.id, v.account_id::bigint, v.amount_minor::bigint, v.currency FROM j, (VALUES ${rows}) v(account_id, amount_minor, currency))
  SELECT id FROM j`;

describe('ledger', () => {
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

  const fund = (m: EntityManager, amountMinor: bigint) =>
    postJournal(m, {
      kind: 'adjustment' as const,
      description: 'funding',
      postings: [
        { accountId: equity, amountMinor: -amountMinor, currency: 'USD' },
        { accountId: customerAccount, amountMinor, currency: 'USD' },
      ],
    });

  it('books a balanced journal and keeps the stored balance equal to the sum of postings', async () => {
    await withTransaction(t.app.db, (m) => fund(m, 12_345n));
    const [row] = await t.app.db.query(`SELECT a.balance_minor, (SELECT coalesce(sum(amount_minor),0) FROM postings p WHERE p.account_id = a.id) AS sum FROM ledger_accounts a WHERE a.id = $1`, [
      customerAccount,
    ]);
    expect(row.balance_minor).toBe('12345');
    expect(row.sum).toBe('12345');
  });

  it('refuses an unbalanced journal in code', async () => {
    await expect(
      withTransaction(t.app.db, (m) =>
        postJournal(m, {
          kind: 'adjustment' as const,
          description: 'bad',
          postings: [
            { accountId: equity, amountMinor: -100n, currency: 'USD' },
            { accountId: customerAccount, amountMinor: 99n, currency: 'USD' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
  });

  it('refuses an unbalanced journal in the database itself, when its statement ends', async () => {
    const before = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    await expect(t.app.db.query(rawJournal('RAWTEST1', `($1, 500, 'USD')`), [customerAccount])).rejects.toThrow(/journal \d+ in USD by 500 is unbalanced/);
    const after = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    expect(after).toEqual(before);
  });

  it('refuses to take a customer balance below zero, in code and in the database', async () => {
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    const tooMuch = BigInt(balance_minor) + 1n;
    await expect(
      withTransaction(t.app.db, (m) =>
        postJournal(m, {
          kind: 'adjustment' as const,
          description: 'overdraft',
          postings: [
            { accountId: customerAccount, amountMinor: -tooMuch, currency: 'USD' },
            { accountId: equity, amountMinor: tooMuch, currency: 'USD' },
          ],
        }),
      ),
    ).rejects.toThrow('Insufficient funds');
    await expect(t.app.db.query(rawJournal('RAWTEST2', `($1, $2::bigint, 'USD'), ($3, $4::bigint, 'USD')`), [customerAccount, (-tooMuch).toString(), equity, tooMuch.toString()])).rejects.toThrow(
      /customer_balance_not_negative/,
    );
  });

  it('refuses a posting in another currency than its account', async () => {
    await expect(
      withTransaction(t.app.db, (m) =>
        postJournal(m, {
          kind: 'adjustment' as const,
          description: 'fx',
          postings: [
            { accountId: customerAccount, amountMinor: 1n, currency: 'EUR' },
            { accountId: equity, amountMinor: -1n, currency: 'EUR' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
  });

  it('refuses zero, float and out-of-range amounts', async () => {
    const bad = (amountMinor: unknown) =>
      withTransaction(t.app.db, (m) =>
        postJournal(m, {
          kind: 'adjustment' as const,
          description: 'bad',
          postings: [
            { accountId: equity, amountMinor: amountMinor as bigint, currency: 'USD' },
            { accountId: customerAccount, amountMinor: amountMinor as bigint, currency: 'USD' },
          ],
        }),
      );
    await expect(bad(0n)).rejects.toBeInstanceOf(LedgerInvariantError);
    await expect(bad(1.5)).rejects.toBeInstanceOf(LedgerInvariantError);
    await expect(bad(10n ** 16n)).rejects.toBeInstanceOf(LedgerInvariantError);
  });

  it('keeps postings, journals and balances immutable outside postJournal', async () => {
    // The server's role may not even try...
    await expect(t.app.db.query(`UPDATE postings SET amount_minor = 1`)).rejects.toThrow(/permission denied/);
    await expect(t.app.db.query(`DELETE FROM journals`)).rejects.toThrow(/permission denied/);
    await expect(t.app.db.query(`TRUNCATE postings`)).rejects.toThrow(/permission denied/);
    await expect(t.app.db.query(`UPDATE ledger_accounts SET balance_minor = balance_minor + 100 WHERE id = $1`, [customerAccount])).rejects.toThrow(/only through postings/);
    await expect(t.app.db.query(`DELETE FROM ledger_accounts WHERE id = $1`, [customerAccount])).rejects.toThrow(/permission denied/);
    // ...and the triggers refuse even the owner.
    await expect(t.ownerQuery(`UPDATE postings SET amount_minor = 1`)).rejects.toThrow(/append-only/);
    await expect(t.ownerQuery(`DELETE FROM journals`)).rejects.toThrow(/append-only/);
    await expect(t.ownerQuery(`DELETE FROM ledger_accounts WHERE id = $1`, [customerAccount])).rejects.toThrow(/append-only/);
  });

  it("writes a customer's transaction row only on an account of that customer, and never moves it to another", async () => {
    const other = await registerCustomer(t.app);
    const otherAccount = await customerAccountId(t.app.db.manager, other.id, 'USD');
    const [owner] = await t.app.db.query(`SELECT customer_id FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    const entryOn = (customerId: string, accountId: string, reference: string) => ({
      reference,
      customerId,
      accountId,
      type: 'credit' as const,
      kind: 'adjustment' as const,
      status: 'success' as const,
      description: 'ownership',
      category: 'Test',
      amountMinor: 7n,
      currency: 'USD',
      channel: 'Test',
    });
    const journal = (reference: string) => ({
      kind: 'adjustment' as const,
      reference,
      description: 'ownership',
      postings: [
        { accountId: equity, amountMinor: -7n, currency: 'USD' },
        { accountId: customerAccount, amountMinor: 7n, currency: 'USD' },
      ],
    });
    const balance = async () => (await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]))[0].balance_minor;
    const before = await balance();
    // Another customer's account under this customer's row: refused, and nothing of the journal stays.
    await expect(postJournal(t.app.db, journal('SROWNERTEST1'), { entries: [entryOn(owner.customer_id, otherAccount, 'SROWNERTEST1')] })).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await balance()).toBe(before);
    expect(await t.app.db.query(`SELECT 1 FROM journals WHERE reference = 'SROWNERTEST1'`)).toHaveLength(0);
    // On the customer's own account it is booked, with the time-ordered id the server chose.
    const posted = await postJournal(t.app.db, journal('SROWNERTEST2'), { entries: [entryOn(owner.customer_id, customerAccount, 'SROWNERTEST2')] });
    expect(posted.entries[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [row] = await t.app.db.query(`SELECT id FROM transactions WHERE reference = 'SROWNERTEST2'`);
    expect(row.id).toBe(posted.entries[0].id);
    // Whose it is never changes afterwards, even for the owner of the schema; its status still may.
    await expect(t.ownerQuery(`UPDATE transactions SET customer_id = $1 WHERE id = $2`, [other.id, row.id])).rejects.toThrow(/stays with its customer/);
    await expect(t.ownerQuery(`UPDATE transactions SET account_id = $1 WHERE id = $2`, [otherAccount, row.id])).rejects.toThrow(/stays with its customer/);
    await t.app.db.query(`UPDATE transactions SET status = 'cancelled' WHERE id = $1`, [row.id]);
    // The daily outbound count is not a balance: it changes without a posting.
    await t.app.db.query(`UPDATE ledger_accounts SET outbound_minor = 0 WHERE id = $1`, [customerAccount]);
  });

  it('refuses postings added later to a journal booked in an earlier transaction', async () => {
    const posted = await withTransaction(t.app.db, (m) => fund(m, 100n));
    await expect(
      t.app.db.transaction((m) =>
        m.query(`INSERT INTO postings (journal_id, account_id, amount_minor, currency) VALUES ($1, $2, 1, 'USD'), ($1, $3, -1, 'USD')`, [posted.journalId, customerAccount, equity]),
      ),
    ).rejects.toThrow(/only join a journal in the transaction that creates it/);
  });

  it('refuses a journal written without its postings in the same statement', async () => {
    await expect(t.app.db.query(`INSERT INTO journals (reference, kind, description) VALUES ('RAWTEST3', 'raw', 'no legs')`)).rejects.toThrow(/unbalanced: it has no postings/);
    // Nor can postings written by a later statement of the transaction make up for them.
    await expect(
      t.app.db.transaction(async (m) => {
        const [j] = await m.query(`INSERT INTO journals (reference, kind, description) VALUES ('RAWTEST3', 'raw', 'legs later') RETURNING id`);
        await m.query(`INSERT INTO postings (journal_id, account_id, amount_minor, currency) VALUES ($1, $2, 1, 'USD'), ($1, $3, -1, 'USD')`, [j.id, customerAccount, equity]);
      }),
    ).rejects.toThrow(/unbalanced: it has no postings/);
    expect(await t.app.db.query(`SELECT 1 FROM journals WHERE reference = 'RAWTEST3'`)).toEqual([]);
  });

  it('refuses postings of a later statement that would unbalance a journal of the same transaction', async () => {
    const before = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    await expect(
      t.app.db.transaction(async (m) => {
        const [j] = await m.query(rawJournal('RAWTEST5', `($1, 7, 'USD'), ($2, -7, 'USD')`), [customerAccount, equity]);
        await m.query(`INSERT INTO postings (journal_id, account_id, amount_minor, currency) VALUES ($1, $2, 3, 'USD')`, [j.id, customerAccount]);
      }),
    ).rejects.toThrow(/journal \d+ in USD by 3 is unbalanced/);
    expect(await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount])).toEqual(before);
  });

  it('refuses, in the database, a posting to a journal or an account that does not exist', async () => {
    await expect(
      t.app.db.transaction((m) =>
        m.query(`INSERT INTO postings (journal_id, account_id, amount_minor, currency) VALUES (999999999, $1, 1, 'USD'), (999999999, $2, -1, 'USD')`, [customerAccount, equity]),
      ),
    ).rejects.toThrow(/journal that does not exist/);
    await expect(t.app.db.query(rawJournal('RAWTEST4', `(999999999, 1, 'USD'), ($1, -1, 'USD')`), [equity])).rejects.toThrow(/unknown account/);
  });

  it('refuses a posting to an account that does not exist', async () => {
    await expect(
      withTransaction(t.app.db, (m) =>
        postJournal(m, {
          kind: 'adjustment' as const,
          description: 'ghost',
          postings: [
            { accountId: '999999999', amountMinor: 1n, currency: 'USD' },
            { accountId: equity, amountMinor: -1n, currency: 'USD' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
  });

  it('writes the customer-visible entries with the journal, each with its balance after, and answers each as stored', async () => {
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    const c = await t.app.db.query(`SELECT customer_id FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    const posted = await withTransaction(t.app.db, (m) =>
      postJournal(
        m,
        {
          kind: 'incoming',
          reference: 'SRENTRYTEST1',
          description: 'entry',
          postings: [
            { accountId: equity, amountMinor: -250n, currency: 'USD' },
            { accountId: customerAccount, amountMinor: 250n, currency: 'USD' },
          ],
        },
        {
          entries: [
            {
              reference: 'SRENTRYTEST1',
              customerId: c[0].customer_id,
              accountId: customerAccount,
              type: 'credit',
              kind: 'incoming',
              status: 'success',
              // Longer than the column keeps (200 characters), in characters JavaScript counts as two.
              description: `Entry test ${'\u{1F4B0}'.repeat(200)}`,
              category: 'Deposit',
              amountMinor: 250n,
              currency: 'USD',
              channel: 'Branch',
            },
          ],
        },
      ),
    );
    expect(posted.balances.get(customerAccount)).toBe(BigInt(balance_minor) + 250n);
    expect(posted.entries).toHaveLength(1);
    expect(posted.entries[0]).toMatchObject({ reference: 'SRENTRYTEST1', amount_minor: '250', balance_after_minor: (BigInt(balance_minor) + 250n).toString() });
    // The server builds the answer from what it sent and what the database chose: it must be the row as stored.
    const [stored] = await t.app.db.query(
      `SELECT (to_jsonb(t) - 'updated_at') || jsonb_build_object('account_id', t.account_id::text, 'amount_minor', t.amount_minor::text, 'fee_minor', t.fee_minor::text,
              'balance_after_minor', t.balance_after_minor::text) AS row
         FROM transactions t WHERE reference = 'SRENTRYTEST1'`,
    );
    expect(posted.entries[0]).toEqual(stored.row);
    expect(Array.from(posted.entries[0].description)).toHaveLength(200);
  });

  it('judges each journal of a batch on its own: a refusal leaves its neighbours booked', async () => {
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    const have = BigInt(balance_minor);
    const pay = (amountMinor: bigint) =>
      toBatchItem({
        kind: 'adjustment' as const,
        description: 'batch',
        postings: [
          { accountId: customerAccount, amountMinor: -amountMinor, currency: 'USD' },
          { accountId: equity, amountMinor, currency: 'USD' },
        ],
      });
    // The second would overdraw once the first is booked; the third still fits.
    const results = await callPostJournals(t.app.db, [pay(have - 10n), pay(11n), pay(10n)]);
    expect(results.map((r) => r.status)).toEqual(['ok', 'refused', 'ok']);
    expect(results[1]).toMatchObject({ code: 'SRB01' });
    const [after] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    expect(after.balance_minor).toBe('0');
    await withTransaction(t.app.db, (m) => fund(m, 1_000n));
  });

  it("starts a customer's PIN attempts again with a booked journal that asks it, and not with a refused one", async () => {
    const owner = await registerCustomer(t.app);
    const account = await customerAccountId(t.app.db.manager, owner.id, 'USD');
    await withTransaction(t.app.db, (m) =>
      postJournal(m, {
        kind: 'adjustment' as const,
        description: 'funding',
        postings: [
          { accountId: equity, amountMinor: -500n, currency: 'USD' },
          { accountId: account, amountMinor: 500n, currency: 'USD' },
        ],
      }),
    );
    const attempts = async () => (await t.app.db.query(`SELECT failed_count, lock_count FROM pin_attempts WHERE customer_id = $1`, [owner.id]))[0];
    await t.app.db.query(`UPDATE pin_attempts SET failed_count = 3, lock_count = 1 WHERE customer_id = $1`, [owner.id]);
    const pay = (amountMinor: bigint) =>
      toBatchItem(
        {
          kind: 'adjustment' as const,
          description: 'a payment approved with its PIN',
          postings: [
            { accountId: account, amountMinor: -amountMinor, currency: 'USD' },
            { accountId: equity, amountMinor, currency: 'USD' },
          ],
        },
        { pinReset: owner.id },
      );
    const [refused] = await callPostJournals(t.app.db, [pay(501n)]);
    expect(refused).toMatchObject({ status: 'refused', code: 'SRB01' });
    expect(await attempts()).toEqual({ failed_count: 3, lock_count: 1 });
    const [booked] = await callPostJournals(t.app.db, [pay(200n)]);
    expect(booked.status).toBe('ok');
    expect(await attempts()).toEqual({ failed_count: 0, lock_count: 0 });
  });

  it('offers post_journal(), one journal with its refusal raised as an SQLSTATE, for use from SQL', async () => {
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE id = $1`, [customerAccount]);
    const tooMuch = (BigInt(balance_minor) + 1n).toString();
    await expect(
      t.app.db.query(`SELECT post_journal('test', 'SRSQLTEST1', 'from SQL', '{}', ARRAY[$1, $2]::bigint[], ARRAY[-$3::bigint, $3::bigint], ARRAY['USD', 'USD'])`, [customerAccount, equity, tooMuch]),
    ).rejects.toMatchObject({ code: 'SRB01' });
    const [ok] = await t.app.db.query(`SELECT post_journal('test', 'SRSQLTEST2', 'from SQL', '{}', ARRAY[$1, $2]::bigint[], ARRAY[-1, 1]::bigint[], ARRAY['USD', 'USD']) AS r`, [
      customerAccount,
      equity,
    ]);
    expect(ok.r.balances[customerAccount]).toBe((BigInt(balance_minor) - 1n).toString());
  });

  it('finds journals, Idempotency-Keys and accounts by key, however long the history', async () => {
    // A history big enough that a whole-table scan would be the planner's choice only if it were forced to.
    const history = Array.from({ length: 3000 }, (_, i) =>
      toBatchItem(
        {
          kind: 'adjustment' as const,
          reference: `SRHISTORY${i}`,
          description: 'history',
          postings: [
            { accountId: equity, amountMinor: -1n, currency: 'USD' },
            { accountId: customerAccount, amountMinor: 1n, currency: 'USD' },
          ],
        },
        { idempotency: { scope: 'ledger-test', key: `history-${i}`, hash: 'h'.repeat(64), status: 201, ref: `SRHISTORY${i}` } },
      ),
    );
    expect((await callPostJournals(t.app.db, history)).every((r) => r.status === 'ok')).toBe(true);
    await t.app.db.query('ANALYZE journals, postings, idempotency_keys');

    const scans = await withTransaction(t.app.db, async (m) => {
      const batch = [0, 1].map((i) =>
        toBatchItem(
          {
            kind: 'adjustment' as const,
            reference: `SRKEYED${i}`,
            description: 'keyed',
            postings: [
              { accountId: equity, amountMinor: -1n, currency: 'USD' },
              { accountId: customerAccount, amountMinor: 1n, currency: 'USD' },
            ],
          },
          { idempotency: { scope: 'ledger-test', key: i === 0 ? 'history-7' : 'fresh-key', hash: 'h'.repeat(64), status: 201, ref: `SRKEYED${i}` } },
        ),
      );
      // Whole-table scans of each table (index probes are not counted), read before and after: the
      // counters also hold earlier transactions' scans until they are flushed.
      const seqScans = async () => (await m.query(`SELECT pg_stat_get_xact_numscans('journals'::regclass)::int AS journals, pg_stat_get_xact_numscans('idempotency_keys'::regclass)::int AS keys`))[0];
      const before = await seqScans();
      const [r] = await m.query(`SELECT post_journals($1::jsonb) AS r`, [JSON.stringify(batch)]);
      expect(r.r.results.map((x: { status: string }) => x.status)).toEqual(['used', 'ok']);
      const after = await seqScans();
      return { journals: after.journals - before.journals, keys: after.keys - before.keys };
    });
    expect(scans).toEqual({ journals: 0, keys: 0 });
  });
});
