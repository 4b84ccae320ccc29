import { ZxcvbnFactory, type OptionsType } from '@zxcvbn-ts/core';

/**
 * One password policy for every form that sets a password (enrolment, change, reset) and the length bounds
 * login accepts: 8 to 128 characters, and either 12 or more characters or a strength score of at least 3
 * (zxcvbn: 0 = too guessable ... 4 = very unguessable). No composition rules: length beats symbols.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_LONG_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_WEAK_MESSAGE = 'Use 12 or more characters, or a less guessable password';

export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export type PasswordScorer = (password: string, userInputs: string[]) => PasswordScore;

let factory: ZxcvbnFactory | undefined;
let dictionaries: Pick<OptionsType, 'graphs' | 'dictionary'> | undefined;
let scorer: PasswordScorer | undefined;

/**
 * Gives the estimate its common-password dictionaries and keyboard graphs (@zxcvbn-ts/language-common, ~400 KB):
 * the server sets them at start; the browser loads them on demand where a password is chosen, so pages that only
 * sign in never download them. Until then the estimate sees patterns only (lenient); the server's is the one that counts.
 */
export function setPasswordDictionaries(common: { adjacencyGraphs: OptionsType['graphs']; dictionary: OptionsType['dictionary'] }): void {
  dictionaries = { graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary } };
  factory = undefined;
}

export const passwordDictionariesLoaded = (): boolean => dictionaries !== undefined || scorer !== undefined;

/**
 * Hands the estimate to another scorer: the server's scores in a worker thread that holds the dictionaries, so that its
 * own heap does not (server/src/common/password-scorer.ts). Undefined gives it back to this module.
 */
export function setPasswordScorer(next: PasswordScorer | undefined): void {
  scorer = next;
}

/** 0-4. */
export function passwordScore(password: string, userInputs: string[] = []): PasswordScore {
  // Only the first 128 characters count (the estimate grows slow on long input; longer is refused anyway).
  const judged = password.slice(0, PASSWORD_MAX_LENGTH);
  if (scorer) return scorer(judged, userInputs);
  factory ??= new ZxcvbnFactory(dictionaries ?? {});
  return factory.check(judged, userInputs).score as PasswordScore;
}

export function passwordStrongEnough(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  return password.length >= PASSWORD_LONG_LENGTH || passwordScore(password) >= PASSWORD_MIN_SCORE;
}
