// npm run bench: which tables autovacuum analyzed or vacuumed during the steady minute, and when. Its workers take a
// core the payments need for as long as a large table's statistics take (docs/performance.md#quiet-statistics); a slow second's
// 'autovacuum N' says how much, this says on which table.
import type { DataSource } from 'typeorm';
import { rows } from '@strongroom/server/common/sql';
import { fig } from './steady-rate';

/** One table's autovacuum counters as pg_stat_user_tables has them. */
export interface AutovacuumCounters {
  table: string;
  analyzed: number;
  vacuumed: number;
  /** When each was last done, in ms since the epoch (null: never). */
  lastAnalyzedMs: number | null;
  lastVacuumedMs: number | null;
}

export async function autovacuumCounters(ds: DataSource): Promise<AutovacuumCounters[]> {
  const found = await rows<{ table: string; analyzed: string; vacuumed: string; last_analyzed_ms: string | null; last_vacuumed_ms: string | null }>(
    ds.manager,
    `SELECT relname AS table, autoanalyze_count::text AS analyzed, autovacuum_count::text AS vacuumed,
            (extract(epoch FROM last_autoanalyze) * 1000)::bigint::text AS last_analyzed_ms,
            (extract(epoch FROM last_autovacuum) * 1000)::bigint::text AS last_vacuumed_ms
       FROM pg_stat_user_tables`,
  );
  const epochMs = (text: string | null) => (text === null ? null : Number(text));
  return found.map((row) => ({
    table: row.table,
    analyzed: Number(row.analyzed),
    vacuumed: Number(row.vacuumed),
    lastAnalyzedMs: epochMs(row.last_analyzed_ms),
    lastVacuumedMs: epochMs(row.last_vacuumed_ms),
  }));
}

/**
 * 'autovacuum in the minute: analyzed transactions (done at 52.1 s); vacuumed postings (done at 40.3 s)', or '...: none'.
 * The times are when each finished, from `startEpochMs`; a table done more than once names its last.
 */
export function describeAutovacuum(before: AutovacuumCounters[], after: AutovacuumCounters[], startEpochMs: number): string {
  const earlier = new Map(before.map((counters) => [counters.table, counters]));
  const done: string[] = [];
  const at = (epochMs: number | null) => (epochMs === null ? '' : ` (done at ${fig((epochMs - startEpochMs) / 1000, 1)} s)`);
  for (const now of [...after].sort((a, b) => a.table.localeCompare(b.table))) {
    const was = earlier.get(now.table);
    const times = (count: number) => (count > 1 ? ` ${count} times` : '');
    const analyzed = now.analyzed - (was?.analyzed ?? 0);
    const vacuumed = now.vacuumed - (was?.vacuumed ?? 0);
    if (analyzed > 0) done.push(`analyzed ${now.table}${times(analyzed)}${at(now.lastAnalyzedMs)}`);
    if (vacuumed > 0) done.push(`vacuumed ${now.table}${times(vacuumed)}${at(now.lastVacuumedMs)}`);
  }
  return `autovacuum in the minute: ${done.length ? done.join('; ') : 'none'}`;
}
