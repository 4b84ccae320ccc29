import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { passwordScore, passwordStrongEnough, setPasswordDictionaries, setPasswordScorer } from '@strongroom/shared';
import { scoreInThread, usePasswordScorerThread } from './password-scorer';

// Common passwords (scored low only with the dictionaries), keyboard walks, and passwords that are not guessable.
const PASSWORDS = ['password1', 'monkey123', 'qwertyuiop', 'iloveyou2', 'Tr0ub4dor&3', 'xK9#mQ2vLp', 'correct horse battery', 'zxcvbn'];

describe('password scorer thread', () => {
  afterEach(() => setPasswordScorer(undefined));

  it('scores as the estimate with the full dictionaries does in this thread', () => {
    setPasswordDictionaries({ adjacencyGraphs, dictionary });
    const here = PASSWORDS.map((password) => passwordScore(password));
    const inThread = PASSWORDS.map((password) => scoreInThread(password));
    expect(inThread).toEqual(here);
    // The dictionaries are what makes these weak: without them the estimate would score them higher.
    expect(scoreInThread('password1')).toBe(0);
    expect(scoreInThread('xK9#mQ2vLp')).toBeGreaterThanOrEqual(3);
  });

  it('is what the password policy asks once the server uses it', () => {
    usePasswordScorerThread();
    const calls: string[] = [];
    setPasswordScorer((password, userInputs) => {
      calls.push(password);
      return scoreInThread(password, userInputs);
    });
    expect(passwordStrongEnough('monkey123')).toBe(false);
    expect(passwordStrongEnough('xK9#mQ2vLp')).toBe(true);
    // Twelve characters or more pass without an estimate.
    expect(passwordStrongEnough('aaaaaaaaaaaa')).toBe(true);
    expect(calls).toEqual(['monkey123', 'xK9#mQ2vLp']);
  });

  it('says so when the thread does not answer in time, and answers again at the next check', () => {
    usePasswordScorerThread();
    // Given no time at all, no estimate answers: the wait gives up before the thread can have read the request. (A
    // 50 ms budget was once taken to be too short for a long password; on a fast machine the estimate made it in time.)
    expect(() => scoreInThread('a1b2c3d4e5'.repeat(2000), [], 0)).toThrow('The password check did not answer');
    // The timed-out thread was let go; the next check starts another and waits for it.
    expect(scoreInThread('password1')).toBe(0);
  });
});
