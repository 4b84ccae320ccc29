import type { EntityManager } from 'typeorm';
import { v7 as timeOrderedUuid } from 'uuid';
import { MAX_AMOUNT_MINOR } from '@strongroom/shared';
import { isPreparable, prepared, rows, sqlState, type Preparable, type Queryable } from '../../common/sql';
import { AppError } from '../../common/app-error';
import { randomSymbols } from '../../common/crypto';
import { LedgerInvariantError, OutboundLimitExceeded, accountClosed, accountFrozen, insufficientFunds } from './ledger.errors';
import { CREDIT_REFERENCE_SUFFIX, type NewTransaction, type TransactionRow } from './transaction-row';
import { accountIdByCode, customerAccountIdIn, insertCustomerAccount, insertInternalAccount, POST_JOURNALS_SQL } from './ledger.queries';

/** Internal accounts, one per currency (docs/decisions/0011). */
export const INTERNAL_ACCOUNTS = [
  'pending_outbound',
  'settlement',
  'fee_income',
  'fx_position',
  'loans_receivable',
  'interest_income',
  // What deposits' interest costs the bank, and the accrued interest it owes until it is paid (docs/decisions/0063-interest.md).
  'interest_expense',
  'interest_payable',
  'crypto_custody',
  'cheque_clearing',
  'card_receivable',
  'merchant_settlement',
  'equity',
] as const;
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

/** 32 symbols in ascending code order (so the encoded time sorts as the time does), without 0/O and 1/I. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const REFERENCE_TIME_SYMBOLS = 9; // 45 bits of milliseconds: until the year 3084
const REFERENCE_RANDOM_SYMBOLS = 8; // 40 bits: two payments in the same millisecond never meet in practice

/**
 * 'SR' + the time in milliseconds + random symbols, upper-case base32: unique, unguessable, easy to read aloud.
 * Time first: the unique indexes on references take each new one at their right edge, not on a random page (after
 * every checkpoint, the first change to a page writes the whole page to the WAL; db/migrations/1760001500000-time-ordered-keys.migration.ts).
 */
export function newReference(prefix = 'SR', nowMs = Date.now()): string {
  let time = '';
  for (let rest = nowMs, i = 0; i < REFERENCE_TIME_SYMBOLS; i++, rest = Math.floor(rest / 32)) time = REFERENCE_ALPHABET[rest % 32] + time;
  return prefix + time + randomSymbols(REFERENCE_RANDOM_SYMBOLS, REFERENCE_ALPHABET);
}

/** The reference of the credit a same-bank transfer books for its recipient (CREDIT_REFERENCE_SUFFIX). */
export const creditReferenceOf = (reference: string): string => `${reference}${CREDIT_REFERENCE_SUFFIX}`;

/** A customer-visible row written with the journal; its balance after defaults to its account's new balance. */
export type JournalEntry = Omit<NewTransaction, 'reference'> & { reference: string };

export interface PostOptions {
  /** Customer-visible transaction rows, written in the same statement as the journal. */
  entries?: JournalEntry[];
  /** Refuse (SRB02) when the account's outbound payments today plus this one exceed the limit; else count it. */
  outboundLimit?: { accountId: string; debitMinor: bigint; limitMinor: bigint };
  /**
   * Claim this Idempotency-Key and mark it done, answered by `status` and `ref`, in the same statement
   * (for callers outside a transaction). A key seen before raises IdempotencyKeyUsed.
   */
  idempotency?: { scope: string; key: string; hash: string; status: number; ref: string };
  /**
   * The customer whose PIN attempts start again when this journal is booked (a payment approved with a right
   * PIN: its attempt was taken before the PIN was judged, modules/pin/pin-attempts.ts), in the booking's own commit.
   */
  pinReset?: string;
}

export interface PostedJournal {
  journalId: string;
  reference: string;
  balances: Map<string, bigint>;
  entries: TransactionRow[];
}

/** Refusal codes of post_journals() (db/sql/ledger.sql); post_journal() raises them as SQLSTATEs. */
const REFUSAL = { insufficientFunds: 'SRB01', outboundLimit: 'SRB02', accountClosed: 'SRB06', accountFrozen: 'SRB07' } as const;

/** post_journals found the Idempotency-Key already recorded: nothing was booked; read what it answered. */
export class IdempotencyKeyUsed extends Error {
  constructor() {
    super('Idempotency-Key used before');
    this.name = 'IdempotencyKeyUsed';
  }
}

/** A posting to an account id that does not exist. */
const FOREIGN_KEY_VIOLATION = '23503';

/** What post_journals() chose for a customer-visible row it wrote; the server sent the rest (db/sql/ledger.sql). */
export interface GeneratedColumns {
  id: string;
  created_at: string;
  balance_after_minor: string | null;
}

/**
 * A customer-visible row as the server sends it to post_journals(): every column but those the database chooses. Its id
 * is time-ordered (UUID version 7), as the table's default makes them, chosen here so the ledger's one statement at a
 * time does not spend its time on it (db/migrations/1760001700000-ledger-set-wise-checks.migration.ts).
 */
export type SentEntry = Omit<TransactionRow, 'status_reason' | 'created_at' | 'holder_name' | 'holder_account'> & { account_id: string; created_at: string | null };

/** One journal as post_journals() takes it (db/sql/ledger.sql). */
export interface BatchItem {
  kind: string;
  reference: string;
  description: string;
  metadata: Record<string, unknown>;
  postings: { a: string; amt: string; cur: string }[];
  entries: SentEntry[];
  limit: { accountId: string; debitMinor: string; limitMinor: string } | null;
  idem: PostOptions['idempotency'] | null;
  pinReset: string | null;
}

/** What post_journals() answers (db/sql/ledger.sql): a result per journal, and every written entry's generated columns by reference. */
interface PostJournalsAnswer {
  results: (Exclude<BatchResult, { status: 'ok' }> | { status: 'ok'; journalId: string; balances: Record<string, string> })[];
  entries: Record<string, GeneratedColumns>;
}

export type BatchResult =
  | { status: 'ok'; journalId: string; balances: Record<string, string>; entries: GeneratedColumns[] }
  | { status: 'refused'; code: string; message: string }
  | { status: 'in_progress' }
  | { status: 'used' };

/** Checks a journal in code (the database checks again) and shapes it for post_journals(). */
export function toBatchItem(input: JournalInput, opts: PostOptions = {}): BatchItem {
  assert(input.postings.length >= 2, 'a journal needs at least two postings');
  const totals = new Map<string, bigint>();
  for (const p of input.postings) {
    assert(typeof p.amountMinor === 'bigint', 'amounts are BigInt minor units');
    assert(p.amountMinor !== 0n, 'a posting cannot be zero');
    assert(p.amountMinor <= MAX_AMOUNT_MINOR && p.amountMinor >= -MAX_AMOUNT_MINOR, 'posting amount out of range');
    // An ISO currency, or a custody asset's symbol (its units; docs/decisions/0014-crypto-units.md).
    assert(/^[A-Z][A-Z0-9]{2,9}$/.test(p.currency), 'currency must be an ISO code or an asset symbol');
    assert(/^[1-9][0-9]{0,18}$/.test(p.accountId), 'account ids are positive integers');
    totals.set(p.currency, (totals.get(p.currency) ?? 0n) + p.amountMinor);
  }
  for (const [currency, total] of totals) assert(total === 0n, `journal unbalanced in ${currency} by ${total}`);
  for (const e of opts.entries ?? []) {
    assert(e.amountMinor > 0n && e.amountMinor <= MAX_AMOUNT_MINOR, 'an entry amount is positive and in range');
    assert((e.feeMinor ?? 0n) >= 0n, 'a fee is never negative');
  }
  return {
    kind: input.kind,
    reference: input.reference ?? newReference('JR'),
    description: input.description.slice(0, 200),
    metadata: input.metadata ?? {},
    postings: input.postings.map((p) => ({ a: p.accountId, amt: p.amountMinor.toString(), cur: p.currency })),
    entries: (opts.entries ?? []).map((e) => ({
      id: timeOrderedUuid(),
      reference: e.reference,
      customer_id: e.customerId,
      account_id: e.accountId,
      type: e.type,
      kind: e.kind,
      status: e.status,
      // As stored: post_journals keeps the first 200 characters (code points, as PostgreSQL counts them).
      description: e.description.length > 200 ? Array.from(e.description).slice(0, 200).join('') : e.description,
      category: e.category,
      amount_minor: e.amountMinor.toString(),
      fee_minor: (e.feeMinor ?? 0n).toString(),
      currency: e.currency,
      recipient: e.recipient ?? null,
      counterparty: e.counterparty ?? null,
      balance_after_minor: e.balanceAfterMinor === undefined || e.balanceAfterMinor === null ? null : e.balanceAfterMinor.toString(),
      channel: e.channel,
      location: e.location ?? null,
      memo: e.memo ?? null,
      metadata: e.metadata ?? {},
      created_at: e.createdAt ? e.createdAt.toISOString() : null,
    })),
    limit: opts.outboundLimit ? { accountId: opts.outboundLimit.accountId, debitMinor: opts.outboundLimit.debitMinor.toString(), limitMinor: opts.outboundLimit.limitMinor.toString() } : null,
    idem: opts.idempotency ?? null,
    pinReset: opts.pinReset ?? null,
  };
}

/** A refusal from post_journals() as the error a caller of postJournal expects. */
function refusalError(result: Exclude<BatchResult, { status: 'ok' }>): Error {
  if (result.status === 'in_progress') return new AppError(409, 'A request with this Idempotency-Key is still in progress. Retry shortly.');
  if (result.status === 'used') return new IdempotencyKeyUsed();
  if (result.code === REFUSAL.insufficientFunds) return insufficientFunds();
  if (result.code === REFUSAL.outboundLimit) return new OutboundLimitExceeded();
  if (result.code === REFUSAL.accountClosed) return accountClosed();
  if (result.code === REFUSAL.accountFrozen) return accountFrozen();
  return new LedgerInvariantError(result.message);
}

/** The outcome of one journal: what was booked, or the refusal thrown. */
export function settleBatchResult(item: BatchItem, result: BatchResult): PostedJournal {
  if (result.status !== 'ok') throw refusalError(result);
  const balances = new Map<string, bigint>();
  for (const [id, value] of Object.entries(result.balances)) balances.set(id, BigInt(value));
  for (const p of item.postings) assert(balances.has(p.a), 'every posted account reports its balance');
  assert(result.entries.length === item.entries.length, 'every entry sent was written');
  const entries = item.entries.map((sent, index) => storedEntry(sent, result.entries[index]));
  return { journalId: result.journalId, reference: item.reference, balances, entries };
}

/** A customer-visible row as stored: the columns the server sent, with the ones the database chose. */
function storedEntry(sent: SentEntry, generated: GeneratedColumns): TransactionRow {
  assert(generated?.id === sent.id && typeof generated.created_at === 'string', 'a written entry has the id it was sent with, and a time');
  // Object.assign, not a spread followed by new keys: docs/performance.md#no-spread-then-keys-literals.
  return Object.assign({}, sent, {
    // A JSON time, as the rows' dates travelled before (callers format it or hand it on).
    created_at: generated.created_at as unknown as Date,
    balance_after_minor: generated.balance_after_minor,
    status_reason: null,
  });
}

/**
 * One call to post_journals(); errors of the statement itself (not refusals) are thrown. Outside any transaction
 * (the DataSource, or a connection held from its pool), the call is a prepared statement, planned once per connection.
 */
export async function callPostJournals(db: Queryable | Preparable, items: BatchItem[]): Promise<BatchResult[]> {
  const sql = POST_JOURNALS_SQL;
  const params = [JSON.stringify(items)];
  try {
    const [row] = isPreparable(db) ? await prepared<{ r: PostJournalsAnswer }>(db, 'post-journals', sql, params) : await rows<{ r: PostJournalsAnswer }>(db, sql, params);
    const { results, entries } = row.r;
    assert(results.length === items.length, 'one result per journal');
    // Each booked journal's entries, in the order they were sent, from the columns the database chose by reference.
    return results.map((result, index) => {
      if (result.status !== 'ok') return result;
      const written = items[index].entries.map((sent) => entries[sent.reference]);
      assert(written.every(Boolean), 'every entry of a booked journal was written');
      return Object.assign(result, { entries: written });
    });
  } catch (err) {
    const code = sqlState(err);
    if (code === FOREIGN_KEY_VIOLATION) throw new LedgerInvariantError((err as Error).message);
    if (code === '23514' && /balance_not_negative/.test(String((err as Error).message))) throw insufficientFunds();
    throw err;
  }
}

/**
 * The only way money moves. Takes a balanced set of postings and hands it to the database function
 * post_journals(), which locks the accounts in ascending id order (so concurrent journals cannot deadlock
 * each other), refuses overdrafts and over-limit payments, and writes the journal, postings and entries in
 * one round trip. The database re-checks the balance per journal at commit and refuses negative customer
 * balances itself. `db` is a transaction's EntityManager, or the DataSource when this one statement is the
 * whole transaction (LedgerBatcher books many such journals together).
 */
export async function postJournal(db: Queryable, input: JournalInput, opts: PostOptions = {}): Promise<PostedJournal> {
  const item = toBatchItem(input, opts);
  const [result] = await callPostJournals(db, [item]);
  return settleBatchResult(item, result);
}

/** The internal account for `code` in `currency`, created on first use. */
export async function internalAccountId(m: EntityManager, code: InternalAccount, currency: string): Promise<string> {
  const key = `${code}:${currency}`;
  const found = await accountIdByCode(m, key);
  if (found !== undefined) return found;
  await insertInternalAccount(m, key, currency);
  return String(await accountIdByCode(m, key));
}

/** Opens the customer's money account (balance 0) in their currency. Idempotent. */
export async function openCustomerAccount(m: EntityManager, customerId: string, currency: string): Promise<string> {
  await insertCustomerAccount(m, customerId, currency);
  return customerAccountId(m, customerId, currency);
}

export async function customerAccountId(m: EntityManager, customerId: string, currency: string): Promise<string> {
  const id = await customerAccountIdIn(m, customerId, currency);
  assert(id !== undefined, `customer ${customerId} has no ${currency} account`);
  return id;
}

export { ACCOUNT_SUMMARIES_SQL, getAccountSummaries, getAccountSummary, getMainAccount, type AccountSummary, type MainAccount } from './ledger.queries';
