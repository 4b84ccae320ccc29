// Reads that tolerate a little staleness go to the replicas (DATABASE_READ_URL, docs/operations/cluster.md): staff
// browsing the customers, accounts, transactions (and their search), staff and audit-log lists, customers'
// statements and the dashboard's chart. Anything inside a write transaction, the session check, whether a caller
// holds an account, and anything that decides about money stay on the primary.
//
// Read-your-writes: after a session's write, the primary's WAL position is remembered for that session, by this
// server and in a cookie the answer carries (WAL_POSITION_COOKIE), so another server behind the same proxy knows it
// too; its next replica read runs on a replica only if that replica has replayed past the later of the two, else on
// the primary. The check and the read run on the same connection, since each connection may reach another replica.
// The cookie only ever sends a read to the primary: a forged position cannot show anyone data, only cost a replica read.
import type { DataSource } from 'typeorm';
import type { Queryable } from '../common/sql';
import { createDataSource, closeDataSource } from './data-source';
import { isDatabaseUnavailable } from './availability';

/** Sessions whose last write is remembered (the oldest is forgotten first; a forgotten session reads the primary's position afresh). */
const REMEMBERED_SESSIONS = 100_000;
/** When the primary's position could not be read after a write: that session reads from the primary until its next write. */
const PRIMARY_ONLY = 'FFFFFFFF/FFFFFFFF';

/** The cookie that carries a session's last write position between the servers behind one proxy. */
export const WAL_POSITION_COOKIE = 'strongroom_wal';

/** Who reads: the session, and the write position its client presented (the cookie), if any. */
export interface ReplicaReader {
  sessionId?: string;
  walPosition?: string;
}

/** Who reads, for ReadReplica.read: a request's session and the write position its client presented. */
export function replicaReaderOf(request: { customer?: { sessionId: string }; staff?: { sessionId: string }; cookies?: Record<string, string | undefined> }): ReplicaReader {
  return { sessionId: request.customer?.sessionId ?? request.staff?.sessionId, walPosition: request.cookies?.[WAL_POSITION_COOKIE] };
}

const LSN_RE = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** A pg_lsn's text as a number, to compare two positions; undefined for anything else. */
export function lsnValue(lsn: string | undefined): bigint | undefined {
  const match = lsn === undefined ? null : LSN_RE.exec(lsn);
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}

export class ReadReplica {
  private readonly lastWrite = new Map<string, string>();
  /** Replica reads served from a replica, and those sent to the primary because no replica had caught up. */
  readonly served = { replica: 0, primary: 0 };

  constructor(
    private readonly primary: DataSource,
    private readonly replica?: DataSource,
  ) {}

  get enabled() {
    return this.replica !== undefined;
  }

  /** The replicas at DATABASE_READ_URL, reached as the role the server runs as on the primary (`appUrl`). */
  static async connect(primary: DataSource, appUrl: string | undefined, readUrl: string | undefined, poolSize: number): Promise<ReadReplica> {
    if (!readUrl || !appUrl) return new ReadReplica(primary);
    const url = new URL(readUrl);
    const app = new URL(appUrl);
    url.username = app.username;
    url.password = app.password;
    url.pathname = app.pathname;
    // Connected at the first read, not at start: the server starts without its replicas, and the role it runs as,
    // made on the primary at start, may not have reached them yet.
    return new ReadReplica(primary, createDataSource(url.toString(), { poolSize }));
  }

  /**
   * After a session's write commits: the primary's WAL position, which that session's replica reads must have
   * replayed. Answers it, for the cookie.
   */
  async noteWrite(sessionId: string): Promise<string | undefined> {
    if (!this.replica) return undefined;
    let lsn = PRIMARY_ONLY;
    try {
      const [row] = await this.primary.query<{ lsn: string }[]>('SELECT pg_current_wal_lsn()::text AS lsn');
      lsn = row.lsn;
    } catch {
      // Unknown position: this session reads from the primary until its next write.
    }
    this.remember(sessionId, lsn);
    return lsn;
  }

  /** Keeps a session's last write position (the most recently written sessions are kept). */
  remember(sessionId: string, lsn: string): void {
    this.lastWrite.delete(sessionId);
    this.lastWrite.set(sessionId, lsn);
    if (this.lastWrite.size > REMEMBERED_SESSIONS) this.lastWrite.delete(this.lastWrite.keys().next().value!);
  }

  /**
   * The WAL position a reader's replica reads must have reached: the later of what this server remembers of the
   * session and what its client presented (undefined: no write known).
   */
  positionFor(reader: ReplicaReader | string | undefined): string | undefined {
    const { sessionId, walPosition } = typeof reader === 'string' ? { sessionId: reader, walPosition: undefined } : (reader ?? {});
    const remembered = sessionId === undefined ? undefined : this.lastWrite.get(sessionId);
    const presented = lsnValue(walPosition) === undefined ? undefined : walPosition;
    if (remembered === undefined || presented === undefined) return remembered ?? presented;
    return lsnValue(presented)! > (lsnValue(remembered) ?? 0n) ? presented : remembered;
  }

  /**
   * Runs a read that tolerates staleness: on a replica that has replayed past the session's last write, else on the
   * primary. `read` gets one connection's queryable; it must not write.
   */
  async read<T>(reader: ReplicaReader | string | undefined, read: (db: Queryable) => Promise<T>): Promise<T> {
    if (!this.replica || !(await this.connected())) {
      this.served.primary++;
      return read(this.primary);
    }
    const after = this.positionFor(reader);
    const runner = this.replica.createQueryRunner();
    let caughtUp = false;
    try {
      try {
        const [row] = await runner.query(`SELECT NOT pg_is_in_recovery() OR $1::pg_lsn IS NULL OR pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up`, [after ?? null]);
        caughtUp = row.caught_up === true;
      } catch {
        // No replica reachable: the primary answers.
      }
      if (caughtUp) {
        try {
          const answer = await read(runner.manager);
          this.served.replica++;
          return answer;
        } catch (err) {
          // The replica went away mid-read: the primary answers instead.
          if (!isDatabaseUnavailable(err)) throw err;
        }
      }
    } finally {
      await runner.release();
    }
    this.served.primary++;
    return read(this.primary);
  }

  private connecting?: Promise<boolean>;

  /** Connects the replicas' pool once; a failed attempt is tried again at a later read (meanwhile the primary answers). */
  private async connected(): Promise<boolean> {
    if (!this.replica || this.replica.isInitialized) return !!this.replica;
    this.connecting ??= this.replica.initialize().then(
      () => true,
      () => false,
    );
    const ok = await this.connecting;
    if (!ok) this.connecting = undefined;
    return ok;
  }

  async close() {
    if (this.replica?.isInitialized) await closeDataSource(this.replica);
  }
}
