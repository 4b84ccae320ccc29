import { transactionListStatement, type ListQuery } from '../../src/modules/transactions/transactions.service';
import { createTestApp, type Session, type TestApp } from '../helpers/test-app';
import { NO_SUCH_ACCOUNT, household, type Household } from './held-accounts';

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexesRead = (node: PlanNode): string[] => [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesRead)];

/**
 * One account's history (docs/decisions/0062-accounts.md): the list and statements take an `accountId` the caller
 * holds, and then read its owner's rows on its ledger account; without one they read the caller's own rows as before.
 */
describe('GET /v1/transaction and /v1/transaction/statement with accountId', () => {
  let t: TestApp;
  let h: Household;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    h = await household(t.app, { funded: '100.00', secondFunded: '25.00' });
  });
  afterAll(() => t.close());

  const list = (session: Session, query = '') => t.app.inject({ method: 'GET', url: `/v1/transaction${query}`, headers: { cookie: session.cookie } });
  const amounts = (res: { json(): { items: { amount: string }[] } }) => res.json().items.map((i) => i.amount);
  const statement = (session: Session, query: string) =>
    t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=${today}&to=${today}&format=csv${query}`, headers: { cookie: session.cookie } });

  it("lists the caller's own rows without accountId, as before: every account of theirs", async () => {
    const own = await list(h.owner.session);
    expect(own.statusCode).toBe(200);
    expect(amounts(own).sort()).toEqual(['100.00', '25.00']);
    expect(own.json()).toMatchObject({ total: 2, totalCapped: false });
    // A holder's own list is their own rows: the shared account's are not theirs.
    expect(amounts(await list(h.joint.session))).toEqual([]);
  });

  it("lists one of the owner's accounts: the primary's rows or the second's", async () => {
    expect(amounts(await list(h.owner.session, `?accountId=${h.primary.id}`))).toEqual(['100.00']);
    const second = await list(h.owner.session, `?accountId=${h.second.id}&pageSize=5`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ total: 1, page: 1, pageSize: 5, items: [{ amount: '25.00', type: 'credit' }] });
    // The other filters still apply beside the account.
    expect(amounts(await list(h.owner.session, `?accountId=${h.second.id}&type=debit`))).toEqual([]);
    expect(amounts(await list(h.owner.session, `?accountId=${h.second.id}&q=payroll`))).toEqual(['25.00']);
    expect(amounts(await list(h.owner.session, `?accountId=${h.second.id}&page=2&pageSize=1`))).toEqual([]);
  });

  it("lets a joint and a dependant holder read the shared account's history, and nothing else of the owner's", async () => {
    for (const holder of [h.joint, h.dependant]) {
      const shared = await list(holder.session, `?accountId=${h.second.id}`);
      expect(shared.statusCode).toBe(200);
      expect(shared.json()).toMatchObject({ total: 1, items: [{ amount: '25.00' }] });
      const primary = await list(holder.session, `?accountId=${h.primary.id}`);
      expect(primary.statusCode).toBe(404);
      expect(primary.json()).toEqual({ success: false, error: 'Account not found' });
    }
  });

  it('answers a stranger 404, a holder no longer active 404, and an id that is not a uuid 400', async () => {
    const stranger = await list(h.stranger.session, `?accountId=${h.second.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ success: false, error: 'Account not found' });
    expect((await list(h.owner.session, `?accountId=${NO_SUCH_ACCOUNT}`)).statusCode).toBe(404);
    const bad = await list(h.owner.session, '?accountId=not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
    expect(bad.json()).toMatchObject({ success: false, errors: { accountId: 'accountId must be the id of one of your accounts' } });
    await t.app.db.query(`UPDATE account_holders SET status = 'removed' WHERE account_id = $1 AND customer_id = $2`, [h.second.id, h.dependant.id]);
    try {
      expect((await list(h.dependant.session, `?accountId=${h.second.id}`)).statusCode).toBe(404);
    } finally {
      await t.app.db.query(`UPDATE account_holders SET status = 'active' WHERE account_id = $1 AND customer_id = $2`, [h.second.id, h.dependant.id]);
    }
  });

  it("draws one account's statement, as CSV or PDF, for its owner and its holders", async () => {
    const own = await statement(h.owner.session, '');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('100.00');
    expect(own.body).toContain('25.00');
    for (const who of [h.owner, h.joint, h.dependant]) {
      const csv = await statement(who.session, `&accountId=${h.second.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.body).toContain('25.00');
      expect(csv.body).not.toContain('100.00');
    }
    const pdf = await t.app.inject({ method: 'GET', url: `/v1/transaction/statement?from=${today}&to=${today}&format=pdf&accountId=${h.second.id}`, headers: { cookie: h.joint.session.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a statement of an account the caller does not hold (404) or a malformed id (400)', async () => {
    const stranger = await statement(h.stranger.session, `&accountId=${h.second.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ success: false, error: 'Account not found' });
    const bad = await statement(h.owner.session, '&accountId=12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ accountId: 'accountId must be the id of one of your accounts' });
  });

  describe("the list's statement", () => {
    const firstPage: ListQuery = { page: 1, pageSize: 20, type: 'all', status: 'all' };
    let busy: { customerId: string; ledgerAccountId: string };

    // A history long enough that the planner's choice is an index's (the stranger's: the others' totals stay as above).
    beforeAll(async () => {
      const [account] = await t.app.db.query(`SELECT id::text AS id FROM ledger_accounts WHERE customer_id = $1`, [h.stranger.id]);
      busy = { customerId: h.stranger.id, ledgerAccountId: account.id };
      await t.app.db.query(
        `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, recipient, channel, created_at)
         SELECT 'BUSY' || g, $1, $2, 'credit', 'incoming', 'success', 'Payment ' || g, 'Deposit', 100, 'USD', 'Sender ' || (g % 97), 'Branch', now() - interval '30 days' - make_interval(secs => g)
           FROM generate_series(1, 5000) g`,
        [busy.customerId, busy.ledgerAccountId],
      );
      await t.ownerQuery('VACUUM (ANALYZE) transactions');
    });

    it('is unchanged without an account: the opaque customer, no account condition, the same prepared name', () => {
      const plain = transactionListStatement(h.owner.id, firstPage);
      expect(plain.name).toBe('transactions-first-page--20');
      expect(plain.params).toEqual([h.owner.id]);
      expect(plain.text).toContain('customer_id = (SELECT $1::uuid)');
      expect(plain.text).not.toContain('account_id');
    });

    it("names the owner and the ledger account, under a name of its own, and walks the customers' index", async () => {
      const byAccount = transactionListStatement(h.owner.id, firstPage, h.second.ledgerAccountId);
      expect(byAccount.name).toBe('transactions-first-page-a-20');
      expect(byAccount.params).toEqual([h.owner.id, h.second.ledgerAccountId]);
      expect(byAccount.text).toContain('customer_id = $1 AND account_id = $2::bigint');
      for (const q of [undefined, 'payment']) {
        const s = transactionListStatement(busy.customerId, { ...firstPage, q }, busy.ledgerAccountId);
        const [row] = await t.app.db.query(`EXPLAIN (FORMAT JSON) ${s.text}`, s.params);
        const used = indexesRead(row['QUERY PLAN'][0].Plan as PlanNode);
        expect(used).toContain('transactions_customer_created_idx');
        expect(used).not.toContain('transactions_created_idx');
      }
    });
  });
});
