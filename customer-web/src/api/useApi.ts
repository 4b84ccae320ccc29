import { useCallback, useEffect, useState } from 'react';
import type { MaybeOptionalInit } from 'openapi-fetch';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import type { ApiPaths } from '@strongroom/shared';
import { api } from './client';

type GetPath = PathsWithMethod<ApiPaths, 'get'>;
type Answer<Path extends GetPath> = Awaited<ReturnType<typeof api.GET<Path, MaybeOptionalInit<ApiPaths[Path], 'get'>>>>;

/**
 * GET `path` with `init`'s parameters (a null path skips), with loading and error state; `reload` fetches again;
 * `setData` puts in what a write answered with, so the page shows it before the reload comes back. The answer is
 * typed by the route's declared response schema; a change of path or parameters fetches again.
 */
export function useApi<Path extends GetPath>(path: Path | null, init?: MaybeOptionalInit<ApiPaths[Path], 'get'>) {
  const [data, setData] = useState<Answer<Path> | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(!!path);
  const [tick, setTick] = useState(0);
  const key = path === null ? null : JSON.stringify([path, init ?? null]);
  useEffect(() => {
    if (key === null) return;
    const [keyPath, keyInit] = JSON.parse(key) as [GetPath, object | null];
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    (api.GET as (path: GetPath, init: object) => Promise<Answer<Path>>)(keyPath, { ...keyInit, signal: ctrl.signal })
      .then((d) => setData(d))
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e);
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload, setData };
}
