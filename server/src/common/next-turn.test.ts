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
