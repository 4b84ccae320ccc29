import { randomUUID } from 'node:crypto';
import { approvedCustomer, createTestApp, staffSession, type TestApp } from '../helpers/test-app';

// 32 clients make random same-bank transfers among 20 customers, each holding two accounts, for a bounded time: from
// either account (the primary one by the fast path, the second by naming it) to any account of another customer, or
// between their own two. Afterwards money is neither lost nor invented: totals per currency unchanged, no negative
// balance, every stored balance equal to the sum of its postings, and every 2xx transfer booked exactly once.
describe('concurrent transfers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps every invariant under 32 concurrent clients', async () => {
    const staff = await staffSession(t.app);
    const accounts: Awaited<ReturnType<typeof approvedCustomer>>[] = [];
    for (let i = 0; i < 20; i++) accounts.push(await approvedCustomer(t.app, { funded: '100.00', staff }));
    const seconds = new Map<string, { id: string; number: string }>();
    const primaries = new Map<string, string>();
    for (const a of accounts) {
      const opened = await t.app.inject({ method: 'POST', url: '/v1/accounts', headers: { ...a.session.headers, 'idempotency-key': randomUUID() }, payload: { product: 'savings', currency: 'USD' } });
      expect(opened.statusCode).toBe(201);
      seconds.set(a.id, opened.json().account);
      primaries.set(a.id, (await t.app.db.query(`SELECT id FROM accounts WHERE customer_id = $1 AND is_primary`, [a.id]))[0].id);
    }
    const totalBefore = await t.app.db.query(`SELECT currency, sum(balance_minor)::text AS total FROM ledger_accounts GROUP BY currency ORDER BY currency`);

    const deadline = Date.now() + 6000;
    const ok: { reference: string; amount: string }[] = [];
    let refused = 0;
    const client = async () => {
      while (Date.now() < deadline) {
        const from = accounts[Math.floor(Math.random() * accounts.length)];
        let to = from;
        while (to === from) to = accounts[Math.floor(Math.random() * accounts.length)];
        const amount = `${1 + Math.floor(Math.random() * 30)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
        const second = seconds.get(from.id)!;
        const fromSecond = Math.random() < 0.3;
        const own = Math.random() < 0.15;
        const res = own
          ? await t.app.inject({
              method: 'POST',
              url: '/v1/transfer/own',
              headers: { ...from.session.headers, 'idempotency-key': randomUUID() },
              payload: fromSecond ? { fromAccountId: second.id, toAccountId: primaries.get(from.id), amount } : { fromAccountId: primaries.get(from.id), toAccountId: second.id, amount },
            })
          : await t.app.inject({
              method: 'POST',
              url: '/v1/transfer/same',
              headers: { ...from.session.headers, 'idempotency-key': randomUUID() },
              payload: {
                recipientAccountNumber: Math.random() < 0.5 ? to.accountNumber : seconds.get(to.id)!.number,
                amount,
                pin: '2468',
                ...(fromSecond ? { accountId: second.id } : {}),
              },
            });
        if (res.statusCode === 201) ok.push({ reference: res.json().transaction.reference, amount });
        else if (res.statusCode === 400 && res.json().error === 'Insufficient funds') refused++;
        else throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
      }
    };
    await Promise.all(Array.from({ length: 32 }, client));
    expect(ok.length).toBeGreaterThan(50);

    const totalAfter = await t.app.db.query(`SELECT currency, sum(balance_minor)::text AS total FROM ledger_accounts GROUP BY currency ORDER BY currency`);
    expect(totalAfter).toEqual(totalBefore);
    const [{ negatives }] = await t.app.db.query(`SELECT count(*)::int AS negatives FROM ledger_accounts WHERE kind = 'customer' AND balance_minor < 0`);
    expect(negatives).toBe(0);
    const drift = await t.app.db.query(
      `SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id WHERE a.balance_minor <> coalesce(p.s, 0)`,
    );
    expect(drift).toEqual([]);
    const unbalanced = await t.app.db.query(`SELECT journal_id FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0`);
    expect(unbalanced).toEqual([]);
    const references = ok.map((o) => o.reference);
    const booked = await t.app.db.query(`SELECT j.reference, count(p.id)::int AS postings FROM journals j JOIN postings p ON p.journal_id = j.id WHERE j.reference = ANY($1) GROUP BY j.reference`, [
      references,
    ]);
    expect(booked).toHaveLength(ok.length);
    expect(booked.every((b: { postings: number }) => b.postings === 2)).toBe(true);
    expect(new Set(references).size).toBe(ok.length);
    // Every accepted transfer shows once on each side.
    const [{ debits }] = await t.app.db.query(`SELECT count(*)::int AS debits FROM transactions WHERE reference = ANY($1) AND type = 'debit'`, [references]);
    expect(debits).toBe(ok.length);
    expect(refused).toBeGreaterThanOrEqual(0);
  });
});
