import { BatchLane, nextTurn } from './next-turn';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('nextTurn', () => {
  it('fires once at the next turn of the event loop, however often it was asked for in this one', async () => {
    let fired = 0;
    const fire = nextTurn(() => fired++);
    fire();
    await Promise.resolve();
    fire();
    fire();
    expect(fired).toBe(0);
    await turn();
    expect(fired).toBe(1);
  });

  it('can be asked for again once it has fired', async () => {
    let fired = 0;
    const fire = nextTurn(() => fired++);
    fire();
    await turn();
    fire();
    await turn();
    expect(fired).toBe(2);
  });
});

describe('BatchLane', () => {
  it('sends at the next turn when idle, what waited through a batch as soon as it settles, and says when it is idle', async () => {
    const waiting: string[] = [];
    const sent: string[][] = [];
    const releases: (() => void)[] = [];
    let idle = 0;
    const lane = new BatchLane(
      () => {
        if (waiting.length === 0) return undefined;
        sent.push(waiting.splice(0));
        return new Promise<void>((resolve) => releases.push(resolve));
      },
      () => idle++,
    );
    waiting.push('a');
    lane.wake();
    waiting.push('b');
    lane.wake();
    expect(sent).toEqual([]);
    await turn();
    expect(sent).toEqual([['a', 'b']]);
    expect(lane.inFlight).toBe(true);
    waiting.push('c');
    lane.wake();
    releases[0]();
    // Promise steps only, no turn of the event loop: 'c' waited through the batch and is out already.
    for (let step = 0; step < 3; step++) await Promise.resolve();
    expect(sent).toEqual([['a', 'b'], ['c']]);
    releases[1]();
    for (let step = 0; step < 3; step++) await Promise.resolve();
    expect(lane.inFlight).toBe(false);
    expect(idle).toBe(1);
  });
});

describe('BatchLane with a minimum cycle', () => {
  afterEach(() => jest.useRealTimers());

  /** A lane with a 4 ms cycle whose batches settle at once; `fullBatch` waiting items go without waiting out the cycle. */
  const pacedLane = (fullBatch = Infinity) => {
    const waiting: string[] = [];
    const sent: string[][] = [];
    const lane = new BatchLane(
      () => {
        if (waiting.length === 0) return undefined;
        sent.push(waiting.splice(0));
        return Promise.resolve();
      },
      () => undefined,
      4,
      () => waiting.length >= fullBatch,
    );
    const arrive = (item: string) => {
      waiting.push(item);
      lane.wake();
    };
    return { sent, arrive };
  };

  it('starts a batch no sooner than minCycleMs after the previous one, taking everything that arrived meanwhile', async () => {
    jest.useFakeTimers();
    const { sent, arrive } = pacedLane();
    arrive('a');
    await jest.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['a']]);
    // The first batch settled at once; what arrives within its cycle waits for the cycle's end.
    arrive('b');
    await jest.advanceTimersByTimeAsync(2);
    arrive('c');
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['a']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['a'], ['b', 'c']]);
  });

  it('sends at the next turn when the lane has been idle longer than the cycle', async () => {
    jest.useFakeTimers();
    const { sent, arrive } = pacedLane();
    arrive('a');
    await jest.advanceTimersByTimeAsync(10);
    arrive('b');
    await jest.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['a'], ['b']]);
  });

  it('sends a full batch at the next turn without waiting out the cycle', async () => {
    jest.useFakeTimers();
    const { sent, arrive } = pacedLane(3);
    arrive('a');
    await jest.advanceTimersByTimeAsync(0);
    arrive('b');
    arrive('c');
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['a']]);
    // The third waiting item fills the batch: it goes at the next turn, 3 ms before the cycle would have let it.
    arrive('d');
    await jest.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['a'], ['b', 'c', 'd']]);
    // The cycle then counts from that batch: one item alone waits it out again.
    arrive('e');
    await jest.advanceTimersByTimeAsync(3);
    expect(sent).toEqual([['a'], ['b', 'c', 'd']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('sends a batch that filled while the previous one was in flight as soon as that one settles', async () => {
    jest.useFakeTimers();
    const waiting: string[] = [];
    const sent: string[][] = [];
    const releases: (() => void)[] = [];
    const lane = new BatchLane(
      () => {
        if (waiting.length === 0) return undefined;
        sent.push(waiting.splice(0));
        return new Promise<void>((resolve) => releases.push(resolve));
      },
      () => undefined,
      4,
      () => waiting.length >= 2,
    );
    waiting.push('a');
    lane.wake();
    await jest.advanceTimersByTimeAsync(0);
    waiting.push('b', 'c');
    lane.wake();
    releases[0]();
    await jest.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['a'], ['b', 'c']]);
  });
});
