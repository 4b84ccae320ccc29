import type { EntityManager } from 'typeorm';
import { createTestApp, registerCustomer, type TestApp } from '../helpers/test-app';
import { callPostJournals, customerAccountId, internalAccountId, postJournal, toBatchItem, type JournalInput } from '../../src/modules/ledger/ledger.service';
import { withTransaction } from '../../src/db/transaction';

/** The daily outbound total is written by the postings' trigger, with the balance (docs/performance.md#outbound-total-written-with-the-balance). */
describe('ledger: daily outbound totals', () => {
  let t: TestApp;
  let account: string;
  let equity: string;
  const limitMinor = 1_000n;
  beforeAll(async () => {
    t = await createTestApp();
    const customer = await registerCustomer(t.app);
    account = await customerAccountId(t.app.db.manager, customer.id, 'USD');
    equity = await internalAccountId(t.app.db.manager, 'equity', 'USD');
    await withTransaction(t.app.db, (manager) => postJournal(manager, move(equity, account, 50_000n)));
  });
  afterAll(() => t.close());

  function move(from: string, to: string, amountMinor: bigint): JournalInput {
    return {
      kind: 'test',
      description: 'outbound test',
      postings: [
        { accountId: from, amountMinor: -amountMinor, currency: 'USD' },
        { accountId: to, amountMinor, currency: 'USD' },
      ],
    };
  }
  const limited = (debitMinor: bigint) => ({ outboundLimit: { accountId: account, debitMinor, limitMinor } });
  const payOut = (manager: EntityManager, amountMinor: bigint) => postJournal(manager, move(account, equity, amountMinor), limited(amountMinor));

  async function accountRow() {
    const [row] = await t.app.db.query(
      `SELECT balance_minor, outbound_minor, outbound_day = current_date AS today, (SELECT sum(amount_minor) FROM postings p WHERE p.account_id = a.id) AS postings_minor
         FROM ledger_accounts a WHERE a.id = $1`,
      [account],
    );
    return row as { balance_minor: string; outbound_minor: string; today: boolean; postings_minor: string };
  }

  it('starts a stale day again, counts a payment, and writes each account once per booking', async () => {
    await t.app.db.query(`UPDATE ledger_accounts SET outbound_day = current_date - 1, outbound_minor = 999 WHERE id = $1`, [account]);
    const updates = await withTransaction(t.app.db, async (manager) => {
      // The backend's counts not yet reported, which do not change within a transaction but by its own writes.
      const count = async () => (await manager.query(`SELECT n_tup_upd::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'ledger_accounts'`))[0].n as number;
      const before = await count();
      await payOut(manager, 300n);
      return (await count()) - before;
    });
    // The customer's account and equity: one new row version each.
    expect(updates).toBe(2);
    const row = await accountRow();
    expect(row).toMatchObject({ outbound_minor: '300', today: true, balance_minor: '49700' });
    expect(row.balance_minor).toBe(row.postings_minor);
  });

  it('judges a batch in order against the running total and counts only what it booked', async () => {
    const items = [400n, 400n, 100n].map((amountMinor) => toBatchItem(move(account, equity, amountMinor), limited(amountMinor)));
    const results = await callPostJournals(t.app.db, items);
    expect(results.map((result) => result.status)).toEqual(['ok', 'refused', 'ok']);
    expect(results[1]).toMatchObject({ code: 'SRB02' });
    expect(await accountRow()).toMatchObject({ outbound_minor: '800', today: true, balance_minor: '49200' });
    // The next booking starts from the stored total: 800 + 300 is over the limit.
    await expect(withTransaction(t.app.db, (manager) => payOut(manager, 300n))).rejects.toThrow(/daily outbound limit/);
    expect(await accountRow()).toMatchObject({ outbound_minor: '800', balance_minor: '49200' });
  });

  it('leaves nothing behind for a later posting in the same transaction', async () => {
    const setting = await withTransaction(t.app.db, async (manager) => {
      await payOut(manager, 50n);
      const [row] = await manager.query(`SELECT current_setting('strongroom.outbound_minor', true) AS value`);
      // A posting without a limit, later in the same transaction, leaves the total as it is.
      await postJournal(manager, move(equity, account, 10n));
      return row.value as string;
    });
    expect(setting).toBe('');
    expect(await accountRow()).toMatchObject({ outbound_minor: '850', balance_minor: '49160' });
  });

  it('keeps the total of a booking that failed out of the account', async () => {
    await expect(
      withTransaction(t.app.db, async (manager) => {
        await payOut(manager, 100n);
        throw new Error('the work beside the booking failed');
      }),
    ).rejects.toThrow(/beside the booking/);
    expect(await accountRow()).toMatchObject({ outbound_minor: '850', balance_minor: '49160' });
  });
});
