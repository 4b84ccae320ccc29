import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addDays, businessDateOf } from '../../src/common/business-date';
import { matureDeposit } from '../../src/modules/deposits';
import { runBusinessDate } from '../../src/modules/interest';
import type { Session } from '../helpers/test-app';

/** The tests' bank runs in UTC (createTestApp's BANK_TIME_ZONE default). */
export const ZONE = 'UTC';
export const PIN = '2468';

export const today = (app: FastifyInstance) => businessDateOf(app.clock.now(), ZONE);

export interface DepositAnswer {
  id: string;
  accountNumber: string;
  principal: string;
  rate: string;
  termMonths: number;
  startDate: string;
  maturityDate: string;
  expectedInterest: string;
  status: string;
  renew: boolean;
  [key: string]: unknown;
}

export function quote(app: FastifyInstance, session: Session, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/v1/deposits/quote', headers: session.headers, payload });
}

export function open(app: FastifyInstance, session: Session, payload: Record<string, unknown>, key: string = randomUUID()) {
  return app.inject({ method: 'POST', url: '/v1/deposits', headers: { ...session.headers, 'idempotency-key': key }, payload: { pin: PIN, ...payload } });
}

/** Opens a deposit and answers it, failing the test with the server's answer when it is refused. */
export async function openDeposit(app: FastifyInstance, session: Session, sourceAccountId: string, amount: string, termMonths: number): Promise<DepositAnswer> {
  const res = await open(app, session, { sourceAccountId, amount, termMonths });
  if (res.statusCode !== 201) throw new Error(`opening failed ${res.statusCode}: ${res.body}`);
  return res.json().deposit as DepositAnswer;
}

export function withdraw(app: FastifyInstance, session: Session, id: string, pin = PIN, key: string = randomUUID()) {
  return app.inject({ method: 'POST', url: `/v1/deposits/${id}/withdraw`, headers: { ...session.headers, 'idempotency-key': key }, payload: { pin } });
}

/**
 * Every business date from `first` to `last`, as the end of day runs them, paying out or renewing what matures. A
 * deposit the run could not pay out fails the test with its reason (the run itself only counts it).
 */
export async function runDays(app: FastifyInstance, first: string, last: string): Promise<void> {
  const failures: unknown[] = [];
  const mature = (accountId: string, businessDate: string) =>
    matureDeposit(app, accountId, businessDate).catch((err: unknown) => {
      failures.push(err);
      throw err;
    });
  for (let day = first; day <= last; day = addDays(day, 1)) {
    await runBusinessDate(app.db, { businessDate: day, zone: ZONE, chunk: 500, matureDeposit: mature });
    if (failures.length > 0) throw failures[0];
  }
}

/** term_deposit_interest_minor over the deposit's days, as the database works it out. */
export async function termInterest(app: FastifyInstance, principalMinor: string, rate: string, startDate: string, maturityDate: string): Promise<string> {
  const [row] = await app.db.query(`SELECT term_deposit_interest_minor($1::bigint, $2::numeric, $4::date - $3::date, 365)::text AS i`, [principalMinor, rate, startDate, maturityDate]);
  return row.i as string;
}

/** The rows a ledger account's history shows for one kind, oldest first. */
export async function historyOf(app: FastifyInstance, ledgerAccountId: string, kind: string): Promise<{ type: string; amountMinor: string; description: string }[]> {
  return app.db.query(`SELECT type, amount_minor::text AS "amountMinor", description FROM transactions WHERE account_id = $1 AND kind = $2 ORDER BY created_at, id`, [ledgerAccountId, kind]);
}

/** Every journal's postings sum to nothing, per currency (a balanced ledger). */
export async function unbalancedJournals(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.query(`SELECT count(*)::int AS n FROM (SELECT journal_id FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0) x`);
  return row.n as number;
}

export async function ledgerOf(app: FastifyInstance, accountId: string): Promise<string> {
  const [row] = await app.db.query(`SELECT ledger_account_id::text AS l FROM accounts WHERE id = $1`, [accountId]);
  return row.l as string;
}
