import type { EntityManager } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { MAX_AMOUNT_MINOR } from '@strongroom/shared';
import { rows } from '../../common/sql';
import { LedgerInvariantError, insufficientFunds } from './ledger.errors';

/** Internal accounts, one per currency (DECISIONS 'The ledger'). */
export const INTERNAL_ACCOUNTS = ['pending_outbound', 'settlement', 'fee_income', 'fx_position', 'loans_receivable', 'crypto_custody', 'equity'] as const;
export type InternalAccount = (typeof INTERNAL_ACCOUNTS)[number];

/** A posting: positive credits the account (raises its balance), negative debits it. */
export interface PostingInput {
  accountId: string;
  amountMinor: bigint;
  currency: string;
}

export interface JournalInput {
  kind: string;
  description: string;
  reference?: string;
  postings: PostingInput[];
  metadata?: Record<string, unknown>;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new LedgerInvariantError(message);
}

/** 'SR' + 12 upper-case base32-ish characters: unique, unguessable, easy to read aloud. */
export function newReference(prefix = 'SR'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

const CHECK_VIOLATION = '23514';

/**
 * The only way money moves. Takes a balanced set of postings, locks the accounts in ascending id order
 * (so concurrent journals cannot deadlock each other), and writes the journal. The database re-checks
 * balance at commit and refuses negative customer balances. Call inside withTransaction.
 */
export async function postJournal(m: EntityManager, input: JournalInput): Promise<{ journalId: string; reference: string; balances: Map<string, bigint> }> {
  assert(input.postings.length >= 2, 'a journal needs at least two postings');
  const totals = new Map<string, bigint>();
  for (const p of input.postings) {
    assert(typeof p.amountMinor === 'bigint', 'amounts are BigInt minor units');
    assert(p.amountMinor !== 0n, 'a posting cannot be zero');
    assert(p.amountMinor <= MAX_AMOUNT_MINOR && p.amountMinor >= -MAX_AMOUNT_MINOR, 'posting amount out of range');
    assert(/^[A-Z]{3}$/.test(p.currency), 'currency must be an ISO code');
    totals.set(p.currency, (totals.get(p.currency) ?? 0n) + p.amountMinor);
  }
  for (const [currency, total] of totals) assert(total === 0n, `journal unbalanced in ${currency} by ${total}`);

  const accountIds = [...new Set(input.postings.map((p) => p.accountId))].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  // Lock in a fixed order; reading the balances here also lets us refuse overdrafts with a clear message.
  const locked = await rows<{ id: string; kind: string; balance_minor: string; currency: string }>(
    m,
    `SELECT id, kind, balance_minor, currency FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [accountIds],
  );
  assert(locked.length === accountIds.length, 'posting to an unknown account');
  const balances = new Map<string, bigint>();
  for (const a of locked) balances.set(String(a.id), BigInt(a.balance_minor));
  for (const p of input.postings) {
    const account = locked.find((a) => String(a.id) === p.accountId)!;
    assert(account.currency === p.currency, `posting in ${p.currency} to a ${account.currency} account`);
    balances.set(p.accountId, balances.get(p.accountId)! + p.amountMinor);
  }
  for (const a of locked) {
    if (a.kind === 'customer' && balances.get(String(a.id))! < 0n) throw insufficientFunds();
  }

  const reference = input.reference ?? newReference('JR');
  // The journal and its postings in one statement (one round trip); triggers still run per posting.
  const values: string[] = [];
  const params: unknown[] = [reference, input.kind, input.description.slice(0, 200), JSON.stringify(input.metadata ?? {})];
  input.postings.forEach((p) => {
    params.push(p.accountId, p.amountMinor.toString(), p.currency);
    const i = params.length;
    values.push(`($${i - 2}::bigint, $${i - 1}::bigint, $${i}::char(3))`);
  });
  let journal: { id: string };
  try {
    [journal] = await rows<{ id: string }>(
      m,
      `WITH j AS (INSERT INTO journals (reference, kind, description, metadata) VALUES ($1, $2, $3, $4) RETURNING id),
            p AS (INSERT INTO postings (journal_id, account_id, amount_minor, currency) SELECT j.id, v.a, v.amt, v.cur FROM j, (VALUES ${values.join(', ')}) AS v(a, amt, cur))
       SELECT id FROM j`,
      params,
    );
  } catch (err) {
    if ((err as { code?: string }).code === CHECK_VIOLATION && /balance_not_negative/.test(String((err as Error).message))) throw insufficientFunds();
    throw err;
  }
  return { journalId: String(journal.id), reference, balances };
}

/** The internal account for `code` in `currency`, created on first use. */
export async function internalAccountId(m: EntityManager, code: InternalAccount, currency: string): Promise<string> {
  const key = `${code}:${currency}`;
  const found = await rows<{ id: string }>(m, `SELECT id FROM ledger_accounts WHERE code = $1`, [key]);
  if (found.length > 0) return String(found[0].id);
  await m.query(`INSERT INTO ledger_accounts (code, kind, currency) VALUES ($1, 'internal', $2) ON CONFLICT (code) DO NOTHING`, [key, currency]);
  const [row] = await rows<{ id: string }>(m, `SELECT id FROM ledger_accounts WHERE code = $1`, [key]);
  return String(row.id);
}

/** Opens the customer's money account (balance 0) in their currency. Idempotent. */
export async function openCustomerAccount(m: EntityManager, customerId: string, currency: string): Promise<string> {
  await m.query(
    `INSERT INTO ledger_accounts (customer_id, kind, currency) VALUES ($1, 'customer', $2) ON CONFLICT (customer_id, currency) WHERE customer_id IS NOT NULL DO NOTHING`,
    [customerId, currency],
  );
  return customerAccountId(m, customerId, currency);
}

export async function customerAccountId(m: EntityManager, customerId: string, currency: string): Promise<string> {
  const [row] = await rows<{ id: string }>(m, `SELECT id FROM ledger_accounts WHERE customer_id = $1 AND currency = $2`, [customerId, currency]);
  assert(row, `customer ${customerId} has no ${currency} account`);
  return String(row.id);
}

export interface AccountSummary {
  accountId: string;
  balanceMinor: bigint;
  currency: string;
  numberOfWithdrawals: number;
}

/** Balance and completed outbound transfers of the customer's main account (the one in their currency). */
export async function getAccountSummary(m: EntityManager, customerId: string): Promise<AccountSummary | undefined> {
  const [row] = await rows<{ id: string; balance_minor: string; currency: string; withdrawals: string }>(
    m,
    `SELECT a.id, a.balance_minor, a.currency,
            (SELECT count(*) FROM transactions t WHERE t.customer_id = $1 AND t.type = 'debit' AND t.status = 'success'
               AND t.kind IN ('transfer_same','transfer_local','transfer_international')) AS withdrawals
       FROM ledger_accounts a JOIN customers c ON c.id = a.customer_id AND c.currency = a.currency
      WHERE a.customer_id = $1`,
    [customerId],
  );
  if (!row) return undefined;
  return { accountId: String(row.id), balanceMinor: BigInt(row.balance_minor), currency: row.currency, numberOfWithdrawals: Number(row.withdrawals) };
}
