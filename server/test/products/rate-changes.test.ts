import { withTransaction } from '../../src/db/transaction';
import { openFurtherAccount } from '../../src/modules/accounts';
import { approvedCustomer, createTestApp, lastMail, staffMember, staffLogin, type Session, type StaffMember, type TestApp } from '../helpers/test-app';
import { openSecondAccount } from '../transactions/held-accounts';
import { enqueueRateChangeNotices } from '../../src/modules/products/products.jobs';

const TODAY = new Date('2027-03-10T12:00:00Z');
const savings = (overrides: Record<string, unknown> = {}) => ({
  product: 'savings',
  termMonths: 0,
  effectiveFrom: '2027-03-10',
  tiers: [
    { from: '0.00', ratePercent: '1.75' },
    { from: '10000.00', ratePercent: '2.50' },
  ],
  reason: 'Central bank rate up 0.25',
  ...overrides,
});

describe('staff rate changes: GET/POST /v1/admin/rate-changes', () => {
  let t: TestApp;
  let adminMember: StaffMember;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    adminMember = await staffMember(t.app, 'admin');
    admin = await staffLogin(t.app, adminMember);
    auditor = await staffLogin(t.app, await staffMember(t.app, 'auditor'));
  });
  afterAll(() => t.close());
  beforeEach(() => t.app.clock.set(TODAY));
  afterEach(() => t.app.clock.set(null));

  const post = (session: Session, payload: unknown) => t.app.inject({ method: 'POST', url: '/v1/admin/rate-changes', headers: session.headers, payload: payload as object });

  it('sets a schedule from today: the history shows old -> new, who and why, and the audit log has it', async () => {
    const res = await post(admin, savings());
    expect(res.statusCode).toBe(201);
    const { rateChange } = res.json();
    expect(rateChange).toEqual({
      id: expect.any(String),
      product: 'savings',
      termMonths: 0,
      effectiveFrom: '2027-03-10',
      tiers: [
        { from: '0.00', ratePercent: '1.75' },
        { from: '10000.00', ratePercent: '2.50' },
      ],
      previousTiers: [
        { from: '0.00', ratePercent: '1.50' },
        { from: '10000.00', ratePercent: '2.25' },
      ],
      summary: '1.50%, 2.25% from 10000.00 → 1.75%, 2.50% from 10000.00',
      reason: 'Central bank rate up 0.25',
      changedBy: adminMember.email,
      changedAt: TODAY.toISOString(),
    });

    const list = await t.app.inject({ method: 'GET', url: '/v1/admin/rate-changes?filter={"product":"savings"}&sort=["effectiveFrom","DESC"]&range=[0,9]', headers: { cookie: auditor.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('rate-changes 0-1/2');
    expect(list.json().map((r: { id: string; changedBy: string }) => [r.id, r.changedBy])).toEqual([
      [rateChange.id, adminMember.email],
      [expect.any(String), 'system'],
    ]);
    const terms = await t.app.inject({ method: 'GET', url: '/v1/admin/rate-changes?filter={"product":"fixed_deposit","termMonths":12}', headers: { cookie: auditor.cookie } });
    expect(terms.json()).toEqual([expect.objectContaining({ termMonths: 12, previousTiers: null, tiers: [{ from: '0.00', ratePercent: '4.00' }] })]);

    const product = await t.app.inject({ method: 'GET', url: '/v1/admin/products/savings', headers: { cookie: auditor.cookie } });
    expect(product.json()).toMatchObject({ id: 'savings', tiers: rateChange.tiers, history: [{ id: rateChange.id }, { previousTiers: null }] });
    const products = await t.app.inject({ method: 'GET', url: '/v1/admin/products', headers: { cookie: auditor.cookie } });
    expect(products.headers['content-range']).toBe('products 0-3/4');
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/products/loans', headers: { cookie: auditor.cookie } })).json()).toEqual({ success: false, error: 'Product not found' });

    const [audit] = await t.app.db.query(`SELECT actor_email, action, target_type, target_id, reason, details FROM audit_log WHERE action = 'rate_change.create' ORDER BY id DESC LIMIT 1`);
    expect(audit).toMatchObject({
      actor_email: adminMember.email,
      target_type: 'deposit_product',
      target_id: 'savings',
      reason: 'Central bank rate up 0.25',
      details: { rateChangeId: rateChange.id, effectiveFrom: '2027-03-10', previous: rateChange.previousTiers, current: rateChange.tiers },
    });
  });

  it('refuses a past date, tiers out of order or not from 0, a product without interest, an unknown product, and auditors', async () => {
    const refused = async (session: Session, payload: unknown, status: number) => {
      const res = await post(session, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().success).toBe(false);
      return res.json() as { error: string; errors?: Record<string, string> };
    };
    const before = await t.app.db.query(`SELECT count(*) FROM rate_changes`);
    expect((await refused(admin, savings({ effectiveFrom: '2027-03-09' }), 400)).errors).toEqual({ effectiveFrom: 'Rates can change from today (2027-03-10) on, never in the past' });
    expect((await refused(admin, savings({ effectiveFrom: '2027-02-30' }), 400)).errors).toMatchObject({ effectiveFrom: 'Effective date must be a date such as 2027-01-01' });
    const unordered = [
      { from: '0.00', ratePercent: '1.00' },
      { from: '5000.00', ratePercent: '2.00' },
      { from: '5000.00', ratePercent: '3.00' },
    ];
    expect((await refused(admin, savings({ tiers: unordered }), 400)).errors).toEqual({ tiers: 'Each tier must start above the one before it' });
    expect((await refused(admin, savings({ tiers: [{ from: '100.00', ratePercent: '1.00' }] }), 400)).errors).toEqual({ tiers: 'The first tier must start from 0.00' });
    expect((await refused(admin, savings({ tiers: [{ from: '0.00', ratePercent: '100' }] }), 400)).errors).toMatchObject({ 'tiers[0].ratePercent': expect.stringContaining('below 100') });
    expect((await refused(admin, savings({ tiers: [{ from: '0.00', ratePercent: '1.12345' }] }), 400)).errors).toMatchObject({ 'tiers[0].ratePercent': expect.any(String) });
    expect((await refused(admin, savings({ reason: '   ' }), 400)).errors).toMatchObject({ reason: 'Please give a reason for the change' });
    const twoTiers = { product: 'fixed_deposit', termMonths: 6, effectiveFrom: '2027-04-01', tiers: savings().tiers, reason: 'x' };
    expect((await refused(admin, twoTiers, 400)).errors).toEqual({ tiers: 'A term deposit term has exactly one rate' });
    expect((await refused(admin, { ...twoTiers, termMonths: 0, tiers: [{ from: '0.00', ratePercent: '3.00' }] }, 400)).errors).toMatchObject({ termMonths: expect.any(String) });
    expect((await refused(admin, savings({ product: 'checking' }), 400)).errors).toEqual({ product: 'Current account does not earn interest' });
    expect((await refused(admin, savings({ product: 'mortgage' }), 400)).errors).toMatchObject({ product: 'Please choose a product' });
    expect((await refused(admin, savings({ extra: 1 }), 400)).errors).toMatchObject({ extra: 'Unknown field: extra' });
    expect((await refused(auditor, savings(), 403)).error).toBe('Your role does not allow this action');
    expect((await t.app.inject({ method: 'POST', url: '/v1/admin/rate-changes', payload: savings() })).statusCode).toBe(401);
    expect(await t.app.db.query(`SELECT count(*) FROM rate_changes`)).toEqual(before);
  });

  it("e-mails the owners of the product's accounts, and of deposits of the term that will renew, through the job queue", async () => {
    const saver = await approvedCustomer(t.app, { staff: admin });
    await openSecondAccount(t.app, saver.id);
    const renewing = await approvedCustomer(t.app, { staff: admin });
    const notRenewing = await approvedCustomer(t.app, { staff: admin });
    for (const [customer, renew] of [
      [renewing, true],
      [notRenewing, false],
    ] as const) {
      const source = await t.app.db.query(`SELECT id FROM accounts WHERE customer_id = $1 AND is_primary`, [customer.id]);
      const depositId = await withTransaction(t.app.db, (m) =>
        openFurtherAccount(m, { customerId: customer.id, product: 'fixed_deposit', currency: 'USD', name: 'Term deposit 12 months', status: 'active' }),
      );
      await t.ownerQuery(
        `INSERT INTO term_deposits (account_id, source_account_id, principal_minor, term_months, rate_percent, start_date, maturity_date, renew) VALUES ($1, $2, 100000, 12, 4, '2027-01-05', '2028-01-05', $3)`,
        [depositId, source[0].id, renew],
      );
    }
    const saverMailsBefore = await mailsTo(saver.email as string);

    expect((await post(admin, savings({ effectiveFrom: '2027-04-01', tiers: [{ from: '0.00', ratePercent: '1.80' }], reason: 'One rate for every balance' }))).statusCode).toBe(201);
    const mail = await lastMail(t.app, saver.email as string);
    expect(mail.template).toBe('rateChange');
    expect(mail.subject).toBe('Your savings account interest rate changes on 2027-04-01');
    expect(mail.bodyText).toContain('Until then: 1.75% up to 10000.00; 2.50% on the part of the balance from 10000.00');
    expect(mail.bodyText).toContain('From 2027-04-01: 1.80%');
    expect(await mailsTo(saver.email as string)).toBe(saverMailsBefore + 1);
    expect(await mailsTo(renewing.email as string)).toBe(0);

    expect((await post(admin, { product: 'fixed_deposit', termMonths: 12, effectiveFrom: '2027-03-20', tiers: [{ from: '0.00', ratePercent: '3.9' }], reason: 'Term rates down' })).statusCode).toBe(
      201,
    );
    const notice = await lastMail(t.app, renewing.email as string);
    expect(notice.subject).toBe('Your 12-month term deposit interest rate changes on 2027-03-20');
    expect(notice.bodyText).toContain('Until then: 4.00%');
    expect(notice.bodyText).toContain('From 2027-03-20: 3.90%');
    expect(notice.bodyText).toContain('when it renews, it renews at the new rate');
    expect(await mailsTo(notRenewing.email as string)).toBe(0);
    expect(await mailsTo(saver.email as string)).toBe(saverMailsBefore + 1);
  });

  it('mails a long list of customers in batches, each once, one job chaining the next', async () => {
    const owners = [];
    for (let i = 0; i < 3; i++) {
      const customer = await approvedCustomer(t.app, { staff: admin });
      await openSecondAccount(t.app, customer.id);
      owners.push(customer);
    }
    const [{ id }] = await t.app.db.query(`SELECT id::text FROM rate_changes WHERE product = 'savings' ORDER BY id DESC LIMIT 1`);
    const before = await Promise.all(owners.map((o) => mailsTo(o.email as string)));
    // Batches of one: every savings owner so far (earlier tests' too) is a job of their own.
    await enqueueRateChangeNotices(t.app, t.app.db, id as string, null, 1);
    await t.app.jobs.drain();
    expect(await Promise.all(owners.map((o) => mailsTo(o.email as string)))).toEqual(before.map((n) => n + 1));
  });

  async function mailsTo(email: string): Promise<number> {
    await t.app.jobs.drain();
    const [{ count }] = await t.app.db.query(`SELECT count(*)::int AS count FROM outbox WHERE lower(to_address) = lower($1) AND template = 'rateChange'`, [email]);
    return count as number;
  }
});
