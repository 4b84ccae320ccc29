import { SESSION_IDLE_MINUTES } from '@strongroom/shared';

/** How long before the sign-out the customer is asked (WCAG 2.2.1: warned, and given at least 20 s to extend). */
export const IDLE_WARNING_MS = 60_000;
/** The server notes a session's use at most twice a minute, so its idle clock may have started up to 30 s earlier. */
export const SERVER_TOUCH_LAG_MS = 30_000;
export const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
export const SIGNED_OUT_IDLE_MESSAGE = `You were signed out after ${SESSION_IDLE_MINUTES} minutes without activity, to keep your account safe. Please sign in again.`;
/** Set just before the app signs an idle customer out; the sign-in page says why, once. */
export const SIGNED_OUT_REASON_KEY = 'strongroom:signedOut';
