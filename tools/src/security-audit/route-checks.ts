import type { Client } from './http';
import type { AuditContext, CheckResult } from './checks';

interface Route {
  method: string;
  path: string;
}

/** Every API route, from the server's own OpenAPI document (so a route added later is audited too). */
export async function apiRoutes(client: Client): Promise<Route[]> {
  const doc = (await client.call('GET', '/docs/json')).body as { paths?: Record<string, Record<string, unknown>> } | null;
  if (!doc?.paths) throw new Error('GET /docs/json did not answer the OpenAPI document (run the audit outside production, or with DOCS=1)');
  const routes: Route[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) routes.push({ method: method.toUpperCase(), path });
  }
  return routes;
}

const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const isStaffRoute = (r: Route) => r.path.startsWith('/v1/admin/') || /\/(approve|reject)$/.test(r.path);
const fill = (path: string, value: string) => path.replace(/\{\w+\}/g, encodeURIComponent(value));

/** What customer A owns that has an id: transactions (id, reference), a payment awaiting authentication, files. */
async function idsOfA(ctx: AuditContext, tokenA: string, staffToken: string): Promise<Record<string, string[]>> {
  const { client } = ctx;
  const list = (await client.call('GET', '/v1/transaction?pageSize=5', { token: tokenA })).body as { items?: { id: string; reference: string }[] };
  const items = list.items ?? [];
  const started = (
    await client.call('POST', '/v1/transfer/local', {
      token: tokenA,
      body: {
        recipientName: 'Audit Payee',
        recipientBankName: 'Audit Bank',
        recipientAccountNumber: '000123456789',
        amount: '1.00',
        memo: 'audit',
        transferDate: new Date().toISOString().slice(0, 10),
      },
    })
  ).body as { transferId?: string };
  const me = (await client.call('GET', '/v1/auth/check', { token: tokenA })).body as { user: { id: string; image: string | null } };
  const shown = (await client.call('GET', `/v1/admin/customers/${me.user.id}`, { token: staffToken })).body as { passportImage?: string | null };
  const files = [me.user.image, shown.passportImage].filter((u): u is string => !!u).map((u) => u.split('/').pop()!);
  const ids = [...items.map((i) => i.id), ...(started.transferId ? [started.transferId] : []), ...files, me.user.id];
  return { id: ids, reference: items.map((i) => i.reference), '*': ids };
}

/** Customer B on every route with an id, given A's ids: never a 2xx. A on the same GETs: proves the ids are real. */
export async function checkBola(ctx: AuditContext, routes: Route[]): Promise<CheckResult> {
  const { client } = ctx;
  const tokenA = await client.bearer('customer', ctx.customerA.accountNumber, ctx.customerA.password);
  const tokenB = await client.bearer('customer', ctx.customerB.accountNumber, ctx.customerB.password);
  const staffToken = await client.bearer('staff', ctx.admin.email, ctx.admin.password);
  const ids = await idsOfA(ctx, tokenA, staffToken);
  const withIds = routes.filter((r) => paramsOf(r.path).length > 0 && !isStaffRoute(r));
  const leaks: string[] = [];
  let probes = 0;
  let ownerHits = 0;
  for (const route of withIds) {
    const [param] = paramsOf(route.path);
    // A recipient lookup by account number is a public directory by design (it answers a masked name).
    if (param === 'accountNumber') continue;
    for (const value of ids[param] ?? ids['*']) {
      probes += 1;
      const asB = await client.call(route.method, fill(route.path, value), { token: tokenB, body: route.method === 'GET' ? undefined : {} });
      if (asB.status >= 200 && asB.status < 300) leaks.push(`${route.method} ${route.path} (${value}) answered ${asB.status}`);
      if (route.method === 'GET' && (await client.call('GET', fill(route.path, value), { token: tokenA })).status === 200) ownerHits += 1;
    }
  }
  const pass = leaks.length === 0 && probes > 0;
  return { name: "BOLA: customer B on A's ids", pass, detail: leaks.slice(0, 3).join('; ') || `${withIds.length} routes, ${probes} probes, all refused (A's own: ${ownerHits} found)` };
}

/** Every staff route: signed out 401, a customer 401/403, the auditor 403 on every action (reads allowed). */
export async function checkRoleMatrix(ctx: AuditContext, routes: Route[]): Promise<CheckResult> {
  const { client } = ctx;
  const customer = await client.bearer('customer', ctx.customerA.accountNumber, ctx.customerA.password);
  const auditor = await client.bearer('staff', ctx.auditor.email, ctx.auditor.password);
  const staffRoutes = routes.filter((r) => isStaffRoute(r) && !r.path.startsWith('/v1/admin/auth/'));
  const problems: string[] = [];
  const someId = '00000000-0000-4000-8000-000000000000';
  for (const route of staffRoutes) {
    const path = fill(route.path, someId);
    const body = route.method === 'GET' ? undefined : {};
    const anonymous = await client.call(route.method, path, { body });
    if (anonymous.status !== 401) problems.push(`${route.method} ${route.path} without a session: ${anonymous.status}`);
    const asCustomer = await client.call(route.method, path, { token: customer, body });
    if (![401, 403].includes(asCustomer.status)) problems.push(`${route.method} ${route.path} as a customer: ${asCustomer.status}`);
    const asAuditor = await client.call(route.method, path, { token: auditor, body });
    if (route.method !== 'GET' && asAuditor.status !== 403) problems.push(`${route.method} ${route.path} as the auditor: ${asAuditor.status}`);
    if (route.method === 'GET' && [401, 403].includes(asAuditor.status)) problems.push(`${route.method} ${route.path} refused to the auditor (reads are theirs)`);
  }
  return {
    name: 'Role matrix on staff routes',
    pass: problems.length === 0 && staffRoutes.length > 0,
    detail: problems.slice(0, 3).join('; ') || `${staffRoutes.length} routes: anonymous 401, customer 401/403, auditor 403 on actions`,
  };
}
