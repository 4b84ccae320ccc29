import { byOrdinal, Coalescer } from './coalescer';

/** A batched lookup whose batches are released by hand, recording what each one was asked. */
function controlled(keyOf?: (key: string) => string) {
  const batches: string[][] = [];
  const release: (() => void)[] = [];
  const failNext = { error: undefined as Error | undefined };
  const coalescer = new Coalescer<string, string>(
    (keys) =>
      new Promise((resolve, reject) => {
        batches.push(keys);
        const error = failNext.error;
        failNext.error = undefined;
        release.push(() => (error ? reject(error) : resolve(keys.map((k) => (k === 'missing' ? undefined : k.toUpperCase())))));
      }),
    3,
    keyOf,
  );
  return { coalescer, batches, release, failNext };
}

const tick = () => new Promise((r) => setImmediate(r));
/** Enough turns of the event loop for an answered batch to settle and the next one to go out. */
const settle = async () => {
  for (let turn = 0; turn < 3; turn++) await tick();
};

describe('Coalescer', () => {
  it('looks keys up after one turn of the event loop, those called in the same turn together', async () => {
    const { coalescer, batches, release } = controlled();
    const a = coalescer.load('a');
    const b = coalescer.load('b');
    expect(batches).toEqual([]);
    await tick();
    expect(batches).toEqual([['a', 'b']]);
    release[0]();
    await expect(Promise.all([a, b])).resolves.toEqual(['A', 'B']);
  });

  it('sends the keys that arrive during a lookup together in the next one, each answered with its own result', async () => {
    const { coalescer, batches, release } = controlled();
    const first = coalescer.load('a');
    await tick();
    const waiting = ['b', 'missing', 'c', 'd'].map((k) => coalescer.load(k));
    await tick();
    expect(batches).toEqual([['a']]);
    release[0]();
    await first;
    await settle();
    // At most three keys a batch: the fourth waits for the next.
    expect(batches).toEqual([['a'], ['b', 'missing', 'c']]);
    release[1]();
    await settle();
    expect(batches[2]).toEqual(['d']);
    release[2]();
    await expect(Promise.all(waiting)).resolves.toEqual(['B', undefined, 'C', 'D']);
  });

  it('sends the keys that waited through a lookup as soon as it is answered, without waiting another turn', async () => {
    const { coalescer, batches, release } = controlled();
    const first = coalescer.load('a');
    await tick();
    const waiting = [coalescer.load('b'), coalescer.load('c')];
    release[0]();
    await first;
    // Only promise steps have run since the answer, no turn of the event loop: the next lookup is out already.
    for (let step = 0; step < 3; step++) await Promise.resolve();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    release[1]();
    await expect(Promise.all(waiting)).resolves.toEqual(['B', 'C']);
  });

  it('with keyOf, puts a key once in a batch: a second call for it goes in the next batch, in its turn', async () => {
    const { coalescer, batches, release } = controlled((key) => key);
    const first = coalescer.load('a');
    await tick();
    const waiting = ['a', 'b', 'a', 'c', 'd'].map((k) => coalescer.load(k));
    release[0]();
    await first;
    await settle();
    // 'a' again must wait for the batch after ['a', 'b', 'c']; 'd' does not fit (three a batch).
    expect(batches).toEqual([['a'], ['a', 'b', 'c']]);
    release[1]();
    await settle();
    expect(batches[2]).toEqual(['a', 'd']);
    release[2]();
    await expect(Promise.all(waiting)).resolves.toEqual(['A', 'B', 'A', 'C', 'D']);
  });

  it('fails every key of a failed batch and still serves the next', async () => {
    const { coalescer, release, failNext } = controlled();
    failNext.error = new Error('connection lost');
    const failed = coalescer.load('a');
    await tick();
    const later = coalescer.load('b');
    release[0]();
    await expect(failed).rejects.toThrow('connection lost');
    await settle();
    release[1]();
    await expect(later).resolves.toBe('B');
  });

  it('refuses an answer that does not have one result per key', async () => {
    // The first key goes alone; the two that wait for it go together and get one answer.
    const short = new Coalescer<string, string>(async (keys) => (keys.length > 1 ? ['x'] : ['y']));
    const one = short.load('a');
    await tick();
    const two = [short.load('b'), short.load('c')];
    await expect(one).resolves.toBe('y');
    await expect(Promise.all(two)).rejects.toThrow('answered 1 of 2 keys');
  });
});

describe('Coalescer with pacing', () => {
  afterEach(() => jest.useRealTimers());

  it('waits out its cycle for more keys, and sends at once when a full batch waits', async () => {
    jest.useFakeTimers();
    const batches: string[][] = [];
    const coalescer = new Coalescer<string, string>(
      async (keys) => {
        batches.push(keys);
        return keys;
      },
      128,
      undefined,
      { minCycleMs: 8, fullBatch: 3 },
    );
    const first = coalescer.load('a');
    await jest.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['a']]);
    await expect(first).resolves.toBe('a');
    // Within the cycle: two keys wait for it ...
    void coalescer.load('b');
    void coalescer.load('c');
    await jest.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([['a']]);
    // ... until a third fills the batch, which goes at the next turn.
    const fourth = coalescer.load('d');
    await jest.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    await expect(fourth).resolves.toBe('d');
    // One key alone waits out the cycle from that batch's start.
    void coalescer.load('e');
    await jest.advanceTimersByTimeAsync(7);
    expect(batches).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });
});

describe('byOrdinal', () => {
  it('puts rows back in key order and leaves keys without a row undefined', () => {
    expect(
      byOrdinal(4, [
        { o: '3', v: 'c' },
        { o: 1, v: 'a' },
      ]),
    ).toEqual([{ o: 1, v: 'a' }, undefined, { o: '3', v: 'c' }, undefined]);
  });
});
