import { type AutovacuumCounters, describeAutovacuum } from './autovacuum-tally';

const table = (name: string, analyzed: number, vacuumed: number, lastAnalyzedMs: number | null = null, lastVacuumedMs: number | null = null): AutovacuumCounters => ({
  table: name,
  analyzed,
  vacuumed,
  lastAnalyzedMs,
  lastVacuumedMs,
});

describe('describeAutovacuum', () => {
  const start = 1_000_000;

  it('names each table analyzed or vacuumed between the two readings, with when it was done', () => {
    const before = [table('transactions', 3, 1, start - 60_000), table('postings', 2, 4), table('customers', 1, 0)];
    const after = [table('transactions', 4, 1, start + 52_140), table('postings', 2, 6, null, start + 40_300), table('customers', 1, 0)];
    expect(describeAutovacuum(before, after, start)).toBe('autovacuum in the minute: vacuumed postings 2 times (done at 40.3 s); analyzed transactions (done at 52.1 s)');
  });

  it('counts a table first seen in the second reading from nothing, and says none when nothing changed', () => {
    expect(describeAutovacuum([], [table('journals', 1, 0, start + 5_000)], start)).toBe('autovacuum in the minute: analyzed journals (done at 5.0 s)');
    expect(describeAutovacuum([table('journals', 1, 0)], [table('journals', 1, 0)], start)).toBe('autovacuum in the minute: none');
  });
});
