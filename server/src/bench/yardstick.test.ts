import { bracket } from './yardstick';

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
