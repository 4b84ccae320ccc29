import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../src/db/transaction';
import { openFurtherAccount } from '../../src/modules/accounts';
import { approvedCustomer, staffSession, type Session } from '../helpers/test-app';

/**
 * Accounts held several ways (docs/decisions/0062-accounts.md), for the tests of routes that take an `accountId`:
 * an owner with a further account, a joint and a dependant holder of it, and a stranger.
 */
export type Customer = Awaited<ReturnType<typeof approvedCustomer>>;

export interface HeldAccount {
  id: string;
  number: string;
  ledgerAccountId: string;
  currency: string;
}

const accountRow = async (app: FastifyInstance, where: string, value: string): Promise<HeldAccount> => {
  const [row] = await app.db.query(`SELECT id, number, ledger_account_id::text AS ledger, currency FROM accounts WHERE ${where}`, [value]);
  return { id: row.id, number: row.number, ledgerAccountId: row.ledger, currency: row.currency };
};

export const primaryOf = (app: FastifyInstance, customerId: string) => accountRow(app, 'customer_id = $1 AND is_primary', customerId);

/** A further active savings account of the customer's, opened as the accounts module opens one. */
export async function openSecondAccount(app: FastifyInstance, customerId: string, currency = 'USD'): Promise<HeldAccount> {
  const id = await withTransaction(app.db, (m) => openFurtherAccount(m, { customerId, product: 'savings', currency, name: 'Second account', status: 'active' }));
  return accountRow(app, 'id = $1', id);
}

/** Money in from the network to an account by its number. */
export async function fundAccount(app: FastifyInstance, staff: Session, account: HeldAccount, amount: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/admin/incoming-transfers',
    headers: staff.headers,
    payload: { accountNumber: account.number, amount, currency: account.currency, senderName: 'Test Payroll', senderBank: 'Test Bank', reference: `FUND-${randomBytes(6).toString('hex')}` },
  });
  if (res.statusCode !== 201) throw new Error(`funding failed ${res.statusCode}: ${res.body}`);
}

/** An active holder row, as an accepted invitation leaves it: a dependant with a daily limit of 100.00. */
export async function addHolder(app: FastifyInstance, accountId: string, customerId: string, role: 'joint' | 'dependant', ownerId: string): Promise<void> {
  await app.db.query(`INSERT INTO account_holders (account_id, customer_id, role, status, daily_limit_minor, invited_by) VALUES ($1, $2, $3, 'active', $4, $5)`, [
    accountId,
    customerId,
    role,
    role === 'dependant' ? 10000 : null,
    ownerId,
  ]);
}

export interface Household {
  staff: Session;
  owner: Customer;
  primary: HeldAccount;
  second: HeldAccount;
  joint: Customer;
  dependant: Customer;
  stranger: Customer;
}

/**
 * An owner (primary funded with `funded`) with a second account (funded with `secondFunded` when given) in
 * `currency`, shared with a joint and a dependant holder; and a stranger who holds nothing of theirs.
 */
export async function household(app: FastifyInstance, opts: { funded?: string; secondFunded?: string; currency?: string } = {}): Promise<Household> {
  const staff = await staffSession(app);
  const owner = await approvedCustomer(app, { staff, funded: opts.funded });
  const [joint, dependant, stranger] = [await approvedCustomer(app, { staff }), await approvedCustomer(app, { staff }), await approvedCustomer(app, { staff })];
  const second = await openSecondAccount(app, owner.id, opts.currency);
  if (opts.secondFunded) await fundAccount(app, staff, second, opts.secondFunded);
  await addHolder(app, second.id, joint.id, 'joint', owner.id);
  await addHolder(app, second.id, dependant.id, 'dependant', owner.id);
  return { staff, owner, primary: await primaryOf(app, owner.id), second, joint, dependant, stranger };
}

/** A ledger account's balance, minor units as text. */
export async function ledgerBalance(app: FastifyInstance, ledgerAccountId: string): Promise<string> {
  const [row] = await app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE id = $1`, [ledgerAccountId]);
  return row.b as string;
}

/** A well-formed account id that names no account. */
export const NO_SUCH_ACCOUNT = '01900000-0000-7000-8000-000000000000';
