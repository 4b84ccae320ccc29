import { Worker } from 'node:worker_threads';

/**
 * Runs one function in a worker thread of its own, for work that would otherwise hold the main thread, and every
 * payment waiting on it, for tens of milliseconds or more (docs/decisions/0046-statements-drawn-in-a-worker.md).
 *
 * The function travels as its source text, so it runs the same from the build and from the TypeScript sources under
 * test: it may use only its arguments, and the modules it is given by name (resolved here, required in the thread).
 * Its input and output cross by structured clone (a Buffer arrives as a Uint8Array). The thread starts at the first
 * call, keeps the process alive only while a call is in flight, and calls wait their turn in it, one at a time.
 */
export class FunctionThread<Modules, Input, Output> {
  private worker: Worker | undefined;
  private lastId = 0;
  private readonly waiting = new Map<number, { worker: Worker; resolve: (output: Output) => void; reject: (err: Error) => void }>();

  constructor(
    private readonly main: (modules: Modules, input: Input) => Output | Promise<Output>,
    /** Each module's name as `main` knows it, and the specifier to resolve (from this package) for it. */
    private readonly modules: Record<keyof Modules & string, string>,
  ) {}

  run(input: Input): Promise<Output> {
    const worker = (this.worker ??= this.start());
    this.lastId += 1;
    const id = this.lastId;
    return new Promise<Output>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      worker.ref();
      worker.postMessage({ id, input });
    });
  }

  /** Ends the thread (a call still in flight is refused); the next call would start another. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const paths = Object.fromEntries(Object.entries<string>(this.modules).map(([name, specifier]) => [name, require.resolve(specifier)]));
    const source = [
      "const { parentPort, workerData } = require('node:worker_threads');",
      'const modules = {};',
      'for (const [name, path] of Object.entries(workerData)) modules[name] = require(path);',
      `const main = (${this.main.toString()});`,
      'parentPort.on("message", async ({ id, input }) => {',
      '  try { parentPort.postMessage({ id, output: await main(modules, input) }); }',
      '  catch (err) { parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) }); }',
      '});',
    ].join('\n');
    const worker = new Worker(source, { eval: true, workerData: paths });
    worker.unref();
    worker.on('message', ({ id, output, error }: { id: number; output?: Output; error?: string }) => {
      const call = this.waiting.get(id);
      this.waiting.delete(id);
      if (![...this.waiting.values()].some((waiting) => waiting.worker === worker)) worker.unref();
      if (!call) return;
      if (error !== undefined) call.reject(new Error(error));
      else call.resolve(output as Output);
    });
    const failAll = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      // Only the calls this thread held: another may already serve newer ones.
      for (const [id, call] of this.waiting) {
        if (call.worker !== worker) continue;
        this.waiting.delete(id);
        call.reject(err);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The worker thread ended (exit code ${code})`)));
    return worker;
  }
}
