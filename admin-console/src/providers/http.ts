import { fetchUtils } from 'react-admin';

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** Same-origin fetch with the staff session cookie; unsafe methods echo the CSRF cookie as a header. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const method = (options.method ?? 'GET').toUpperCase();
  if (method !== 'GET') {
    const csrf = readCookie('sr_staff_csrf');
    if (csrf) headers.set('x-csrf-token', csrf);
  }
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

/** The server's `error` message from a failed call, for notifications. */
export function errorMessage(err: unknown): string {
  const body = (err as { body?: { error?: string } })?.body;
  return body?.error ?? (err as Error)?.message ?? 'Something went wrong';
}
