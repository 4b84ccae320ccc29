import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A page's tab kept in the URL's `tab` parameter (absent for the first tab, `first`). Switching tabs changes that one
 * parameter and keeps the others, so the account chosen in the shell (`?account=`) stays chosen.
 */
export function useTabParam<T extends string>(tabs: readonly T[], first: T, opts: { keepFirst?: boolean } = {}): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as T) : first;
  const setTab = useCallback(
    (next: T) =>
      setParams((current) => {
        const merged = new URLSearchParams(current);
        if (next === first && !opts.keepFirst) merged.delete('tab');
        else merged.set('tab', next);
        return merged;
      }),
    [setParams, first, opts.keepFirst],
  );
  return [tab, setTab];
}
