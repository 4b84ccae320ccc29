import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer-visible rows get time-ordered ids (UUID version 7: the time in milliseconds, then random bits), as
 * references already are (ledger.service.ts, newReference). A random id puts each new row on a random page of the
 * primary key; after every checkpoint the first change to a page writes the whole 8 kB page to the WAL, so on a
 * growing table nearly every payment paid for a page image per random key. Ordered keys fill the right edge of the
 * index, a few pages at a time. Written in SQL (PostgreSQL 18 has uuidv7(); 15 and 17 do not): a version 4 UUID with
 * its first 48 bits replaced by the time and its version bits turned from 4 into 7 (RFC 9562).
 */
const UUID_V7 = `
  CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE SET search_path = pg_catalog, public AS $$
    SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
             PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
           52, 1), 53, 1), 'hex')::uuid
  $$`;

export class TimeOrderedKeys1760001500000 implements MigrationInterface {
  name = 'TimeOrderedKeys1760001500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(UUID_V7);
    await q.query(`ALTER TABLE transactions ALTER COLUMN id SET DEFAULT uuid_v7()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions ALTER COLUMN id SET DEFAULT gen_random_uuid()`);
    await q.query(`DROP FUNCTION uuid_v7()`);
  }
}
