import { FunctionThread, FunctionThreadTimeout } from './function-thread';

type Threads = { threads: typeof import('node:worker_threads') };

// Each function below uses only its arguments: it runs from its source text in the worker thread.
function whereAmI(modules: Threads, input: { label: string; amountMinor: bigint }) {
  return { label: input.label, doubledMinor: input.amountMinor * 2n, isMainThread: modules.threads.isMainThread, threadId: modules.threads.threadId };
}

function bytesOf(_modules: Record<string, never>, input: { text: string }) {
  return Buffer.from(input.text, 'utf8');
}

function spin(_modules: Record<string, never>, input: { ms: number; answer: string }) {
  const until = Date.now() + input.ms;
  while (Date.now() < until);
  return input.answer;
}

function refuseOdd(_modules: Record<string, never>, input: { n: number }) {
  if (input.n % 2 === 1) throw new Error(`odd: ${input.n}`);
  return new Promise<number>((resolve) => setTimeout(() => resolve(input.n * 10), 5));
}

describe('FunctionThread', () => {
  it('runs the function in a worker thread, with the modules it names, its input and output cloned across', async () => {
    const thread = new FunctionThread(whereAmI, { threads: 'node:worker_threads' });
    try {
      const answer = await thread.run({ label: 'first', amountMinor: 9_007_199_254_740_993n });
      expect(answer).toEqual({ label: 'first', doubledMinor: 18_014_398_509_481_986n, isMainThread: false, threadId: expect.any(Number) });
      expect(answer.threadId).toBeGreaterThan(0);
      // The same thread answers the next call.
      expect((await thread.run({ label: 'second', amountMinor: 1n })).threadId).toBe(answer.threadId);
    } finally {
      await thread.close();
    }
  });

  it('hands back a Buffer as its bytes', async () => {
    const thread = new FunctionThread(bytesOf, {});
    try {
      const bytes = await thread.run({ text: 'Statement · €' });
      expect(Buffer.from(bytes).toString('utf8')).toBe('Statement · €');
    } finally {
      await thread.close();
    }
  });

  it('answers each of many calls in flight with its own result, and refuses only the ones that failed', async () => {
    const thread = new FunctionThread(refuseOdd, {});
    try {
      const settled = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => thread.run({ n })));
      expect(settled.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual(['odd: 1', 20, 'odd: 3', 40, 'odd: 5', 60]);
    } finally {
      await thread.close();
    }
  });

  it('refuses a call still in flight when it is closed, and starts again at the next call', async () => {
    const thread = new FunctionThread(refuseOdd, {});
    const inFlight = thread.run({ n: 2 });
    await thread.close();
    await expect(inFlight).rejects.toThrow(/The worker thread ended/);
    await expect(thread.run({ n: 4 })).resolves.toBe(40);
    await thread.close();
  });

  it('answers synchronously with runSync, beside asynchronous calls in flight', async () => {
    const thread = new FunctionThread(spin, {});
    try {
      const earlier = thread.run({ ms: 20, answer: 'async' });
      // The synchronous call waits its turn behind the earlier one, and hands that one its answer on the way.
      expect(thread.runSync({ ms: 1, answer: 'sync' }, 10_000)).toBe('sync');
      await expect(earlier).resolves.toBe('async');
    } finally {
      await thread.close();
    }
  });

  it('gives up a synchronous call after its timeout, and starts again at the next call', () => {
    const thread = new FunctionThread(spin, {});
    expect(() => thread.runSync({ ms: 2_000, answer: 'late' }, 50)).toThrow(FunctionThreadTimeout);
    expect(thread.running).toBe(false);
    expect(thread.runSync({ ms: 1, answer: 'again' }, 10_000)).toBe('again');
    return thread.close();
  });
});
