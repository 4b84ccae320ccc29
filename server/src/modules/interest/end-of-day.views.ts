import { moneySchema } from '../../common/route-schemas';
import { minorToDecimal } from '@strongroom/shared';
import type { EndOfDayRunWithTotals } from './end-of-day.queries';

/** Interest kept to 10 decimal places of a minor unit ('1234.5678901234'), rounded down to the whole minor unit. */
export function floorMinor(exactMinor: string): bigint {
  const [whole, fraction = ''] = exactMinor.split('.');
  const minor = BigInt(whole);
  return whole.startsWith('-') && /[1-9]/.test(fraction) ? minor - 1n : minor;
}

/** Interest kept to 10 decimal places of a minor unit, in major units rounded down to the minor unit ('12.34'). */
export const accruedMajor = (exactMinor: string, currency: string) => minorToDecimal(floorMinor(exactMinor), currency);

/** One currency's interest of a run: accrued (major units rounded down, and exact in minor units) and paid. */
export interface RunTotalView {
  currency: string;
  accrued: string;
  accruedMinorExact: string;
  posted: string;
}

export interface EndOfDayRunView {
  /** The business date: react-admin's record id. */
  id: string;
  businessDate: string;
  status: 'running' | 'done' | 'failed';
  timeZone: string;
  startedAt: string;
  finishedAt: string | null;
  /** Of the latest attempt; null while it runs. */
  durationMs: number | null;
  accountsAccrued: number;
  accountsPosted: number;
  depositsMatured: number;
  failures: number;
  attempts: number;
  error: string | null;
  totals: RunTotalView[];
}

export function toRunView(row: EndOfDayRunWithTotals): EndOfDayRunView {
  const startedAt = new Date(row.started_at);
  const finishedAt = row.finished_at ? new Date(row.finished_at) : null;
  return {
    id: row.business_date,
    businessDate: row.business_date,
    status: row.status,
    timeZone: row.time_zone,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt ? finishedAt.toISOString() : null,
    durationMs: finishedAt ? finishedAt.getTime() - startedAt.getTime() : null,
    accountsAccrued: row.accounts_accrued,
    accountsPosted: row.accounts_posted,
    depositsMatured: row.deposits_matured,
    failures: row.failures,
    attempts: row.attempts,
    error: row.error,
    totals: row.totals.map((t) => ({
      currency: t.currency,
      accrued: accruedMajor(t.accrued_minor, t.currency),
      accruedMinorExact: t.accrued_minor,
      posted: minorToDecimal(t.posted_minor, t.currency),
    })),
  };
}

const RUN_STATUSES = ['running', 'done', 'failed'] as const;

/** The list's one filter, `status`; anything else in the filter is ignored, as react-admin's own filters never send it. */
export function parseRunFilter(filter: Record<string, unknown>): { status?: string } {
  const status = filter.status;
  return typeof status === 'string' && (RUN_STATUSES as readonly string[]).includes(status) ? { status } : {};
}

/** The JSON Schema of a run on the wire. */
export const runSchema = {
  type: 'object',
  required: ['id', 'businessDate', 'status', 'timeZone', 'startedAt', 'finishedAt', 'durationMs', 'accountsAccrued', 'accountsPosted', 'depositsMatured', 'failures', 'attempts', 'error', 'totals'],
  properties: {
    id: { type: 'string', format: 'date' },
    businessDate: { type: 'string', format: 'date' },
    status: { type: 'string', enum: [...RUN_STATUSES] },
    timeZone: { type: 'string' },
    startedAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
    durationMs: { type: ['integer', 'null'] },
    accountsAccrued: { type: 'integer' },
    accountsPosted: { type: 'integer' },
    depositsMatured: { type: 'integer' },
    failures: { type: 'integer' },
    attempts: { type: 'integer' },
    error: { type: ['string', 'null'] },
    totals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['currency', 'accrued', 'accruedMinorExact', 'posted'],
        properties: {
          currency: { type: 'string' },
          accrued: { ...moneySchema, description: 'Interest accrued, in major units rounded down to the minor unit' },
          accruedMinorExact: { type: 'string', pattern: '^\\d+\\.\\d{10}$', examples: ['1234.5678901234'], description: 'Interest accrued in minor units, to 10 decimal places' },
          posted: { ...moneySchema, description: 'Interest paid to accounts (month ends)' },
        },
      },
    },
  },
};
