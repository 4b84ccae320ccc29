// A year of the end of day over 3,000 savings accounts, with payments between them every day, a rate change
// mid-year and accounts closing: at the end the ledger still balances, the interest books, the ledger's interest
// accounts and the accounts' accruals agree, and what sample accounts were paid matches an independent
// recomputation (docs/decisions/0063-interest.md). Dates are later than today, so a day's balance is the balance now.
import { addDays } from '../../src/common/business-date';
import { SYSTEM_ACTOR } from '../../src/common/actor';
import { withTransaction } from '../../src/db/transaction';
import { openFurtherAccount } from '../../src/modules/accounts';
import { closeAccount } from '../../src/modules/accounts/account-closing.service';
import { runBusinessDate } from '../../src/modules/interest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerConsistent } from '../loans/loan-helpers';
import { savingsPopulation, setRates, ZONE } from './interest-fixtures';

const ACCOUNTS = 3_000;
const FIRST = 8_300_000_000;
const PAYMENTS_A_DAY = 10;
const [YEAR_START, YEAR_END] = ['2034-01-01', '2034-12-31'];
/** 1,000.00 to 20,000.00: both sides of the 10,000.00 tier. */
const balanceOf = (g: number) => 100_000 + ((g * 7919) % 1_900_000);
const SAMPLES = [1, 2, 137, 250, 499].map((g) => String(FIRST + g));

/** The savings schedules in force (rates in ten-thousandths of a percent): the bank's opening one, then ours from July. */
const SCHEDULES: { from: string; tiers: [bigint, bigint][] }[] = [
  {
    from: '2026-01-01',
    tiers: [
      [0n, 15_000n],
      [1_000_000n, 22_500n],
    ],
  },
  {
    from: '2034-07-01',
    tiers: [
      [0n, 17_500n],
      [1_000_000n, 25_000n],
    ],
  },
];

/**
 * A day's interest on `balanceMinor`, in ten-billionths of a minor unit, worked out apart from the database: each
 * tier's rate on the part of the balance inside it, over 365 days, rounded half up to 10 decimal places.
 */
function dailyInterest(balanceMinor: bigint, date: string): bigint {
  const { tiers } = SCHEDULES.filter((s) => s.from <= date).at(-1)!;
  let weighted = 0n;
  tiers.forEach(([from, rate], i) => {
    const to = i + 1 < tiers.length ? tiers[i + 1][0] : balanceMinor;
    const part = (balanceMinor < to ? balanceMinor : to) - from;
    if (part > 0n) weighted += part * rate;
  });
  const numerator = weighted * 10n ** 10n;
  const denominator = 100n * 365n * 10_000n;
  return (2n * numerator + denominator) / (2n * denominator);
}

const tenBillionths = (value: bigint) => `${value / 10n ** 10n}.${(value % 10n ** 10n).toString().padStart(10, '0')}`;

describe('a year of end of days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await savingsPopulation(t.app, ACCOUNTS, balanceOf, FIRST);
    await setRates(t.app, 'savings', '2034-07-01', [
      [0, '1.75'],
      [1_000_000, '2.50'],
    ]);
  });
  afterAll(() => t.close());

  /** Payments between the accounts on the `day`th day: amounts up to 50.00, between pairs that change every day. */
  const payBetweenAccounts = (day: number) =>
    t.app.db.query(
      `SELECT post_journal('adjustment', 'Y' || replace(uuid_v7()::text, '-', ''), 'payment between savers', '{}'::jsonb,
         ARRAY[f.ledger_account_id, r.ledger_account_id], ARRAY[-p.amount, p.amount], ARRAY['USD', 'USD'])
         FROM (SELECT 1 + ($1::bigint * 37 + k * 101) % $2 AS payer, 1 + ($1::bigint * 53 + k * 17) % $2 AS payee, 1 + ($1::bigint * k * 7919) % 5000 AS amount
                 FROM generate_series(1, $3::int) k) p
         JOIN accounts f ON f.number = ($4::bigint + p.payer)::text AND f.status = 'active'
         JOIN accounts r ON r.number = ($4::bigint + p.payee)::text AND r.status = 'active'
        WHERE p.payer <> p.payee`,
      [day, ACCOUNTS, PAYMENTS_A_DAY, FIRST],
    );

  /** Three customers' second savings accounts, closed in the summer with their interest paid. */
  async function secondAccounts(): Promise<{ customerId: string; accountId: string; primaryId: string }[]> {
    const owners = await t.app.db.query(`SELECT customer_id, id FROM accounts WHERE number = ANY($1) ORDER BY number`, [[String(FIRST + 10), String(FIRST + 20), String(FIRST + 30)]]);
    const opened = [];
    for (const owner of owners) {
      const accountId = await withTransaction(t.app.db, (m) => openFurtherAccount(m, { customerId: owner.customer_id, product: 'savings', currency: 'USD', name: 'Pot', status: 'active' }));
      await t.app.db.query(
        `SELECT post_journal('adjustment', 'T' || replace(uuid_v7()::text, '-', ''), 'opening balance', '{}'::jsonb,
           ARRAY[(SELECT id FROM ledger_accounts WHERE code = 'equity:USD'), (SELECT ledger_account_id FROM accounts WHERE id = $1)], ARRAY[-1234567, 1234567]::bigint[], ARRAY['USD', 'USD'])`,
        [accountId],
      );
      opened.push({ customerId: owner.customer_id, accountId, primaryId: owner.id });
    }
    return opened;
  }

  const sampleBalances = async () =>
    new Map<string, bigint>(
      (await t.app.db.query(`SELECT a.number, l.balance_minor::text AS b FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.number = ANY($1)`, [SAMPLES])).map(
        (r: { number: string; b: string }) => [r.number, BigInt(r.b)],
      ),
    );

  it('keeps the ledger and the interest books whole, and pays sample accounts what an independent recomputation says', async () => {
    const closing = await secondAccounts();
    const expected = new Map(SAMPLES.map((n) => [n, { accrued: 0n, paid: [] as bigint[] }]));
    let fractionsLeft = 0n;
    let day = 0;
    for (let date = YEAR_START; date <= YEAR_END; date = addDays(date, 1), day++) {
      await payBetweenAccounts(day);
      if (date === '2034-08-15') {
        for (const c of closing) {
          const [{ fraction }] = await t.app.db.query(`SELECT ((accrued_minor - floor(accrued_minor)) * 10000000000)::bigint::text AS fraction FROM interest_accruals WHERE account_id = $1`, [
            c.accountId,
          ]);
          fractionsLeft += BigInt(fraction);
          await withTransaction(t.app.db, (m) => closeAccount(t.app, m, c.customerId, c.accountId, c.primaryId, SYSTEM_ACTOR));
        }
      }
      const balances = await sampleBalances();
      const outcome = await runBusinessDate(t.app.db, { businessDate: date, zone: ZONE });
      expect(outcome).toMatchObject({ ran: true, run: { status: 'done' } });
      for (const [number, account] of expected) {
        account.accrued += dailyInterest(balances.get(number)!, date);
        if (addDays(date, 1).endsWith('-01')) {
          const whole = account.accrued / 10n ** 10n;
          if (whole > 0n) account.paid.push(whole);
          account.accrued -= whole * 10n ** 10n;
        }
      }
    }

    // Every sample account was paid each month what the recomputation says, and keeps the same fraction accrued.
    for (const [number, account] of expected) {
      const paid = await t.app.db.query(
        `SELECT t.amount_minor::text AS amount FROM transactions t JOIN accounts a ON a.ledger_account_id = t.account_id AND a.customer_id = t.customer_id
          WHERE a.number = $1 AND t.kind = 'interest' ORDER BY t.created_at, t.id`,
        [number],
      );
      expect({ number, paid: paid.map((p: { amount: string }) => p.amount) }).toEqual({ number, paid: account.paid.map(String) });
      const [accrual] = await t.app.db.query(`SELECT s.accrued_minor::text AS accrued FROM interest_accruals s JOIN accounts a ON a.id = s.account_id WHERE a.number = $1`, [number]);
      expect({ number, accrued: accrual.accrued }).toEqual({ number, accrued: tenBillionths(account.accrued) });
    }

    // The ledger: every journal balances, every balance is its postings, the balances of each currency sum to nothing.
    expect(await t.app.db.query(`SELECT journal_id FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0`)).toEqual([]);
    await expectLedgerConsistent(t.app);

    // The interest books against the ledger and the accruals.
    const [state] = await t.app.db.query(`
      SELECT b.accrued_minor::text AS books_accrued, b.booked_minor::text AS booked, floor(b.accrued_minor)::text AS books_accrued_floor,
             (SELECT balance_minor FROM ledger_accounts WHERE code = 'interest_payable:USD')::text AS payable,
             (SELECT balance_minor FROM ledger_accounts WHERE code = 'interest_expense:USD')::text AS expense,
             (SELECT sum(amount_minor) FROM transactions WHERE kind = 'interest' AND type = 'credit')::text AS paid,
             (SELECT sum(amount_minor) FROM transactions WHERE kind = 'interest' AND type = 'credit' AND metadata ? 'period')::text AS paid_monthly,
             (SELECT sum(accrued_minor) FROM interest_accruals)::text AS accruals,
             (SELECT sum(accrued_minor) FROM end_of_day_totals)::text AS run_accrued,
             (SELECT sum(posted_minor) FROM end_of_day_totals)::text AS run_posted,
             (SELECT count(*) FROM end_of_day_runs WHERE status = 'done')::int AS runs_done
        FROM interest_books b WHERE b.currency = 'USD'`);
    const n = (text: string) => BigInt(text.replace('.', ''));
    expect(state.runs_done).toBe(365);
    // Booked is what was accrued, rounded down to the cent; what was booked went from expense to payable.
    expect(state.booked).toBe(state.books_accrued_floor);
    expect(BigInt(state.expense)).toBe(-BigInt(state.booked));
    // The payable is what was booked and not yet paid.
    expect(BigInt(state.payable)).toBe(BigInt(state.booked) - BigInt(state.paid));
    // What the accounts hold accrued is what the books accrued less what was paid (in ten-billionths of a cent).
    expect(n(state.accruals)).toBe(n(state.books_accrued) - BigInt(state.paid) * 10n ** 10n);
    // The runs' tallies: every day's accrual, less the fractions of a cent that left with the closed accounts, is in
    // the books; every month's payments are in the runs' tallies (the closings paid theirs themselves).
    expect(n(state.run_accrued) - fractionsLeft).toBe(n(state.books_accrued));
    expect(state.run_posted).toBe(state.paid_monthly);
    expect(BigInt(state.paid)).toBeGreaterThan(BigInt(state.paid_monthly));
    const closed = await t.app.db.query(`SELECT count(*)::int AS n FROM accounts WHERE id = ANY($1) AND status = 'closed'`, [closing.map((c) => c.accountId)]);
    expect(closed[0].n).toBe(3);
  }, 180_000);
});
