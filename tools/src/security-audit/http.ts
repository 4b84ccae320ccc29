import { generate } from 'otplib';

/** A small HTTP client for the security audit: bearer or cookie sessions against a running server. */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  ms: number;
}

const TOTP_STEP_S = 30;

export class Client {
  /** Staff bearer tokens by e-mail: each member signs in once (the server accepts each authenticator code once). */
  private readonly staffTokens = new Map<string, string>();
  /** The last time step each TOTP secret signed in with. */
  private readonly lastStep = new Map<string, number>();

  constructor(
    readonly baseUrl: string,
    /** Staff TOTP secrets by e-mail (the demo staff's, from DATA_DIR/secrets.json). */
    private readonly totpSecrets: Record<string, string> = {},
  ) {}

  /** An authenticator code for a staff member that this run has not used yet (waits for the next step if it must). */
  async otp(email: string): Promise<string> {
    const secret = this.totpSecrets[email];
    if (!secret) return '';
    for (;;) {
      const now = Math.floor(Date.now() / 1000);
      const current = Math.floor(now / TOTP_STEP_S);
      const used = this.lastStep.get(secret) ?? -1;
      const step = used < current ? current : used === current ? current + 1 : undefined;
      if (step !== undefined) {
        this.lastStep.set(secret, step);
        return generate({ secret, epoch: step * TOTP_STEP_S });
      }
      await new Promise((resolve) => setTimeout(resolve, (TOTP_STEP_S - (now % TOTP_STEP_S)) * 1000 + 50));
    }
  }

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
    if (kind === 'staff' && this.staffTokens.has(login)) return this.staffTokens.get(login)!;
    const path = kind === 'customer' ? '/v1/auth/login' : '/v1/admin/auth/login';
    const body = kind === 'customer' ? { accountNumber: login, password } : { email: login, password, otp: await this.otp(login) };
    const res = await this.call('POST', path, { body, headers: { 'x-session-mode': 'bearer' } });
    const token = (res.body as { token?: string } | null)?.token;
    if (!token) throw new Error(`${kind} sign-in failed (${res.status}): ${res.text.slice(0, 200)}`);
    if (kind === 'staff') this.staffTokens.set(login, token);
    return token;
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
