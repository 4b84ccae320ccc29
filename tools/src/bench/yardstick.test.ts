import { bracket, byWindow, scheduledLatencies } from './yardstick';

describe('bracket', () => {
  it('compares a run with the mean of the pgbench runs on either side of it', () => {
    const yardstick = bracket({ tps: 2000, cpuPerTransactionMs: 0.9 }, { tps: 3000, cpuPerTransactionMs: 0.6 });
    expect(yardstick.tps).toBe(2500);
    expect(yardstick.cpuPerTransactionMs).toBeCloseTo(0.75, 10);
  });

  it('is the run itself when both sides agree', () => {
    expect(bracket({ tps: 1578, cpuPerTransactionMs: 0.8 }, { tps: 1578, cpuPerTransactionMs: 0.8 })).toEqual({ tps: 1578, cpuPerTransactionMs: 0.8 });
  });
});

describe('scheduledLatencies', () => {
  it('reads each transaction of a pgbench -R -l log as when it was due and its latency from then (its time and its lag)', () => {
    const log = ['0 1 1500 0 1700000000 500000 200', '1 1 2500 0 1700000000 900000 7500', '3 7 skipped 0 1700000001 0 60000', ''].join('\n');
    const transactions = scheduledLatencies(log);
    expect(transactions).toHaveLength(2);
    expect(transactions[0].latencyMs).toBeCloseTo(1.7, 10);
    expect(transactions[0].dueMs).toBeCloseTo(1_700_000_000_500 - 1.7, 6);
    expect(transactions[1].latencyMs).toBeCloseTo(10, 10);
    expect(transactions[1].dueMs).toBeCloseTo(1_700_000_000_900 - 10, 6);
  });
});

describe('byWindow', () => {
  it('groups latencies by the window they were due in, counted from the first one due', () => {
    const due = (dueMs: number, latencyMs: number) => ({ dueMs, latencyMs });
    const windows = byWindow([due(10_000, 1), due(11_499, 2), due(11_500, 3), due(14_600, 4)], 1.5);
    expect(windows).toHaveLength(4);
    expect(windows[0]).toEqual([1, 2]);
    expect(windows[1]).toEqual([3]);
    expect(2 in windows).toBe(false);
    expect(windows[3]).toEqual([4]);
  });
});
