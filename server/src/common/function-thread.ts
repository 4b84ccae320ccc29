import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

/**
 * Runs one function in a worker thread of its own, for work that would otherwise hold the main thread, and every
 * payment waiting on it, for tens of milliseconds or more, or whose data would weigh on every full collection of the
 * main heap (docs/performance.md#password-dictionaries-in-a-worker, docs/decisions/0046).
 *
 * The function travels as its source text, so it runs the same from the build and from the TypeScript sources under
 * test: it may use only its arguments, and the modules it is given by name (resolved here, required in the thread;
 * their own state persists there from call to call). Its input and output cross by structured clone (a Buffer
 * arrives as a Uint8Array). The thread starts at the first call, keeps the process alive only while an asynchronous
 * call is in flight, and calls wait their turn in it, one at a time.
 *
 * `run` answers with a promise; `runSync` blocks the calling thread until the answer (for a caller that must stay
 * synchronous): the thread posts each answer and then moves a shared counter, on which `runSync` waits.
 */
export class FunctionThread<Modules, Input, Output> {
  private thread: RunningThread | undefined;
  private lastId = 0;
  private readonly waiting = new Map<number, { thread: RunningThread; resolve: (output: Output) => void; reject: (err: Error) => void }>();

  constructor(
    private readonly main: (modules: Modules, input: Input) => Output | Promise<Output>,
    /** Each module's name as `main` knows it, and the specifier to resolve (from this package) for it. */
    private readonly modules: Record<keyof Modules & string, string>,
  ) {}

  get running(): boolean {
    return this.thread !== undefined;
  }

  run(input: Input): Promise<Output> {
    const thread = (this.thread ??= this.start());
    const id = this.nextId();
    return new Promise<Output>((resolve, reject) => {
      this.waiting.set(id, { thread, resolve, reject });
      thread.port.ref();
      thread.port.postMessage({ id, input });
    });
  }

  /** The answer, waited for on this thread; throws `FunctionThreadTimeout` (and lets the thread go) after `timeoutMs`. */
  runSync(input: Input, timeoutMs: number): Output {
    const thread = (this.thread ??= this.start());
    const id = this.nextId();
    thread.port.postMessage({ id, input });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Read before looking for the answer: an answer posted after the look moves the counter past `seen`, so the
      // wait below returns at once instead of sleeping through it.
      const seen = Atomics.load(thread.answered, 0);
      const received = receiveMessageOnPort(thread.port) as { message: Answer<Output> } | undefined;
      if (received && received.message.id === id) return outputOf(received.message);
      // Another call's answer (an asynchronous one, or one that timed out) goes to whoever waits for it.
      if (received) this.settle(received.message);
      else if (Date.now() >= deadline || thread.worker.threadId === -1) {
        void this.close();
        throw new FunctionThreadTimeout(timeoutMs);
      } else Atomics.wait(thread.answered, 0, seen, deadline - Date.now());
    }
  }

  /** Ends the thread (a call still in flight is refused); the next call would start another. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (thread) await thread.worker.terminate();
  }

  private nextId(): number {
    this.lastId = (this.lastId % 0x7fffffff) + 1;
    return this.lastId;
  }

  private settle(answer: Answer<Output>): void {
    const call = this.waiting.get(answer.id);
    if (!call) return;
    this.waiting.delete(answer.id);
    if (![...this.waiting.values()].some((waiting) => waiting.thread === call.thread)) call.thread.port.unref();
    try {
      call.resolve(outputOf(answer));
    } catch (err) {
      call.reject(err as Error);
    }
  }

  private start(): RunningThread {
    const answered = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const paths = Object.fromEntries(Object.entries<string>(this.modules).map(([name, specifier]) => [name, require.resolve(specifier)]));
    const source = [
      "const { workerData } = require('node:worker_threads');",
      'const { port, answered, paths } = workerData;',
      'const modules = {};',
      'for (const [name, path] of Object.entries(paths)) modules[name] = require(path);',
      `const main = (${this.main.toString()});`,
      'port.on("message", async ({ id, input }) => {',
      '  let answer;',
      '  try { answer = { id, output: await main(modules, input) }; }',
      '  catch (err) { answer = { id, error: err instanceof Error ? err.message : String(err) }; }',
      '  port.postMessage(answer);',
      '  Atomics.store(answered, 0, id);',
      '  Atomics.notify(answered, 0);',
      '});',
    ].join('\n');
    const worker = new Worker(source, { eval: true, workerData: { port: port2, answered, paths }, transferList: [port2] });
    const thread: RunningThread = { worker, port: port1, answered };
    // The port keeps the process alive while an asynchronous call waits (run refs it, settle unrefs it); the worker never.
    worker.unref();
    port1.on('message', (answer: Answer<Output>) => this.settle(answer));
    port1.unref();
    const failAll = (err: Error) => {
      if (this.thread === thread) this.thread = undefined;
      port1.close();
      // Only the calls this thread held: another may already serve newer ones.
      for (const [id, call] of this.waiting) {
        if (call.thread !== thread) continue;
        this.waiting.delete(id);
        call.reject(err);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The worker thread ended (exit code ${code})`)));
    return thread;
  }
}

/** `runSync` had no answer in time. */
export class FunctionThreadTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`The worker thread did not answer within ${timeoutMs} ms`);
  }
}

interface RunningThread {
  worker: Worker;
  port: MessagePort;
  /** Set to the id of each call answered, after its answer was posted. */
  answered: Int32Array;
}

interface Answer<Output> {
  id: number;
  output?: Output;
  error?: string;
}

function outputOf<Output>(answer: Answer<Output>): Output {
  if (answer.error !== undefined) throw new Error(answer.error);
  return answer.output as Output;
}
