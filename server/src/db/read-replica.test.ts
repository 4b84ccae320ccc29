import type { DataSource } from 'typeorm';
import { ReadReplica, WAL_POSITION_COOKIE, lsnValue, replicaReaderOf } from './read-replica';

describe('read-your-writes positions', () => {
  it('reads a pg_lsn as a number, and nothing else', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')).toBe(1n << 32n);
    expect(lsnValue('FFFFFFFF/FFFFFFFF')).toBe((1n << 64n) - 1n);
    for (const bad of [undefined, '', '16B3748', '0/16B3748; DROP', '0/G', '123456789/0']) expect(lsnValue(bad)).toBeUndefined();
  });

  it('takes the later of what the server remembers and what the client presents, and ignores a malformed cookie', () => {
    // Positions only: no database is reached.
    const replicas = new ReadReplica({} as DataSource);
    expect(replicas.positionFor({ sessionId: 's', walPosition: '0/4000' })).toBe('0/4000');
    replicas.remember('s', '0/5000');
    expect(replicas.positionFor({ sessionId: 's', walPosition: '0/4000' })).toBe('0/5000');
    expect(replicas.positionFor({ sessionId: 's', walPosition: '1/0' })).toBe('1/0');
    expect(replicas.positionFor({ sessionId: 's', walPosition: 'not a position' })).toBe('0/5000');
    expect(replicas.positionFor({ sessionId: 'other', walPosition: 'not a position' })).toBeUndefined();
  });

  it("reads the reader from a request's session and cookie", () => {
    expect(replicaReaderOf({ staff: { sessionId: 'st' }, cookies: { [WAL_POSITION_COOKIE]: '0/1' } })).toEqual({ sessionId: 'st', walPosition: '0/1' });
    expect(replicaReaderOf({ customer: { sessionId: 'cu' } })).toEqual({ sessionId: 'cu', walPosition: undefined });
  });
});
