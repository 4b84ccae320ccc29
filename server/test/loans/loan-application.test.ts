import { openText } from '../../src/common/crypto';
import { approvedCustomer, createTestApp, login, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';
import { application, applyForLoan, loansOf } from './loan-helpers';

describe('POST /v1/loan and GET /v1/loan/user/:userId', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes an application at the rate of its type, with the calculator payment, and returns only the SSN last 4', async () => {
    const a = await approvedCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/loan', headers: a.session.headers, payload: application({ loanAmount: '25000', termLength: 36 }) });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toMatch(/123-?45-?6789/);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Loan application submitted successfully',
      loan: {
        status: 'pending',
        loanAmount: '25000.00',
        interestRate: '6.99',
        termLength: 36,
        monthlyPayment: '771.81',
        totalInterest: '2785.27',
        totalAmount: '27785.27',
        ssnLast4: '6789',
        schedule: [],
      },
    });
    expect(res.json().loan.timeline).toEqual([expect.objectContaining({ status: 'pending', from: null, by: 'you' })]);
    const [row] = await t.app.db.query(`SELECT ssn_sealed, ssn_last4 FROM loans WHERE id = $1`, [res.json().loan.id]);
    expect(row.ssn_sealed).not.toContain('6789');
    expect(openText(t.config.keys.dataEncryption, row.ssn_sealed, 'loan-ssn')).toBe('123456789');
    const home = await applyForLoan(t.app, a.session, { loanType: 'home' });
    expect(home).toMatchObject({ interestRate: '3.99' });
  });

  it('refuses bad input with the spec messages, never a 500', async () => {
    const a = await approvedCustomer(t.app);
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/v1/loan', headers: a.session.headers, payload: payload as object });
    const low = await post(application({ loanAmount: '999', termLength: 6, ssn: '1234', agreeToTerms: false, annualIncome: '-5', surprise: 'x' }));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      success: false,
      errors: {
        loanAmount: 'Minimum loan amount is $1,000',
        termLength: 'Minimum term is 12 months',
        ssn: 'SSN must be at least 9 characters',
        agreeToTerms: 'You must agree to the terms and conditions',
        annualIncome: 'Annual income must be 0 or more',
        surprise: 'Unknown field: surprise',
      },
    });
    const types = await post(application({ termLength: '36', loanType: 'yacht' }));
    expect(types.statusCode).toBe(400);
    expect(types.json().errors).toMatchObject({ loanType: 'Please select a loan type', termLength: 'Minimum term is 12 months' });
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toHaveLength(21);
    const notJson = await t.app.inject({ method: 'POST', url: '/v1/loan', headers: { ...a.session.headers, 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(notJson.statusCode).toBe(400);
    expect((await t.app.db.query(`SELECT count(*)::int AS n FROM loans WHERE customer_id = $1`, [a.id]))[0].n).toBe(0);
  });

  it('needs a signed-in, approved customer', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/loan', payload: application() });
    expect(anonymous.statusCode).toBe(401);
    const c = await registerCustomer(t.app);
    const pending = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'POST', url: '/v1/loan', headers: pending.headers, payload: application() });
    expect(res.statusCode).toBe(403);
  });

  it("shows a customer their own loans and answers 404 for anyone else's; staff read any", async () => {
    const a = await approvedCustomer(t.app);
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const loan = await applyForLoan(t.app, a.session);
    expect((await loansOf(t.app, a.session, a.id)).map((l) => l.id)).toEqual([loan.id]);
    expect(await loansOf(t.app, b.session, b.id)).toEqual([]);
    const other = await t.app.inject({ method: 'GET', url: `/v1/loan/user/${a.id}`, headers: { cookie: b.session.cookie } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, error: 'Customer not found' });
    const malformed = await t.app.inject({ method: 'GET', url: '/v1/loan/user/not-a-uuid', headers: { cookie: a.session.cookie } });
    expect(malformed.statusCode).toBe(404);
    const auditor = await staffSession(t.app, 'auditor');
    expect((await loansOf(t.app, auditor, a.id)).map((l) => l.id)).toEqual([loan.id]);
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/loan/user/${a.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
