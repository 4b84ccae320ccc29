// The end of day as an operable job (docs/operations/end-of-day.md): a date run again changes nothing, a run stopped
// mid-way resumes and accrues every account once, two workers at once do what one does, and the job catches up the
// dates a stopped server missed, in order, waiting for transactions begun before a date ended. Business dates are
// later than today (none has ended for the database), so an account's end-of-day balance is its balance now.
import { poolOf } from '../../src/common/sql';
import { addDays } from '../../src/common/business-date';
import { END_OF_DAY_TASK, runBusinessDate, runEndOfDay } from '../../src/modules/interest';
import { capturedLog, createTestApp, type TestApp } from '../helpers/test-app';
import { interestLedgerState, populationState, runDays, savingsPopulation, ZONE } from './interest-fixtures';

/** Balances from 0.01 to about 20,000.00, across the savings tiers (10,000.00 and up earns more). */
const balanceOf = (g: number) => ((g * 7919) % 2_000_000) + 1;
const ACCOUNTS = 40;
/** Noon UTC on `date`: the app's clock there makes the day before the last date that has ended. */
const noonOn = (date: string) => new Date(`${date}T12:00:00Z`);

describe('the end of day: reruns, resumes and two workers at once', () => {
  let t: TestApp;
  let control: TestApp;
  beforeAll(async () => {
    [t, control] = await Promise.all([createTestApp(), createTestApp()]);
    await Promise.all([savingsPopulation(t.app, ACCOUNTS, balanceOf), savingsPopulation(control.app, ACCOUNTS, balanceOf)]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), control.close()]);
  });

  it('runs a date again without changing anything: balances, accruals, journals and tallies are as they were', async () => {
    await runDays(t.app, '2031-01-01', '2031-01-31');
    await runDays(control.app, '2031-01-01', '2031-01-31');
    const before = { accounts: await populationState(t.app), ledger: await interestLedgerState(t.app) };
    expect((before.ledger.runs as unknown[]).length).toBe(31);
    // A month end (2031-01-31, when interest was paid) and a day within it.
    for (const date of ['2031-01-31', '2031-01-15']) expect(await runBusinessDate(t.app.db, { businessDate: date, zone: ZONE, chunk: 7 })).toEqual({ ran: false, reason: 'done' });
    expect({ accounts: await populationState(t.app), ledger: await interestLedgerState(t.app) }).toEqual(before);
    expect(before.accounts).toEqual(await populationState(control.app));
  });

  it('resumes a run that stopped after its first chunk of accruals, accruing every account exactly once', async () => {
    const crash = (after: 'accrue' | 'post') => (step: 'accrue' | 'post') => {
      if (step === after) throw new Error('the server stopped');
    };
    await expect(runBusinessDate(t.app.db, { businessDate: '2031-02-01', zone: ZONE, chunk: 7, afterChunk: crash('accrue') })).rejects.toThrow('the server stopped');
    const [stopped] = await t.app.db.query(`SELECT status, attempts, accounts_accrued, error FROM end_of_day_runs WHERE business_date = '2031-02-01'`);
    expect(stopped).toEqual({ status: 'failed', attempts: 1, accounts_accrued: 7, error: 'the server stopped' });
    const outcome = await runBusinessDate(t.app.db, { businessDate: '2031-02-01', zone: ZONE, chunk: 7 });
    expect(outcome).toMatchObject({ ran: true, run: { status: 'done', attempts: 2, accounts_accrued: ACCOUNTS } });
    await runDays(control.app, '2031-02-01', '2031-02-01');
    expect(await populationState(t.app)).toEqual(await populationState(control.app));
  });

  it('resumes a month end that stopped after its first chunk of payments, paying every account once', async () => {
    await runDays(t.app, '2031-02-02', '2031-02-27');
    await runDays(control.app, '2031-02-02', '2031-02-28');
    const crashing = { businessDate: '2031-02-28', zone: ZONE, chunk: 7, afterChunk: (step: string) => (step === 'post' ? Promise.reject(new Error('the server stopped')) : undefined) };
    await expect(runBusinessDate(t.app.db, crashing)).rejects.toThrow('the server stopped');
    const [stopped] = await t.app.db.query(`SELECT status, accounts_accrued, accounts_posted FROM end_of_day_runs WHERE business_date = '2031-02-28'`);
    expect(stopped).toEqual({ status: 'failed', accounts_accrued: ACCOUNTS, accounts_posted: 7 });
    await runDays(t.app, '2031-02-28', '2031-02-28');
    const [after, expected] = [await populationState(t.app), await populationState(control.app)];
    expect(after).toEqual(expected);
    const [{ payments }] = await t.app.db.query(`SELECT count(*)::int AS payments FROM transactions WHERE kind = 'interest' AND metadata->>'period' = '2031-02'`);
    expect(payments).toBe(expected.filter((a) => Number(a.interest) > 0 && a.posted_through === '2031-02-28').length);
    const ledger = (state: Record<string, unknown>) => ({ books: state.books, internal: state.internal });
    expect(ledger(await interestLedgerState(t.app))).toEqual(ledger(await interestLedgerState(control.app)));
  });

  it('two runs of the same date at once do what one does: one runs it, the other waits for it and finds it done', async () => {
    const outcomes = await Promise.all([
      runBusinessDate(t.app.db, { businessDate: '2031-03-01', zone: ZONE, chunk: 3 }),
      runBusinessDate(t.app.db, { businessDate: '2031-03-01', zone: ZONE, chunk: 3 }),
    ]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ran)).toEqual({ ran: false, reason: 'done' });
    await runDays(control.app, '2031-03-01', '2031-03-01');
    expect(await populationState(t.app)).toEqual(await populationState(control.app));
    const [run] = await t.app.db.query(`SELECT status, attempts, accounts_accrued FROM end_of_day_runs WHERE business_date = '2031-03-01'`);
    expect(run).toEqual({ status: 'done', attempts: 1, accounts_accrued: ACCOUNTS });
  });

  it('two ticks of the job at once run each missing date once, as one tick does', async () => {
    t.app.clock.set(noonOn('2031-03-05'));
    control.app.clock.set(noonOn('2031-03-05'));
    try {
      const outcomes = await Promise.all([runEndOfDay(t.app, {}, { chunk: 5 }), runEndOfDay(t.app, {}, { chunk: 5 })]);
      const ran = outcomes.flatMap((o) => (o.busy ? [] : o.ran));
      expect(ran).toEqual(['2031-03-02', '2031-03-03', '2031-03-04']);
      expect(await runEndOfDay(control.app)).toEqual({ busy: false, ran: ['2031-03-02', '2031-03-03', '2031-03-04'] });
      expect(await populationState(t.app)).toEqual(await populationState(control.app));
      const runs = await t.app.db.query(`SELECT business_date::text AS date, attempts FROM end_of_day_runs WHERE business_date > '2031-03-01' ORDER BY 1`);
      expect(runs).toEqual(['2031-03-02', '2031-03-03', '2031-03-04'].map((date) => ({ date, attempts: 1 })));
    } finally {
      t.app.clock.set(null);
      control.app.clock.set(null);
    }
  });
});

describe('the end of day job: which dates it runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await savingsPopulation(t.app, 5, balanceOf);
  });
  afterAll(async () => {
    t.app.clock.set(null);
    await t.close();
  });
  const runDates = async () => (await t.app.db.query(`SELECT business_date::text AS date, status FROM end_of_day_runs ORDER BY 1`)) as { date: string; status: string }[];

  it('with no run yet, runs yesterday only in the bank time zone: interest begins with the first run', async () => {
    // 23:30 UTC on the 10th is already the 11th in Auckland (BANK_TIME_ZONE): the 10th has ended there.
    t.app.clock.set(new Date('2031-06-10T23:30:00Z'));
    expect(await runEndOfDay(t.app)).toEqual({ busy: false, ran: ['2031-06-09'] });
    expect(await runEndOfDay({ ...t.app, config: { ...t.app.config, bankTimeZone: 'Pacific/Auckland' } } as typeof t.app)).toEqual({ busy: false, ran: ['2031-06-10'] });
    expect(await runDates()).toEqual([
      { date: '2031-06-09', status: 'done' },
      { date: '2031-06-10', status: 'done' },
    ]);
    const [{ zone }] = await t.app.db.query(`SELECT time_zone AS zone FROM end_of_day_runs WHERE business_date = '2031-06-10'`);
    expect(zone).toBe('Pacific/Auckland');
    expect(await runEndOfDay(t.app)).toEqual({ busy: false, ran: [] });
  });

  it('catches up the dates a stopped server missed, oldest first, each once', async () => {
    t.app.clock.set(noonOn('2031-06-15'));
    expect(await runEndOfDay(t.app)).toEqual({ busy: false, ran: ['2031-06-11', '2031-06-12', '2031-06-13', '2031-06-14'] });
    const [{ through }] = await t.app.db.query(`SELECT DISTINCT accrued_through::text AS through FROM interest_accruals`);
    expect(through).toBe('2031-06-14');
  });

  it('stops at a date that fails and tries it again on its next run, before the dates after it', async () => {
    // A deposit that cannot be paid out fails its date (the deposits module pays it; here it refuses).
    const [account] = await t.app.db.query(`SELECT id, customer_id FROM accounts WHERE number = '8200000001'`);
    await t.ownerQuery(
      `INSERT INTO term_deposits (account_id, source_account_id, principal_minor, term_months, rate_percent, start_date, maturity_date)
       SELECT $1, (SELECT id FROM accounts WHERE number = '8200000002'), 100000, 3, 3.0, '2031-03-16', '2031-06-17'`,
      [account.id],
    );
    let refuse = true;
    const matureDeposit = async () => {
      if (refuse) throw new Error('cannot pay out');
      return true;
    };
    t.app.clock.set(noonOn('2031-06-18'));
    expect(await runEndOfDay(t.app, { matureDeposit })).toEqual({ busy: false, ran: ['2031-06-15'], failed: '2031-06-16' });
    expect((await runDates()).slice(-2)).toEqual([
      { date: '2031-06-15', status: 'done' },
      { date: '2031-06-16', status: 'failed' },
    ]);
    const [failed] = await t.app.db.query(`SELECT error FROM end_of_day_runs WHERE business_date = '2031-06-16'`);
    expect(failed.error).toBe(`1 matured term deposits could not be paid out (first, the term deposit ${account.id}: cannot pay out)`);
    refuse = false;
    expect(await runEndOfDay(t.app, { matureDeposit })).toEqual({ busy: false, ran: ['2031-06-16', '2031-06-17'] });
    const [run] = await t.app.db.query(`SELECT status, attempts, deposits_matured, failures FROM end_of_day_runs WHERE business_date = '2031-06-16'`);
    expect(run).toEqual({ status: 'done', attempts: 2, deposits_matured: 1, failures: 1 });
  });

  it('waits for a transaction begun before a date ended, and leaves the date to the next run if it stays open', async () => {
    t.app.clock.set(noonOn('2031-06-19'));
    const open = await poolOf(t.app.db).connect();
    try {
      await open.query('BEGIN');
      await open.query('SELECT 1');
      const started = Date.now();
      expect(await runEndOfDay(t.app, {}, { waitForTransactionsMs: 600 })).toEqual({ busy: false, ran: [], waitingOn: '2031-06-18' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect((await runDates()).at(-1)!.date).toBe('2031-06-17');
      // It commits while the next run waits: the date runs then.
      const next = runEndOfDay(t.app, {}, { waitForTransactionsMs: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await open.query('COMMIT');
      expect(await next).toEqual({ busy: false, ran: ['2031-06-18'] });
    } finally {
      open.release();
    }
  });

  it('is busy while another session holds the end of day lock', async () => {
    t.app.clock.set(noonOn(addDays('2031-06-19', 2)));
    const first = runEndOfDay(t.app);
    const second = runEndOfDay(t.app);
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.filter((o) => o.busy)).toHaveLength(1);
    expect(outcomes.find((o) => !o.busy)).toEqual({ busy: false, ran: ['2031-06-19', '2031-06-20'] });
  });
});

describe('the end of day job on the queue', () => {
  let t: TestApp;
  const log = capturedLog();
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' }, { logStream: log.stream });
    await savingsPopulation(t.app, 3, balanceOf);
  });
  afterAll(async () => {
    t.app.clock.set(null);
    await t.close();
  });

  it('runs the dates that have ended when the queue runs its job, and logs each with its tallies and duration', async () => {
    t.app.clock.set(noonOn('2032-01-02'));
    await t.app.jobs.enqueue(t.app.db, END_OF_DAY_TASK, {});
    await t.app.jobs.drain();
    const runs = await t.app.db.query(`SELECT business_date::text AS date, status, accounts_accrued FROM end_of_day_runs`);
    expect(runs).toEqual([{ date: '2032-01-01', status: 'done', accounts_accrued: 3 }]);
    const lines = log.lines.map((line) => JSON.parse(line)).filter((line) => line.component === 'end-of-day');
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'business date run',
        businessDate: '2032-01-01',
        timeZone: 'UTC',
        status: 'done',
        accountsAccrued: 3,
        accountsPosted: 0,
        attempt: 1,
        durationMs: expect.any(Number),
      }),
    ]);
  });
});
