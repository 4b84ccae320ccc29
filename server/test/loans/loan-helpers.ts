import type { FastifyInstance } from 'fastify';
import type { Session } from '../helpers/test-app';

export const application = (overrides: Record<string, unknown> = {}) => ({
  loanType: 'personal',
  loanPurpose: 'debt_consolidation',
  loanAmount: '5000',
  termLength: 12,
  firstName: 'Dana',
  lastName: 'Okafor',
  email: 'dana.loans@example.com',
  phone: '7185550142',
  dateOfBirth: '1990-05-17',
  ssn: '123-45-6789',
  address: '55 Water Street, Apt 3',
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11201',
  employmentStatus: 'employed',
  employerName: 'Acme Corp',
  jobTitle: 'Engineer',
  annualIncome: '85000',
  monthlyRent: '1800',
  downPayment: '0',
  agreeToTerms: true,
  ...overrides,
});

export async function applyForLoan(app: FastifyInstance, session: Session, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/v1/loan', headers: session.headers, payload: application(overrides) });
  if (res.statusCode !== 201) throw new Error(`apply failed ${res.statusCode}: ${res.body}`);
  return res.json().loan as { id: string; status: string; monthlyPayment: string; totalAmount: string; ssnLast4: string };
}

export async function approveLoan(app: FastifyInstance, staff: Session, id: string) {
  const res = await app.inject({ method: 'PATCH', url: `/v1/loan/${id}/approve`, headers: staff.headers });
  if (res.statusCode !== 200) throw new Error(`approve failed ${res.statusCode}: ${res.body}`);
  return res.json() as { status: string; awaitingSecondApproval: boolean; message: string };
}

export async function loansOf(app: FastifyInstance, session: Session, userId: string) {
  const res = await app.inject({ method: 'GET', url: `/v1/loan/user/${userId}`, headers: { cookie: session.cookie } });
  if (res.statusCode !== 200) throw new Error(`list failed ${res.statusCode}: ${res.body}`);
  return res.json().loans as {
    id: string;
    status: string;
    statusReason: string | null;
    schedule: { id: string; number: number; dueDate: string; amount: string; principal: string; interest: string; status: string; attempts: number }[];
    timeline: { status: string; by: string; reason: string | null }[];
  }[];
}

export const balanceOf = async (app: FastifyInstance, customerId: string) =>
  BigInt((await app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [customerId]))[0].balance_minor);

export const internalBalance = async (app: FastifyInstance, code: string) =>
  BigInt((await app.db.query(`SELECT coalesce(sum(balance_minor), 0) AS b FROM ledger_accounts WHERE code = $1`, [code]))[0].b);

/** The ledger's two invariants: every currency sums to zero; every stored balance is the sum of its postings. */
export async function expectLedgerConsistent(app: FastifyInstance) {
  const sums = await app.db.query(`SELECT currency, sum(balance_minor)::text AS total FROM ledger_accounts GROUP BY currency`);
  for (const row of sums) expect(row.total).toBe('0');
  const drift = await app.db.query(
    `SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.balance_minor <> coalesce(p.s, 0)`,
  );
  expect(drift).toEqual([]);
}
