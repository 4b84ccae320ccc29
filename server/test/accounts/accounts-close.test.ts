import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerConsistent } from '../loans/loan-helpers';
import { applyForLoan, approveLoan } from '../loans/loan-helpers';
import { applyForCard, issuedCard } from '../cards/card-helpers';
import { depositedChequeId } from '../cheques/cheque-fixtures';
import { addHolder, closeRequest, creditAccount, insertStandingOrder, insertTransfer, ledgerBalance, listAccounts, openAccount, primaryOf } from './account-fixtures';

describe('accounts: closing an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const statusOf = async (id: string) => (await t.app.db.query(`SELECT status FROM accounts WHERE id = $1`, [id]))[0].status as string;

  it('moves the whole balance to another account of the caller in the same currency, in one balanced journal', async () => {
    const c = await approvedCustomer(t.app, { funded: '50.00' });
    const primary = await primaryOf(t.app, c.id);
    const savings = await openAccount(t.app, c.session, { product: 'savings', currency: 'USD', name: 'Pot' });
    await creditAccount(t.app, savings.id, '245.67');

    const refused = await closeRequest(t.app, c.session, savings.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This account still holds $245.67. Choose one of your accounts in the same currency to move it to, or move it out first.');
    expect(refused.json().errors).toHaveProperty('sweepToAccountId');

    const res = await closeRequest(t.app, c.session, savings.id, { sweepToAccountId: primary.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, leftBank: false, account: { id: savings.id, status: 'closed', balance: '0.00' } });
    expect(await ledgerBalance(t.app, savings.id)).toBe(0n);
    expect(await ledgerBalance(t.app, primary.id)).toBe(29567n);
    const rows = await t.app.db.query(
      `SELECT t.type, t.kind, t.amount_minor::text AS amount, t.account_id::text AS ledger FROM transactions t WHERE t.customer_id = $1 AND t.kind = 'own_transfer' ORDER BY t.type`,
      [c.id],
    );
    expect(rows).toEqual([
      { type: 'credit', kind: 'own_transfer', amount: '24567', ledger: primary.ledger_account_id },
      { type: 'debit', kind: 'own_transfer', amount: '24567', ledger: expect.any(String) },
    ]);
    await expectLedgerConsistent(t.app);
    const history = await t.app.db.query(`SELECT from_status, to_status FROM status_events WHERE subject_type = 'account' AND subject_id = $1 ORDER BY id`, [savings.id]);
    expect(history.at(-1)).toEqual({ from_status: 'active', to_status: 'closed' });
  });

  it('refuses a sweep to another currency, to itself, to a stranger, or to an account that cannot receive', async () => {
    const c = await approvedCustomer(t.app);
    const stranger = await approvedCustomer(t.app, { staff: c.staff });
    const usd = await openAccount(t.app, c.session, { product: 'savings', currency: 'USD' });
    const eur = await openAccount(t.app, c.session, { product: 'savings', currency: 'EUR' });
    const pending = await openAccount(t.app, c.session, { product: 'business', currency: 'USD' });
    await creditAccount(t.app, usd.id, '10.00');
    const strangers = await primaryOf(t.app, stranger.id);

    const other = await closeRequest(t.app, c.session, usd.id, { sweepToAccountId: eur.id });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('The balance is in USD and that account holds EUR: choose an account in USD, or move the money out first.');
    const itself = await closeRequest(t.app, c.session, usd.id, { sweepToAccountId: usd.id });
    expect(itself.statusCode).toBe(400);
    const notHeld = await closeRequest(t.app, c.session, usd.id, { sweepToAccountId: strangers.id });
    expect(notHeld.statusCode).toBe(404);
    expect(notHeld.json().error).toBe('Account not found');
    const waiting = await closeRequest(t.app, c.session, usd.id, { sweepToAccountId: pending.id });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toBe('The balance cannot be moved there: This account is waiting for approval');
    const malformed = await closeRequest(t.app, c.session, usd.id, { sweepToAccountId: 'nope', extra: true });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors).sort()).toEqual(['extra', 'sweepToAccountId']);

    expect(await statusOf(usd.id)).toBe('active');
    expect(await ledgerBalance(t.app, usd.id)).toBe(1000n);
    expect(await ledgerBalance(t.app, strangers.id)).toBe(0n);
    await expectLedgerConsistent(t.app);
  });

  it('moves no money out while the customer has frozen everything, but closes an empty account', async () => {
    const c = await approvedCustomer(t.app);
    const primary = await primaryOf(t.app, c.id);
    const full = await openAccount(t.app, c.session);
    const empty = await openAccount(t.app, c.session);
    await creditAccount(t.app, full.id, '9.00');
    await t.app.db.query(`UPDATE customers SET frozen_at = now() WHERE id = $1`, [c.id]);
    const refused = await closeRequest(t.app, c.session, full.id, { sweepToAccountId: primary.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Your account is frozen. Unfreeze it in the app to send money.');
    expect(await ledgerBalance(t.app, full.id)).toBe(900n);
    expect(await statusOf(full.id)).toBe('active');
    expect((await closeRequest(t.app, c.session, empty.id)).statusCode).toBe(200);
  });

  it("answers a stranger's account with 404, a dependant with 403, and an account waiting for review with 409", async () => {
    const owner = await approvedCustomer(t.app);
    const child = await approvedCustomer(t.app, { staff: owner.staff });
    const stranger = await approvedCustomer(t.app, { staff: owner.staff });
    const account = await openAccount(t.app, owner.session);
    await addHolder(t, account.id, child.id, owner.id, 'dependant', 1000);
    expect((await closeRequest(t.app, stranger.session, account.id)).statusCode).toBe(404);
    const byChild = await closeRequest(t.app, child.session, account.id);
    expect(byChild.statusCode).toBe(403);
    expect(byChild.json().error).toBe('Only the account owner or a joint holder can change this account');
    const business = await openAccount(t.app, owner.session, { product: 'business', currency: 'USD' });
    const waiting = await closeRequest(t.app, owner.session, business.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toBe('This account has not been opened yet: it is waiting for our decision');
    expect(await statusOf(account.id)).toBe('active');
  });

  it('lets a joint holder close an account, its balance moved to one of their own', async () => {
    const owner = await approvedCustomer(t.app);
    const joint = await approvedCustomer(t.app, { staff: owner.staff });
    const account = await openAccount(t.app, owner.session, { product: 'checking', currency: 'USD' });
    await addHolder(t, account.id, joint.id, owner.id, 'joint');
    await creditAccount(t.app, account.id, '5.00');
    const jointPrimary = await primaryOf(t.app, joint.id);
    const res = await closeRequest(t.app, joint.session, account.id, { sweepToAccountId: jointPrimary.id });
    expect(res.statusCode).toBe(200);
    expect(await ledgerBalance(t.app, jointPrimary.id)).toBe(500n);
    expect((await listAccounts(t.app, owner.session)).find((a) => a.id === account.id)?.status).toBe('closed');
    await expectLedgerConsistent(t.app);
  });

  describe('is refused, naming the reason, while something hangs on the account', () => {
    /** A customer with a further account, nothing on it yet. */
    async function customerWithAccount() {
      const c = await approvedCustomer(t.app);
      const account = await openAccount(t.app, c.session);
      return { c, account };
    }
    const expectBlocked = async (session: { headers: Record<string, string> }, id: string, reason: string) => {
      const res = await closeRequest(t.app, session, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(`This account cannot be closed yet: ${reason}.`);
      expect(await statusOf(id)).toBe('active');
    };

    it.each([
      ['pending', 'a payment from it is still in progress; wait until it is sent or refused'],
      ['awaiting_authorisation', 'a payment from it is still in progress; wait until it is sent or refused'],
      ['scheduled', 'it has transfers scheduled for later; cancel them first'],
    ])('a %s transfer', async (status, reason) => {
      const { c, account } = await customerWithAccount();
      const id = await insertTransfer(t, c.id, account.id, status);
      await expectBlocked(c.session, account.id, reason);
      // Once it is done, the account closes.
      await t.ownerQuery(`UPDATE transfers SET status = $2 WHERE id = $1`, [id, status === 'scheduled' ? 'cancelled' : 'completed']);
      expect((await closeRequest(t.app, c.session, account.id)).statusCode).toBe(200);
    });

    it('an active standing order', async () => {
      const { c, account } = await customerWithAccount();
      const id = await insertStandingOrder(t, c.id, account.id);
      await expectBlocked(c.session, account.id, 'it has active standing orders; stop them first');
      await t.ownerQuery(`UPDATE standing_orders SET status = 'cancelled', next_on = NULL WHERE id = $1`, [id]);
      expect((await closeRequest(t.app, c.session, account.id)).statusCode).toBe(200);
    });

    // Cards, loans and cheques are taken on the primary account; a customer with no other account closes it last.
    it('a card application, then an active card', async () => {
      const c = await approvedCustomer(t.app);
      const primary = await primaryOf(t.app, c.id);
      const applied = await applyForCard(t.app, c.session);
      await expectBlocked(c.session, primary.id, 'a card application on it is waiting for our decision');
      await t.ownerQuery(`UPDATE cards SET status = 'rejected', rejection_reason = 'test' WHERE id = $1`, [applied]);
      await issuedCard(t.app, c);
      await expectBlocked(c.session, primary.id, 'a card is linked to it; ask us to block the card first');
    });

    it('a loan application, then a loan not yet repaid', async () => {
      const c = await approvedCustomer(t.app);
      const primary = await primaryOf(t.app, c.id);
      const loan = await applyForLoan(t.app, c.session);
      await expectBlocked(c.session, primary.id, 'a loan application on it is waiting for our decision');
      await approveLoan(t.app, c.staff, loan.id);
      await expectBlocked(c.session, primary.id, 'a loan on it is not repaid yet');
    });

    it('a cheque deposit waiting for a decision', async () => {
      const c = await approvedCustomer(t.app);
      const primary = await primaryOf(t.app, c.id);
      await depositedChequeId(t.app, c.session);
      await expectBlocked(c.session, primary.id, 'a cheque deposit to it is waiting for our decision');
    });

    it('names every reason at once', async () => {
      const { c, account } = await customerWithAccount();
      await insertTransfer(t, c.id, account.id, 'scheduled');
      await insertStandingOrder(t, c.id, account.id);
      await expectBlocked(c.session, account.id, 'it has transfers scheduled for later; cancel them first; it has active standing orders; stop them first');
    });
  });
});
