import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff-maintained reference data (FX rates, crypto options) keeps every previous value
 * (docs/decisions/0015-reference-data-history.md): one append-only row per change, with the values before and after.
 */
export class ReferenceDataHistory1760001100000 implements MigrationInterface {
  name = 'ReferenceDataHistory1760001100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reference_data_changes (
        id bigserial PRIMARY KEY,
        resource varchar(30) NOT NULL CHECK (resource IN ('fx-rates', 'crypto-options')),
        record_key varchar(40) NOT NULL,
        previous jsonb NOT NULL,
        current jsonb NOT NULL,
        changed_fields text[] NOT NULL,
        actor_id uuid,
        actor_email varchar(254),
        reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX reference_data_changes_record_idx ON reference_data_changes (resource, record_key, id)`);
    await q.query(`CREATE TRIGGER reference_data_changes_append_only BEFORE UPDATE OR DELETE ON reference_data_changes FOR EACH ROW EXECUTE FUNCTION forbid_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS reference_data_changes`);
  }
}
