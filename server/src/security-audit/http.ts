/** A small HTTP client for the security audit: bearer or cookie sessions against a running server. */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  ms: number;
}

export class Client {
  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: 'manual' });
    const text = await res.text();
    const ms = performance.now() - started;
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body, text, ms };
  }

  /** A bearer session (no cookies, no CSRF): `kind` customer signs in with account number, staff with e-mail. */
  async bearer(kind: 'customer' | 'staff', login: string, password: string): Promise<string> {
    const path = kind === 'customer' ? '/v1/auth/login' : '/v1/admin/auth/login';
    const body = kind === 'customer' ? { accountNumber: login, password } : { email: login, password };
    const res = await this.call('POST', path, { body, headers: { 'x-session-mode': 'bearer' } });
    const token = (res.body as { token?: string } | null)?.token;
    if (!token) throw new Error(`${kind} sign-in failed (${res.status}): ${res.text.slice(0, 200)}`);
    return token;
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
