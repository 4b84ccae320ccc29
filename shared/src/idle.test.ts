import { IDLE_WARNING_MS, idleRemainingMs, watchIdle } from './idle';

describe('idleRemainingMs', () => {
  const lastActivity = Date.UTC(2026, 11, 4, 12, 0, 0);

  it("counts 15 minutes from the last activity, less the server's 30 s touch lag", () => {
    expect(idleRemainingMs(lastActivity, lastActivity)).toBe(14.5 * 60_000);
    expect(idleRemainingMs(lastActivity, lastActivity + 14.5 * 60_000)).toBe(0);
    expect(idleRemainingMs(lastActivity, lastActivity + 15 * 60_000)).toBe(-30_000);
  });

  it('leaves the warning its minute: it opens 13.5 minutes after the last activity', () => {
    expect(idleRemainingMs(lastActivity, lastActivity + 13.5 * 60_000)).toBe(IDLE_WARNING_MS);
  });
});

describe('watchIdle', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 11, 4, 12, 0, 0) }));
  afterEach(() => jest.useRealTimers());

  it('ticks the time left each second, and signs out once when it runs out unless activity moved it', () => {
    let lastActivity: number | null = Date.now();
    const ticks: number[] = [];
    const onExpire = jest.fn();
    const stop = watchIdle({ lastActivity: () => lastActivity, onTick: (remainingMs) => ticks.push(remainingMs), onExpire });
    expect(ticks).toEqual([14.5 * 60_000]);
    jest.advanceTimersByTime(14 * 60_000);
    expect(ticks.at(-1)).toBe(30_000);
    // A call that reached the server meanwhile (in this tab or another) restarts the count.
    lastActivity = Date.now();
    jest.advanceTimersByTime(1_000);
    expect(ticks.at(-1)).toBe(14.5 * 60_000 - 1_000);
    jest.advanceTimersByTime(14.5 * 60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts from its own start when no activity was noted, and stops ticking once stopped', () => {
    const ticks: number[] = [];
    const stop = watchIdle({ lastActivity: () => null, onTick: (remainingMs) => ticks.push(remainingMs), onExpire: () => undefined });
    stop();
    jest.advanceTimersByTime(5_000);
    expect(ticks).toEqual([14.5 * 60_000]);
  });
});
