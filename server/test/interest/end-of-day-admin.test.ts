// The console's end of day: staff list the runs and read one and an account's interest; an admin runs a failed date
// again (audited, in the background); an auditor reads only.
import { tryEndOfDayLock } from '../../src/modules/interest/end-of-day.lock';
import { runBusinessDate } from '../../src/modules/interest';
import { approvedCustomer, createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { moveMoney, runDays, savingsAccount, setRates, ZONE } from './interest-fixtures';

describe('the end of day in the console', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  let account: Awaited<ReturnType<typeof savingsAccount>>;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, auditor] = [await staffSession(t.app, 'admin'), await staffSession(t.app, 'auditor')];
    await setRates(t.app, 'savings', '2033-01-01', [
      [0, '3.65'],
      [1_000_000, '7.30'],
    ]);
    account = await savingsAccount(t.app);
    // 15,000.00: 10,000.00 at 3.65% (1.00 a day) and 5,000.00 at 7.30% (1.00 a day).
    await moveMoney(t.app, account, 1_500_000n);
    await runDays(t.app, '2033-01-30', '2033-02-02');
  });
  afterAll(() => t.close());

  const get = (url: string, session: Session = auditor) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });

  it('lists the runs newest first, paged, with their tallies and interest per currency', async () => {
    const res = await get('/v1/admin/end-of-day-runs?range=[0,1]');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('end-of-day-runs 0-1/4');
    const runs = res.json();
    expect(runs.map((r: { businessDate: string }) => r.businessDate)).toEqual(['2033-02-02', '2033-02-01']);
    expect(runs[0]).toMatchObject({ id: '2033-02-02', status: 'done', timeZone: 'UTC', attempts: 1, failures: 0, error: null, accountsPosted: 0, depositsMatured: 0 });
    expect(runs[0].accountsAccrued).toBeGreaterThanOrEqual(1);
    expect(runs[0].durationMs).toBeGreaterThanOrEqual(0);
    const oldest = await get('/v1/admin/end-of-day-runs?sort=["businessDate","ASC"]&range=[0,0]');
    expect(oldest.json()[0].businessDate).toBe('2033-01-30');
  });

  it('shows a month end with what it paid, accrued in major units rounded down and exact in minor units', async () => {
    const res = await get('/v1/admin/end-of-day-runs/2033-01-31');
    expect(res.statusCode).toBe(200);
    const run = res.json();
    expect(run).toMatchObject({ businessDate: '2033-01-31', status: 'done', accountsPosted: 1 });
    // The one account accrued 2.00 a day (other accounts here hold nothing); January paid the two days it accrued.
    expect(run.totals).toEqual([{ currency: 'USD', accrued: '2.00', accruedMinorExact: '200.0000000000', posted: '4.00' }]);
    expect((await get('/v1/admin/end-of-day-runs/2033-02-30')).statusCode).toBe(404);
    expect((await get('/v1/admin/end-of-day-runs/2034-01-01')).json()).toEqual({ success: false, error: 'End-of-day run not found' });
    expect((await get('/v1/admin/end-of-day-runs/yesterday')).statusCode).toBe(404);
  });

  it("shows an account's interest: accrued exact and rounded, the dates, the rates applied and in force, paid this year", async () => {
    await runDays(t.app, '2033-02-03', '2033-02-03');
    const res = await get(`/v1/admin/interest/accounts/${account.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: account.id,
      product: 'savings',
      earnsInterest: true,
      // Three days at 2.00, and January's 4.00 paid on the 1st earning 7.30% (0.08 of a cent a day).
      accruedMinor: '600.2400000000',
      accrued: '6.00',
      accruedThrough: '2033-02-03',
      postedThrough: '2033-01-31',
      ratesApplied: { lowPercent: '3.65', highPercent: '7.30' },
      lastPostings: [{ amount: '4.00', description: 'Interest for January 2033 at 3.65% to 7.30%', period: '2033-01', valueDate: '2033-02-01' }],
    });
    // Paid this year counts by the time paid (today, by the app's clock), not the period.
    expect(res.json().paidThisYear).toBe('4.00');
    expect((await get('/v1/admin/interest/accounts/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await get('/v1/admin/interest/accounts/not-an-id')).statusCode).toBe(404);
    const customer = await approvedCustomer(t.app, { staff: admin });
    expect((await t.app.inject({ method: 'GET', url: `/v1/admin/interest/accounts/${account.id}`, headers: customer.session.headers })).statusCode).toBe(403);
  });

  it('lets an admin run a failed date again, in the background and audited; not an auditor, nor a date that is done', async () => {
    const crash = () => {
      throw new Error('the server stopped');
    };
    await expect(runBusinessDate(t.app.db, { businessDate: '2033-02-04', zone: ZONE, afterChunk: crash })).rejects.toThrow('the server stopped');
    const failed = await get('/v1/admin/end-of-day-runs?filter={"status":"failed"}');
    expect(failed.json()).toEqual([expect.objectContaining({ businessDate: '2033-02-04', status: 'failed', error: 'the server stopped', durationMs: expect.any(Number) })]);

    const url = '/v1/admin/end-of-day-runs/2033-02-04/rerun';
    expect((await t.app.inject({ method: 'POST', url, headers: auditor.headers })).statusCode).toBe(403);
    const held = (await tryEndOfDayLock(t.app.db))!;
    try {
      const busy = await t.app.inject({ method: 'POST', url, headers: admin.headers });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toMatch(/^The end of day is running now/);
    } finally {
      await held.release();
    }
    const res = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ success: true, message: 'The run of 2033-02-04 has started again', run: { businessDate: '2033-02-04', status: 'failed' } });
    await t.app.background.idle();
    expect((await get('/v1/admin/end-of-day-runs/2033-02-04')).json()).toMatchObject({ status: 'done', attempts: 2, error: null });
    const [audit] = await t.app.db.query(`SELECT actor_email, target_type, target_id, details FROM audit_log WHERE action = 'end_of_day.rerun'`);
    expect(audit).toMatchObject({ target_type: 'end_of_day_run', target_id: '2033-02-04', details: { attempts: 1, error: 'the server stopped' } });
    expect(audit.actor_email).toMatch(/^admin\./);

    const again = await t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Only a failed run can be run again; the run of 2033-02-04 is done');
    expect((await t.app.inject({ method: 'POST', url: '/v1/admin/end-of-day-runs/2034-01-01/rerun', headers: admin.headers })).statusCode).toBe(404);
  });
});
