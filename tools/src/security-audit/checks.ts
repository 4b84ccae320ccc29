import { randomUUID } from 'node:crypto';
import { Client, median, type Answer } from './http';

export interface CheckResult {
  name: string;
  pass: boolean;
  detail: string;
}

export interface AuditContext {
  client: Client;
  customerA: { accountNumber: string; password: string; pin: string };
  customerB: { accountNumber: string; password: string; pin: string };
  admin: { email: string; password: string };
  auditor: { email: string; password: string };
}

const header = (a: Answer, name: string) => a.headers.get(name) ?? '';
const setCookies = (a: Answer) => a.headers.getSetCookie?.() ?? [];

/** Content-Security-Policy, framing, referrer, sniffing, and no caching of an authenticated JSON answer. */
export async function checkHeaders(ctx: AuditContext): Promise<CheckResult> {
  const page = await ctx.client.call('GET', '/');
  const csp = header(page, 'content-security-policy');
  const token = await ctx.client.bearer('customer', ctx.customerA.accountNumber, ctx.customerA.password);
  const check = await ctx.client.call('GET', '/v1/auth/check', { token });
  const problems = [
    !/script-src 'self'(;|$)/.test(csp) && "script-src is not exactly 'self'",
    !/frame-ancestors 'none'/.test(csp) && "frame-ancestors is not 'none'",
    !/object-src 'none'/.test(csp) && "object-src is not 'none'",
    header(page, 'referrer-policy') !== 'no-referrer' && 'Referrer-Policy is not no-referrer',
    header(page, 'x-content-type-options') !== 'nosniff' && 'X-Content-Type-Options is not nosniff',
    check.status !== 200 && `GET /v1/auth/check answered ${check.status}`,
    !/no-store/.test(header(check, 'cache-control')) && 'an authenticated JSON answer may be cached',
  ].filter(Boolean);
  return { name: 'Security headers', pass: problems.length === 0, detail: problems.join('; ') || 'CSP without inline script, frame-ancestors none, no-referrer, nosniff, no-store' };
}

/** Session cookies: httpOnly, SameSite=Strict, scoped; the CSRF cookie readable; staff cookies only on /v1. */
export async function checkCookies(ctx: AuditContext): Promise<CheckResult> {
  const customer = setCookies(await ctx.client.call('POST', '/v1/auth/login', { body: { accountNumber: ctx.customerA.accountNumber, password: ctx.customerA.password } }));
  const staff = setCookies(await ctx.client.call('POST', '/v1/admin/auth/login', { body: { email: ctx.auditor.email, password: ctx.auditor.password, otp: await ctx.client.otp(ctx.auditor.email) } }));
  const find = (list: string[], name: RegExp) => list.find((c) => name.test(c.split('=')[0])) ?? '';
  const session = find(customer, /^(__Host-)?sr_session$/);
  const staffSession = find(staff, /^(__Secure-)?sr_staff_session$/);
  const problems = [
    !session && 'no customer session cookie',
    session && !/HttpOnly/i.test(session) && 'customer session cookie readable by scripts',
    session && !/SameSite=Strict/i.test(session) && 'customer session cookie not SameSite=Strict',
    !staffSession && 'no staff session cookie',
    staffSession && !/HttpOnly/i.test(staffSession) && 'staff session cookie readable by scripts',
    staffSession && !/SameSite=Strict/i.test(staffSession) && 'staff session cookie not SameSite=Strict',
    staffSession && !/Path=\/v1(;|$)/i.test(staffSession) && 'staff session cookie not scoped to /v1',
  ].filter(Boolean);
  const secure = /Secure/i.test(session) ? 'Secure' : 'not Secure (PUBLIC_URL is http)';
  return { name: 'Cookie flags', pass: problems.length === 0, detail: problems.join('; ') || `httpOnly, SameSite=Strict, staff on /v1, ${secure}` };
}

/** 60 wrong PINs at once: at most 5 may be judged (400 Incorrect PIN); the rest are refused as locked. */
export async function checkPinRace(ctx: AuditContext): Promise<CheckResult> {
  const token = await ctx.client.bearer('customer', ctx.customerB.accountNumber, ctx.customerB.password);
  const wrong = ctx.customerB.pin === '0000' ? '1111' : '0000';
  const answers = await Promise.all(
    Array.from({ length: 60 }, () =>
      ctx.client.call('POST', '/v1/transfer/same', { token, body: { recipientAccountNumber: ctx.customerA.accountNumber, amount: '1.00', pin: wrong }, headers: { 'idempotency-key': randomUUID() } }),
    ),
  );
  const judged = answers.filter((a) => a.status === 400 && /Incorrect PIN/.test(a.text)).length;
  const locked = answers.filter((a) => a.status === 423).length;
  const other = answers.length - judged - locked;
  const right = await ctx.client.call('POST', '/v1/transfer/same', { token, body: { recipientAccountNumber: ctx.customerA.accountNumber, amount: '1.00', pin: ctx.customerB.pin } });
  const pass = judged <= 5 && other === 0 && right.status === 423;
  return { name: 'PIN race (60 concurrent wrong PINs)', pass, detail: `${judged} judged, ${locked} refused as locked, ${other} other; the right PIN afterwards: ${right.status}` };
}

/** The mail outbox staff read shows no reset token and no one-time code. */
export async function checkOutboxRedaction(ctx: AuditContext): Promise<CheckResult> {
  const token = await ctx.client.bearer('customer', ctx.customerA.accountNumber, ctx.customerA.password);
  const me = (await ctx.client.call('GET', '/v1/auth/check', { token })).body as { user: { email: string } };
  await ctx.client.call('POST', '/v1/auth/forgot-password', { body: { email: me.user.email } });
  await new Promise((r) => setTimeout(r, 1500)); // the link is sent after the answer
  const staff = await ctx.client.bearer('staff', ctx.admin.email, ctx.admin.password);
  const list = (await ctx.client.call('GET', '/v1/admin/outbox?range=[0,49]', { token: staff })).body as { id: string; bodyText: string; template: string }[];
  const leaks: string[] = [];
  for (const item of list) {
    const shown = (await ctx.client.call('GET', `/v1/admin/outbox/${item.id}`, { token: staff })).body as { bodyText?: string };
    for (const text of [item.bodyText, shown.bodyText ?? '']) {
      if (/token=[A-Za-z0-9_-]{16,}/.test(text)) leaks.push(`${item.template}: reset token`);
      if (/\b\d{6}\b/.test(text.replace(/\b\d{10}\b/g, ''))) leaks.push(`${item.template}: 6-digit code`);
    }
  }
  const unique = [...new Set(leaks)];
  return { name: 'Outbox redaction', pass: list.length > 0 && unique.length === 0, detail: unique.join('; ') || `${list.length} messages, no token or code shown` };
}

/** Login for an unknown account vs a known account with a wrong password: medians should not tell them apart. */
export async function checkEnumerationTiming(ctx: AuditContext, rounds = 16): Promise<CheckResult> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // A different unknown account each round: one repeated would meet its own lockout (per-account limits), another path.
    unknown.push(
      (await ctx.client.call('POST', '/v1/auth/login', { body: { accountNumber: `19${String(10_000_000 + i * 7919).slice(-8)}`, password: 'Wrong!Pass1' }, headers: { 'x-session-mode': 'bearer' } }))
        .ms,
    );
    known.push((await ctx.client.call('POST', '/v1/auth/login', { body: { accountNumber: ctx.customerA.accountNumber, password: 'Wrong!Pass1' }, headers: { 'x-session-mode': 'bearer' } })).ms);
    // A right password clears the failure count before the account would lock (a locked answer takes another path).
    if (i % 3 === 2) await ctx.client.bearer('customer', ctx.customerA.accountNumber, ctx.customerA.password);
  }
  const [k, u] = [median(known), median(unknown)];
  const gap = Math.abs(k - u);
  const pass = gap <= Math.max(10, 0.25 * Math.max(k, u));
  return { name: 'Login enumeration timing', pass, detail: `median known ${Math.round(k)} ms, unknown ${Math.round(u)} ms (gap ${Math.round(gap)} ms)` };
}
