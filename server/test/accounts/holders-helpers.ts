import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { login, registerCustomer, type Session } from '../helpers/test-app';

export interface Person {
  id: string;
  email: string;
  accountNumber: string;
  session: Session;
  /** Their primary account's id (accounts.id) and name. */
  accountId: string;
  accountName: string;
}

/** A registered, approved, signed-in customer with the given name (the shown name is first name and last initial). */
export async function person(app: FastifyInstance, staff: Session, firstName: string, lastName: string, currency = 'USD'): Promise<Person> {
  const c = await registerCustomer(app, { firstName, lastName, currency });
  const approve = await app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: staff.headers });
  if (approve.statusCode !== 200) throw new Error(`approve failed: ${approve.body}`);
  const [{ id, name }] = await app.db.query(`SELECT id, name FROM accounts WHERE customer_id = $1 AND is_primary`, [c.id]);
  return { id: c.id, email: c.email as string, accountNumber: c.accountNumber, session: await login(app, c.accountNumber, c.password as string), accountId: id, accountName: name };
}

export function invite(app: FastifyInstance, by: Session, accountId: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/v1/accounts/${accountId}/holders`, headers: by.headers, payload });
}

export function answer(app: FastifyInstance, by: Session, invitationId: string, action: 'accept' | 'decline'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/v1/accounts/invitations/${invitationId}/${action}`, headers: by.headers });
}

export function holdersList(app: FastifyInstance, by: Session, accountId: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/v1/accounts/${accountId}/holders`, headers: by.headers });
}

/** Invites `who` on the owner's account and has them accept: the holder row's id. */
export async function makeHolder(app: FastifyInstance, owner: Person, who: Person, role: 'joint' | 'dependant', dailyLimit?: string): Promise<string> {
  const sent = await invite(app, owner.session, owner.accountId, { accountNumber: who.accountNumber, role, ...(dailyLimit === undefined ? {} : { dailyLimit }) });
  if (sent.statusCode !== 201) throw new Error(`invite failed ${sent.statusCode}: ${sent.body}`);
  const id = sent.json().invitation.id as string;
  const accepted = await answer(app, who.session, id, 'accept');
  if (accepted.statusCode !== 200) throw new Error(`accept failed ${accepted.statusCode}: ${accepted.body}`);
  return id;
}

/** The latest audit record of an account holder entry. */
export async function lastAudit(app: FastifyInstance, holderId: string): Promise<Record<string, unknown>> {
  const [row] = await app.db.query(`SELECT actor_type, actor_id, action, details FROM audit_log WHERE target_type = 'account_holder' AND target_id = $1 ORDER BY id DESC LIMIT 1`, [holderId]);
  return row;
}
