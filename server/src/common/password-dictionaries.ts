import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { passwordDictionariesLoaded, setPasswordDictionaries } from '@strongroom/shared';

/** The server judges every new password with the full dictionaries (shared/src/password-policy.ts says why they are set here). */
export function loadPasswordDictionaries(): void {
  if (!passwordDictionariesLoaded()) setPasswordDictionaries({ adjacencyGraphs, dictionary });
}
