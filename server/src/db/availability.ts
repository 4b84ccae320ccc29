// Telling "the database went away" from a bug. After a failover (docs/operations/cluster.md) the connections
// to the former primary end: the statement under way fails with one of these, the pool drops that
// connection, and the request is answered 503 with Retry-After (plugins/errors.plugin.ts) instead of 500.
import { Client, type ClientConfig } from 'pg';
import { sqlState } from '../common/sql';

/**
 * SQLSTATEs of a database that is shutting down, restarting, not accepting connections, or no longer the
 * primary: class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect now),
 * 53300 (too many connections) and 25006 (read-only transaction: a demoted primary).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** What node-postgres and the socket say when the connection broke or could not be made. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'the database system is',
];
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);

export function isDatabaseUnavailable(err: unknown): boolean {
  const state = sqlState(err);
  if (state && (state.startsWith('08') || UNAVAILABLE_STATES.has(state))) return true;
  const driverError = (err as { driverError?: unknown })?.driverError;
  for (const e of [err, driverError]) {
    const code = (e as { code?: unknown })?.code;
    if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
    const message = (e as { message?: unknown })?.message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** How long a client should wait before trying again once the database went away: a failover's usual length. */
export const DATABASE_RETRY_AFTER_S = 2;

/**
 * The pool's client class: a backend's FATAL error (57P01 when a failover or restart ends it) marks the
 * connection unusable at once. node-postgres would otherwise hand the failed statement's error to its caller,
 * take the connection back as idle, and lend it to the next request before the socket's end was seen.
 */
export class EvictOnFatalClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    const self = this as unknown as { connection: NodeJS.EventEmitter; _queryable: boolean };
    self.connection.on('errorMessage', (message: { severity?: string }) => {
      if (message.severity === 'FATAL' || message.severity === 'PANIC') self._queryable = false;
    });
  }
}
