import { SESSION_IDLE_MINUTES } from './constants';

// The warning both front ends give before the server ends an idle session (docs/decisions/0052).

/** How long before the sign-out the user is asked (WCAG 2.2.1: warned, and given at least 20 s to extend). */
export const IDLE_WARNING_MS = 60_000;
/** The server notes a session's use at most twice a minute, so its idle clock may have started up to 30 s earlier. */
export const SERVER_TOUCH_LAG_MS = 30_000;
export const SIGNED_OUT_IDLE_MESSAGE = `You were signed out after ${SESSION_IDLE_MINUTES} minutes without activity, to keep your account safe. Please sign in again.`;
/** Set in sessionStorage just before an app signs an idle user out; its sign-in page says why, once. */
export const SIGNED_OUT_REASON_KEY = 'strongroom:signedOut';

/** Milliseconds until the app should sign out, the session having last reached the server at `lastActivityMs`. */
export function idleRemainingMs(lastActivityMs: number, nowMs: number): number {
  return lastActivityMs + SESSION_IDLE_MINUTES * 60_000 - SERVER_TOUCH_LAG_MS - nowMs;
}

export interface IdleWatch {
  /** When the session last reached the server (ms), or null when this browser has not noted it. */
  lastActivity: () => number | null;
  /** Every second: the milliseconds left until the sign-out. */
  onTick: (remainingMs: number) => void;
  /** Once, when they have run out: the app signs out (and says why). */
  onExpire: () => void;
}

/**
 * Ticks once a second until the idle time has run out, then calls `onExpire` once and stops. Counting starts from
 * the last activity noted, or from now when none is (the app has just reached the server to show itself). Returns the
 * function that stops it (an effect's cleanup).
 */
export function watchIdle(watch: IdleWatch, startedAtMs = Date.now()): () => void {
  let expired = false;
  const tick = () => {
    const remainingMs = idleRemainingMs(watch.lastActivity() ?? startedAtMs, Date.now());
    watch.onTick(remainingMs);
    if (remainingMs > 0 || expired) return;
    expired = true;
    clearInterval(id);
    watch.onExpire();
  };
  const id = setInterval(tick, 1000);
  tick();
  return () => clearInterval(id);
}
