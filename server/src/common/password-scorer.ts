import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { setPasswordScorer, type PasswordScore } from '@strongroom/shared';

/**
 * The server judges every new password with zxcvbn's full dictionaries, and keeps them in a worker thread of their
 * own (docs/decisions/0045-password-dictionaries-in-a-worker.md): ~120,000 words and the ranked lists built from them
 * are a quarter of the server's objects, which every full collection of the main thread would mark again while
 * payments wait. The check stays synchronous (yup's validateSync calls it): the main thread waits on a shared counter
 * for the answer, as long as the estimate would have taken it there, and passwords are judged only when one is set.
 */

/** Long enough for the first check to wait out the thread's start (it loads and ranks the dictionaries first). */
export const PASSWORD_SCORER_TIMEOUT_MS = 10_000;

interface ScoreRequest {
  id: number;
  password: string;
  userInputs: string[];
}
interface ScoreAnswer {
  id: number;
  score?: PasswordScore;
  error?: string;
}
interface ScorerThreadData {
  /** Set to the id of each request answered, after its answer was posted. */
  answered: Int32Array;
  port: MessagePort;
  sharedPath: string;
  dictionariesPath: string;
}
interface ScorerThread {
  worker: Worker;
  port: MessagePort;
  answered: Int32Array;
}

/** Runs in the worker, from its source text: it may use only what it requires itself. */
function scorerThreadMain(data: ScorerThreadData): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const policy = require(data.sharedPath) as typeof import('@strongroom/shared');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const common = require(data.dictionariesPath) as typeof import('@zxcvbn-ts/language-common');
  policy.setPasswordDictionaries({ adjacencyGraphs: common.adjacencyGraphs, dictionary: common.dictionary });
  // Ranks the dictionaries now rather than in the first customer's request.
  policy.passwordScore('warm-up');
  data.port.on('message', (request: ScoreRequest) => {
    let answer: ScoreAnswer;
    try {
      answer = { id: request.id, score: policy.passwordScore(request.password, request.userInputs) };
    } catch (err) {
      answer = { id: request.id, error: err instanceof Error ? err.message : String(err) };
    }
    data.port.postMessage(answer);
    Atomics.store(data.answered, 0, request.id);
    Atomics.notify(data.answered, 0);
  });
}

let thread: ScorerThread | undefined;
let lastId = 0;

function startThread(): ScorerThread {
  const answered = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const data: ScorerThreadData = {
    answered,
    port: port2,
    sharedPath: require.resolve('@strongroom/shared'),
    dictionariesPath: require.resolve('@zxcvbn-ts/language-common'),
  };
  const worker = new Worker(`(${scorerThreadMain.toString()})(require('node:worker_threads').workerData)`, { eval: true, workerData: data, transferList: [port2] });
  // Neither keeps the process alive: the server's own handles do, and a test's process may end with the thread idle.
  worker.unref();
  const started: ScorerThread = { worker, port: port1, answered };
  // A thread that failed is started again at the next check; the check that was waiting times out and says so.
  const forget = () => {
    if (thread === started) thread = undefined;
  };
  worker.on('error', forget);
  worker.on('exit', forget);
  return started;
}

/** The score, from the worker thread; throws if the thread fails or takes longer than `timeoutMs`. */
export function scoreInThread(password: string, userInputs: string[] = [], timeoutMs = PASSWORD_SCORER_TIMEOUT_MS): PasswordScore {
  const current = (thread ??= startThread());
  lastId = (lastId % 0x7fffffff) + 1;
  const id = lastId;
  current.port.postMessage({ id, password, userInputs } satisfies ScoreRequest);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Read before looking for the answer: an answer posted after the look moves the counter past `seen`, so the
    // wait below returns at once instead of sleeping through it.
    const seen = Atomics.load(current.answered, 0);
    const received = receiveMessageOnPort(current.port) as { message: ScoreAnswer } | undefined;
    if (received) {
      // An answer to an earlier request that timed out is not this one's.
      if (received.message.id !== id) continue;
      if (received.message.error !== undefined) throw new Error(`The password check failed: ${received.message.error}`);
      return received.message.score!;
    }
    const leftMs = deadline - Date.now();
    if (leftMs <= 0 || current.worker.threadId === -1) {
      if (thread === current) thread = undefined;
      void current.worker.terminate();
      throw new Error('The password check did not answer');
    }
    Atomics.wait(current.answered, 0, seen, leftMs);
  }
}

/** The server's password policy scores in the worker thread, which starts now so that its dictionaries are ready. */
export function usePasswordScorerThread(): void {
  setPasswordScorer(scoreInThread);
  thread ??= startThread();
}
