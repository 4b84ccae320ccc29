// The clients of npm run chaos: customers sending same-bank and local transfers, the settlement network's
// incoming payments, and staff settling or rejecting local transfers. Every money POST carries an
// Idempotency-Key; a request with no answer (timeout, reset, 5xx, "still in progress") is sent again with
// the same key and body, as a real client would. What each request got is the history the checks read.
import { Agent, request as httpRequest } from 'node:http';
import { createWriteStream, type WriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { anyAccountOf, HARNESS_PIN, type SeededCustomer } from '../bench/harness';
import { SERVER_HEADER, sleep } from './cluster';

export type OperationKind = 'same' | 'local' | 'incoming' | 'decide';
export type Outcome = 'acked' | 'refused' | 'unknown';

/** A money operation under test: what identifies its booking, and how it ended for the client. */
export interface Operation {
  kind: OperationKind;
  /** same/local: the transfer's memo; incoming: the network reference; decide: the transaction id. */
  tag: string;
  outcome: Outcome;
  decision?: 'approve' | 'reject';
}

/** One request's fate, kept only when it was a 5xx (the checks excuse it or not against the fault timeline). */
export interface ServerError {
  server: number;
  status: number;
  sentAt: number;
  endAt: number;
}

interface Attempt {
  status?: number;
  body?: string;
  server?: number;
  error?: string;
  sentAt: number;
  endAt: number;
}

export interface WorkloadOptions {
  proxyBase: string;
  customers: SeededCustomer[];
  staffToken: string;
  clients: number;
  /** Stop starting operations after this many money operations (same + local + incoming)... */
  transfers: number;
  /** ...or after this time, whichever comes first (keepGoing can hold the end back). */
  durationMs: number;
  keepGoing: () => boolean;
  /** Asked to stop early (SIGINT): no new operations; those under way finish, then the checks run. */
  stopped?: () => boolean;
  historyPath?: string;
  requestTimeoutMs?: number;
  /** A client retries one operation for this long before calling it unknown. */
  retryWindowMs?: number;
  runId: string;
}

/** Shares of the workload: the rest of it is same-bank transfers. */
const LOCAL_SHARE = 0.1;
const INCOMING_SHARE = 0.08;
/** Share of answered operations sent once more on purpose to compare the replay with the first answer. */
const REPLAY_SHARE = 0.05;

const canonical = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value as object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
};

function parse(body: string | undefined): Record<string, unknown> | undefined {
  try {
    return body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export class Workload {
  readonly operations: Operation[] = [];
  readonly serverErrors: ServerError[] = [];
  /** The first few replays that differed from the first answer (all are counted). */
  readonly replayMismatches: string[] = [];
  replayMismatchCount = 0;
  replaysCompared = 0;
  requests = 0;
  private readonly history?: WriteStream;
  private readonly decisions: string[] = [];
  private moneyStarted = 0;
  private startedAt = 0;
  private readonly timeoutMs: number;
  private readonly retryWindowMs: number;

  constructor(private readonly opts: WorkloadOptions) {
    // A browser or mobile app waits longer than this for a payment; shorter, and on a busy machine most of the
    // servers' work goes to requests their clients have already given up on (and sent again).
    this.timeoutMs = opts.requestTimeoutMs ?? 10_000;
    this.retryWindowMs = opts.retryWindowMs ?? 120_000;
    if (opts.historyPath) this.history = createWriteStream(opts.historyPath);
  }

  /** Runs every client to the end, then staff decide what is still waiting. */
  async run(onProgress?: (started: number) => void) {
    this.startedAt = Date.now();
    let producing = true;
    const staff = [0, 1].map(() => this.staffWorker(() => producing));
    await Promise.all(Array.from({ length: this.opts.clients }, (_, i) => this.client(i, onProgress)));
    producing = false;
    await Promise.all(staff);
    await new Promise<void>((r) => (this.history ? this.history.end(() => r()) : r()));
  }

  private more() {
    if (this.opts.stopped?.()) return false;
    const withinBounds = this.moneyStarted < this.opts.transfers && Date.now() - this.startedAt < this.opts.durationMs;
    return withinBounds || this.opts.keepGoing();
  }

  private async client(index: number, onProgress?: (started: number) => void) {
    const customers = this.opts.customers;
    const me = customers[index % customers.length];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let hasSent = false;
    while (this.more()) {
      const started = ++this.moneyStarted;
      if (onProgress && started % 1000 === 0) onProgress(started);
      const roll = Math.random();
      const tag = `chaos ${this.opts.runId}-${started}`;
      const amount = `${1 + Math.floor(Math.random() * 9)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
      if (roll < INCOMING_SHARE) {
        await this.incoming(agent, me, tag.replace(/ /g, '-').toUpperCase(), amount);
      } else if (roll < INCOMING_SHARE + LOCAL_SHARE && hasSent) {
        await this.local(agent, me, tag, amount);
      } else {
        let to = customers[Math.floor(Math.random() * customers.length)];
        if (to === me) to = customers[(index + 1) % customers.length];
        const op = await this.money(agent, 'same', tag, 'POST', '/v1/transfer/same', me.token, { recipientAccountNumber: anyAccountOf(to), amount, memo: tag, pin: HARNESS_PIN });
        if (op.outcome === 'acked') hasSent = true;
      }
    }
    agent.destroy();
  }

  private async incoming(agent: Agent, to: SeededCustomer, reference: string, amount: string) {
    const body = { accountNumber: to.accountNumber, amount, currency: 'USD', senderName: 'Chaos Payroll', senderBank: 'Chaos Network Bank', reference };
    await this.money(agent, 'incoming', reference, 'POST', '/v1/admin/incoming-transfers', this.opts.staffToken, body);
  }

  /** Start (not a money movement), then authenticate with the PIN (the hold: money moves), then staff decide. */
  private async local(agent: Agent, me: SeededCustomer, tag: string, amount: string) {
    const today = new Date().toISOString().slice(0, 10);
    const start = await this.perform(agent, 'POST', '/v1/transfer/local', me.token, {
      recipientName: 'Chaos Payee',
      recipientBankName: 'Chaos Other Bank',
      recipientAccountNumber: '12345678',
      amount,
      memo: tag,
      transferDate: today,
    });
    const started = parse(start?.body);
    // A first-time payer needs the e-mailed code; clients only send local transfers after a same-bank one.
    if (start?.status !== 201 || started?.codeStep !== 'pin') return;
    const op = await this.money(agent, 'local', tag, 'POST', '/v1/transfer/confirm-code', me.token, { transferId: started.transferId, pin: HARNESS_PIN });
    const transaction = op.answer?.transaction as { id?: string } | undefined;
    if (op.outcome === 'acked' && transaction?.id) this.decisions.push(transaction.id);
  }

  private async staffWorker(producing: () => boolean) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (producing() || this.decisions.length > 0) {
      const id = this.decisions.shift();
      if (!id) {
        await sleep(50);
        continue;
      }
      const decision = Math.random() < 0.7 ? 'approve' : 'reject';
      const body = decision === 'reject' ? { reason: 'Chaos: the payee bank refused it' } : undefined;
      await this.money(agent, 'decide', id, 'PATCH', `/v1/transaction/${id}/${decision}`, this.opts.staffToken, body, decision);
    }
    agent.destroy();
  }

  /** A money operation: sent until it has an answer, recorded, and sometimes replayed on purpose. */
  private async money(
    agent: Agent,
    kind: OperationKind,
    tag: string,
    method: string,
    path: string,
    token: string,
    body: unknown,
    decision?: Operation['decision'],
  ): Promise<Operation & { answer?: Record<string, unknown> }> {
    const key = `chaos-${randomUUID()}`;
    const answer = await this.perform(agent, method, path, token, body, key, kind, tag);
    const op: Operation = { kind, tag, outcome: !answer ? 'unknown' : answer.status < 300 ? 'acked' : 'refused', ...(decision ? { decision } : {}) };
    this.operations.push(op);
    if (answer && (answer.retried || Math.random() < REPLAY_SHARE)) {
      const again = await this.perform(agent, method, path, token, body, key, kind, tag);
      if (again) {
        this.replaysCompared++;
        const first = `${answer.status} ${canonical(parse(answer.body))}`;
        const second = `${again.status} ${canonical(parse(again.body))}`;
        if (first !== second) {
          this.replayMismatchCount++;
          if (this.replayMismatches.length < 5) this.replayMismatches.push(`${kind} ${tag}: first ${first.slice(0, 300)} / replay ${second.slice(0, 300)}`);
        }
      }
    }
    return { ...op, answer: parse(answer?.body) };
  }

  /** Sends until an answer that is not "try again"; undefined when the retry window ran out. */
  private async perform(agent: Agent, method: string, path: string, token: string, body: unknown, key = `chaos-${randomUUID()}`, kind = 'start', tag = '') {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const giveUpAt = Date.now() + this.retryWindowMs;
    for (let attempt = 1; ; attempt++) {
      const a = await this.send(agent, method, path, token, key, payload);
      this.requests++;
      this.history?.write(`${JSON.stringify({ kind, tag, key, attempt, sentAt: a.sentAt, endAt: a.endAt, status: a.status ?? null, server: a.server ?? null, error: a.error ?? null })}\n`);
      if (a.status !== undefined && a.status >= 500) this.serverErrors.push({ server: a.server ?? -1, status: a.status, sentAt: a.sentAt, endAt: a.endAt });
      const tryAgain = a.status === undefined || a.status >= 500 || a.status === 429 || (a.status === 409 && /in progress/i.test(a.body ?? ''));
      if (!tryAgain) return { status: a.status!, body: a.body, retried: attempt > 1 };
      if (Date.now() > giveUpAt) return undefined;
      // Exponential backoff with full jitter (200 ms doubling, at most 5 s), as a well-behaved client does.
      await sleep(Math.random() * Math.min(5_000, 200 * 2 ** Math.min(attempt, 10)));
    }
  }

  private send(agent: Agent, method: string, path: string, token: string, key: string, payload?: string): Promise<Attempt> {
    const sentAt = Date.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (a: Omit<Attempt, 'sentAt' | 'endAt'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...a, sentAt, endAt: Date.now() });
      };
      const headers: Record<string, string | number> = { authorization: `Bearer ${token}`, 'idempotency-key': key };
      if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const req = httpRequest(`${this.opts.proxyBase}${path}`, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), server: Number(res.headers[SERVER_HEADER] ?? -1) }));
        res.on('error', (err) => done({ error: err.message }));
        res.on('aborted', () => done({ error: 'aborted' }));
      });
      const timer = setTimeout(() => {
        req.destroy(new Error('timeout'));
        done({ error: 'timeout' });
      }, this.timeoutMs);
      req.on('error', (err) => done({ error: err.message }));
      req.end(payload);
    });
  }
}
