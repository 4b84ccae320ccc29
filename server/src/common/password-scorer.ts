import { setPasswordScorer, type PasswordScore } from '@strongroom/shared';
import { FunctionThread, FunctionThreadTimeout } from './function-thread';

/**
 * The server judges every new password with zxcvbn's full dictionaries, and keeps them in a worker thread of their
 * own (docs/performance.md#password-dictionaries-in-a-worker): ~120,000 words and the ranked lists built from them
 * would otherwise be marked again by every full collection of the main thread while payments wait. The check stays
 * synchronous (yup's validateSync calls it): the main thread waits for the answer as long as the estimate would have
 * taken it there, and passwords are judged only when one is set.
 */

/** Long enough for the first check to wait out the thread's start (it loads and ranks the dictionaries first). */
export const PASSWORD_SCORER_TIMEOUT_MS = 10_000;

interface ScorerModules {
  policy: typeof import('@strongroom/shared');
  common: typeof import('@zxcvbn-ts/language-common');
}

/** Runs in the worker thread, from its source text: it may use only its arguments. */
function scorePassword(modules: ScorerModules, input: { password: string; userInputs: string[] }): PasswordScore {
  const { policy, common } = modules;
  if (!policy.passwordDictionariesLoaded()) policy.setPasswordDictionaries({ adjacencyGraphs: common.adjacencyGraphs, dictionary: common.dictionary });
  return policy.passwordScore(input.password, input.userInputs);
}

const scorer = new FunctionThread(scorePassword, { policy: '@strongroom/shared', common: '@zxcvbn-ts/language-common' });

/** The score, from the worker thread; throws if the thread fails or takes longer than `timeoutMs`. */
export function scoreInThread(password: string, userInputs: string[] = [], timeoutMs = PASSWORD_SCORER_TIMEOUT_MS): PasswordScore {
  try {
    return scorer.runSync({ password, userInputs }, timeoutMs);
  } catch (err) {
    if (err instanceof FunctionThreadTimeout) throw new Error('The password check did not answer', { cause: err });
    throw new Error(`The password check failed: ${(err as Error).message}`, { cause: err });
  }
}

/** The server's password policy scores in the worker thread, which starts now and ranks its dictionaries at once. */
export function usePasswordScorerThread(): void {
  setPasswordScorer(scoreInThread);
  // Ranking the dictionaries takes a few hundred milliseconds: done at start, in the thread, not in a customer's request.
  if (!scorer.running) scorer.run({ password: 'warm-up', userInputs: [] }).catch(() => undefined);
}
