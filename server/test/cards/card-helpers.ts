import type { FastifyInstance } from 'fastify';
import type { Session } from '../helpers/test-app';

export function applicationPayload(overrides: Record<string, unknown> = {}) {
  return {
    cardType: 'visa',
    firstName: 'Dana',
    lastName: 'Okafor',
    email: 'dana.card@example.com',
    phone: '7185550142',
    dateOfBirth: '1990-05-17',
    ssn: '123-45-6789',
    address: '55 Water Street, Apt 3',
    city: 'Brooklyn',
    state: 'New York',
    zipCode: '11201',
    creditLimit: '2000.00',
    agreeToTerms: true,
    ...overrides,
  };
}

export async function applyForCard(app: FastifyInstance, session: Session, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/card', headers: session.headers, payload: applicationPayload(overrides) });
  if (res.statusCode !== 201) throw new Error(`apply failed ${res.statusCode}: ${res.body}`);
  return res.json().card.id as string;
}

export interface IssuedCard {
  id: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** Applies, has staff approve, and reveals the card with the PIN. */
export async function issuedCard(app: FastifyInstance, customer: { session: Session; staff: Session }, overrides: Record<string, unknown> = {}): Promise<IssuedCard> {
  const id = await applyForCard(app, customer.session, overrides);
  const approve = await app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: customer.staff.headers });
  if (approve.statusCode !== 200) throw new Error(`approve failed ${approve.statusCode}: ${approve.body}`);
  const reveal = await app.inject({ method: 'POST', url: `/v1/card/${id}/reveal`, headers: customer.session.headers, payload: { pin: '2468' } });
  if (reveal.statusCode !== 200) throw new Error(`reveal failed ${reveal.statusCode}: ${reveal.body}`);
  const { cardNumber, expiry, cvv } = reveal.json();
  return { id, cardNumber, expiry, cvv };
}

export async function authorise(app: FastifyInstance, staff: Session, card: IssuedCard, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/network/card-authorisations',
    headers: staff.headers,
    payload: { cardNumber: card.cardNumber, expiry: card.expiry, cvv: card.cvv, amount: '25.00', currency: 'USD', merchant: 'Corner Shop', ...overrides },
  });
  return res;
}

export async function cardOf(app: FastifyInstance, session: Session, id: string) {
  const res = await app.inject({ method: 'GET', url: `/v1/card/${id}`, headers: { cookie: session.cookie } });
  return res.json().card as { status: string; creditLimit: string; balanceOwed: string; holds: string; availableCredit: string; frozen: boolean; frozenByAccount: boolean; last4: string };
}
