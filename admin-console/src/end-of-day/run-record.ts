import { formatMoney } from '@strongroom/shared';
import { api } from '../providers/api';

/** A business date's end-of-day run as the API answers it (GET /v1/admin/end-of-day-runs). */
export interface RunRecord {
  id: string;
  businessDate: string;
  status: 'running' | 'done' | 'failed';
  timeZone: string;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  accountsAccrued: number;
  accountsPosted: number;
  depositsMatured: number;
  failures: number;
  attempts: number;
  error: string | null;
  totals: { currency: string; accrued: string; accruedMinorExact: string; posted: string }[];
}

export const statusChoices = [
  { id: 'done', name: 'Done' },
  { id: 'failed', name: 'Failed' },
  { id: 'running', name: 'Running' },
];

/** 83_400 -> '1 min 23.4 s'; null (still running) -> '—'. */
export function formatDuration(durationMs: number | null): string {
  if (durationMs === null) return '—';
  const seconds = durationMs / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(1)} s`;
}

/** The interest a run accrued per currency, rounded down to the cent: '$12.34 · €5.00'. */
export const accruedText = (run: RunRecord) => (run.totals.length ? run.totals.map((t) => formatMoney(t.accrued, t.currency)).join(' · ') : '—');

/** What a run paid per currency (month ends only). */
export const postedText = (run: RunRecord) => {
  const paid = run.totals.filter((t) => t.posted !== '0.00');
  return paid.length ? paid.map((t) => formatMoney(t.posted, t.currency)).join(' · ') : '—';
};

/** Runs a failed business date again, in the background (admins; audited). */
export function rerunDate(date: string) {
  return api.POST('/v1/admin/end-of-day-runs/{date}/rerun', { params: { path: { date } } });
}
