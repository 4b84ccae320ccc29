import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every function of the bank's schema runs with a fixed search_path (public, then pg_temp last), so no
 * role that can create objects elsewhere (a temporary table named `postings`) can change what the ledger's
 * functions and triggers read or write. A function replaced by a later migration must say SET search_path
 * again; server/test/db/roles.test.ts fails if one does not.
 */
export class FunctionSearchPath1760001200000 implements MigrationInterface {
  name = 'FunctionSearchPath1760001200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DO $$
      DECLARE f regprocedure;
      BEGIN
        FOR f IN SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname = 'public' AND p.prokind = 'f' AND pg_get_userbyid(p.proowner) = current_user
        LOOP
          EXECUTE format('ALTER FUNCTION %s SET search_path = public, pg_temp', f);
        END LOOP;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DO $$
      DECLARE f regprocedure;
      BEGIN
        FOR f IN SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname = 'public' AND p.prokind = 'f' AND pg_get_userbyid(p.proowner) = current_user
        LOOP
          EXECUTE format('ALTER FUNCTION %s RESET search_path', f);
        END LOOP;
      END $$`);
  }
}
