import type { Page } from 'playwright-core';
import { newContext, screenshot, signIn } from './helpers/browser';
import { useServerAndBrowser } from './helpers/suite';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { staffBearerToken } from './helpers/server';

// What a cardholder sees per card (limit, balance owed, holds, available credit, the card's transactions) and paying
// the balance with the PIN, in the browser. The card is issued and charged through the API (the console's part is
// cards.e2e.test.ts): one captured purchase and one hold still open.
jest.setTimeout(300_000);
const PATIENCE_MS = 40_000;

describe('a card statement and paying the balance (customer app)', () => {
  const ctx = useServerAndBrowser();
  const base = () => ctx.server().baseUrl;

  async function bearer(path: string, body: Record<string, string>): Promise<string> {
    const res = await fetch(`${base()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-session-mode': 'bearer' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  beforeAll(async () => {
    const customer = await bearer('/v1/auth/login', { accountNumber: '1000000001', password: 'Demo@2026!' });
    const admin = await staffBearerToken(base(), ctx.server().dataDir);
    const applied = await call<{ card: { id: string } }>(customer, 'POST', '/v1/card', {
      cardType: 'visa',
      firstName: 'Alex',
      lastName: 'Rivera',
      email: 'alex.rivera@example.com',
      phone: '7185550142',
      dateOfBirth: '1990-05-17',
      ssn: '123-45-6789',
      address: '55 Water Street, Apt 3',
      city: 'Brooklyn',
      state: 'New York',
      zipCode: '11201',
      creditLimit: '2000',
      agreeToTerms: true,
    });
    const id = applied.card.id;
    await call(admin, 'PATCH', `/v1/card/${id}/approve`, {});
    const card = await call<{ cardNumber: string; expiry: string; cvv: string }>(customer, 'POST', `/v1/card/${id}/reveal`, { pin: '1234' });
    const details = { cardNumber: card.cardNumber, expiry: card.expiry, cvv: card.cvv, currency: 'USD' };
    const bought = await call<{ approved: boolean; authorisation: { id: string } }>(admin, 'POST', '/v1/network/card-authorisations', { ...details, amount: '80.00', merchant: 'Hardware Store' });
    expect(bought.approved).toBe(true);
    await call(admin, 'POST', `/v1/network/card-authorisations/${bought.authorisation.id}/capture`, { amount: '75.25' });
    const held = await call<{ approved: boolean }>(admin, 'POST', '/v1/network/card-authorisations', { ...details, amount: '30.00', merchant: 'Hotel Deposit' });
    expect(held.approved).toBe(true);
  });

  async function cardsPage(): Promise<Page> {
    const context = await newContext(ctx.browser(), base());
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    await signIn(page, '1000000001', 'Demo@2026!');
    await page.goto('/cards');
    return page;
  }

  it('shows the credit limit, balance owed, holds, available credit and the card transactions', async () => {
    const page = await cardsPage();
    await page.getByTestId('card-limit').getByText('$2,000.00').waitFor();
    await page.getByTestId('card-owed').getByText('$75.25').waitFor();
    await page.getByTestId('card-holds').getByText('$30.00').waitFor();
    await page.getByTestId('card-available').getByText('$1,894.75').waitFor();
    const activity = page.getByTestId('card-activity');
    await activity.getByText('Hardware Store').waitFor();
    await activity.getByText('Hotel Deposit').waitFor();
    await expectNoSeriousA11yViolations(page, 'cards: statement');
    await screenshot(page, 'cards-statement-1280');
    await page.context().close();
  });

  it('pays the balance from the account with the PIN (a wrong PIN is refused)', async () => {
    const page = await cardsPage();
    await page.getByRole('button', { name: 'Pay balance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('You owe $75.25.', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('75.25');
    await dialog.getByLabel('Transaction PIN').fill('0000');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await dialog.getByText('Incorrect PIN').waitFor();
    await expectNoSeriousA11yViolations(page, 'cards: pay dialog with error');
    await screenshot(page, 'cards-pay-wrong-pin');
    await dialog.getByLabel('Transaction PIN').fill('1234');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Payment received').waitFor();
    await page.getByTestId('card-owed').getByText('$0.00').waitFor();
    await page.getByTestId('card-available').getByText('$1,970.00').waitFor();
    await page.getByRole('button', { name: 'Pay balance' }).and(page.locator('[disabled]')).waitFor();
    await screenshot(page, 'cards-paid');
    await page.context().close();
  });
});
