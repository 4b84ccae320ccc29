import { randomUUID } from 'node:crypto';
import { todayIsoDate } from '@strongroom/shared';
import { createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { internationalTransfer } from '../helpers/transfer-payloads';
import { applicationPayload } from '../cards/card-helpers';
import { application as loanApplication } from '../loans/loan-helpers';
import { household, primaryOf, type Customer, type Household } from '../transactions/held-accounts';

type Role = 'owner' | 'joint' | 'dependant' | 'stranger' | 'auditor' | 'admin';
const ROLES: Role[] = ['owner', 'joint', 'dependant', 'stranger', 'auditor', 'admin'];

/** One account-scoped request, made by a caller on the shared (second) account, and the status each role gets. */
interface Case {
  name: string;
  request(caller: Caller): { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown };
  expect: Record<Role, number>;
}

interface Caller {
  session: Session;
  /** The caller's own primary account (where an own transfer from the shared account lands). */
  primaryId: string;
  pin: string;
}

// Customer routes refuse staff sessions as signed out (401); a stranger never learns the account exists (404).
const READ = { owner: 200, joint: 200, dependant: 200, stranger: 404, auditor: 401, admin: 401 };
const MANAGE = { owner: 200, joint: 200, dependant: 403, stranger: 404, auditor: 401, admin: 401 };
const BORROW = { owner: 201, joint: 201, dependant: 403, stranger: 404, auditor: 401, admin: 401 };

/**
 * What each holder of an account may do with it (docs/decisions/0062-accounts.md), over every kind of
 * account-scoped route: reads, a change of the account, payments out, payments abroad, cards and loans.
 */
describe('accounts: the role matrix over account-scoped routes', () => {
  let t: TestApp;
  let h: Household;
  const callers = {} as Record<Role, Caller>;

  beforeAll(async () => {
    t = await createTestApp();
    h = await household(t.app, { funded: '500.00', secondFunded: '500.00' });
    const asCaller = async (c: Customer): Promise<Caller> => ({ session: c.session, primaryId: (await primaryOf(t.app, c.id)).id, pin: c.transactionPin as string });
    Object.assign(callers, { owner: await asCaller(h.owner), joint: await asCaller(h.joint), dependant: await asCaller(h.dependant), stranger: await asCaller(h.stranger) });
    for (const role of ['auditor', 'admin'] as const) callers[role] = { session: await staffSession(t.app, role), primaryId: randomUUID(), pin: '0000' };
  });
  afterAll(() => t.close());

  const account = () => h.second.id;
  const cases: Case[] = [
    { name: 'GET /v1/accounts/{id}', request: () => ({ method: 'GET', url: `/v1/accounts/${account()}` }), expect: READ },
    { name: 'GET /v1/accounts/{id}/holders', request: () => ({ method: 'GET', url: `/v1/accounts/${account()}/holders` }), expect: READ },
    { name: 'GET /v1/transaction?accountId', request: () => ({ method: 'GET', url: `/v1/transaction?accountId=${account()}` }), expect: READ },
    { name: 'GET /v1/dashboard/summary?accountId', request: () => ({ method: 'GET', url: `/v1/dashboard/summary?accountId=${account()}` }), expect: READ },
    {
      name: 'GET /v1/transaction/statement?accountId',
      request: () => ({ method: 'GET', url: `/v1/transaction/statement?accountId=${account()}&from=${todayIsoDate()}&to=${todayIsoDate()}&format=csv` }),
      expect: READ,
    },
    { name: 'PATCH /v1/accounts/{id}', request: () => ({ method: 'PATCH', url: `/v1/accounts/${account()}`, payload: { name: 'Family pot' } }), expect: MANAGE },
    {
      name: 'POST /v1/transfer/own (from the shared account)',
      request: (c) => ({ method: 'POST', url: '/v1/transfer/own', payload: { fromAccountId: account(), toAccountId: c.primaryId, amount: '1.00', pin: c.pin } }),
      expect: { owner: 201, joint: 201, dependant: 201, stranger: 404, auditor: 401, admin: 401 },
    },
    {
      name: 'POST /v1/transfer/international (from the shared account)',
      request: () => ({ method: 'POST', url: '/v1/transfer/international', payload: internationalTransfer({ accountId: account(), amount: '20.00' }) }),
      expect: { owner: 201, joint: 201, dependant: 403, stranger: 404, auditor: 401, admin: 401 },
    },
    { name: 'POST /v1/card (on the shared account)', request: () => ({ method: 'POST', url: '/v1/card', payload: applicationPayload({ accountId: account() }) }), expect: BORROW },
    { name: 'POST /v1/loan (on the shared account)', request: () => ({ method: 'POST', url: '/v1/loan', payload: loanApplication({ accountId: account() }) }), expect: BORROW },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s answers each role as its role allows', async (_name, c) => {
    const got = {} as Record<Role, number>;
    for (const role of ROLES) {
      const { method, url, payload } = c.request(callers[role]);
      const headers = method === 'GET' ? callers[role].session.headers : { ...callers[role].session.headers, 'idempotency-key': randomUUID() };
      const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      got[role] = res.statusCode;
      if (res.statusCode >= 400) expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    // The whole row at once: a failure shows every role's answer beside what it should have been.
    expect(got).toEqual(c.expect);
  });
});
