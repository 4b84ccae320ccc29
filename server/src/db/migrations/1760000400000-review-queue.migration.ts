import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff review queue's history (docs/decisions/0002-one-review-queue.md): one immutable row per status change
 * of any customer request; incoming payments as their own records, so large ones can wait for a second admin;
 * transfers that wait for their date.
 */
export class ReviewQueue1760000400000 implements MigrationInterface {
  name = 'ReviewQueue1760000400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE status_events (
        id bigserial PRIMARY KEY,
        subject_type varchar(30) NOT NULL,
        subject_id uuid NOT NULL,
        from_status varchar(40),
        to_status varchar(40) NOT NULL,
        actor_type varchar(10) NOT NULL CHECK (actor_type IN ('customer','staff','system')),
        actor_id uuid,
        reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX status_events_subject_idx ON status_events (subject_type, subject_id, id)`);
    await q.query(`CREATE TRIGGER status_events_append_only BEFORE UPDATE OR DELETE ON status_events FOR EACH ROW EXECUTE FUNCTION forbid_change()`);

    await q.query(`
      CREATE TABLE incoming_payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        network_reference varchar(80) NOT NULL UNIQUE,
        customer_id uuid NOT NULL REFERENCES customers(id),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        credit_minor bigint NOT NULL CHECK (credit_minor > 0),
        sender_name varchar(120) NOT NULL,
        sender_bank varchar(120) NOT NULL,
        status varchar(30) NOT NULL CHECK (status IN ('awaiting_second_approval','approved','rejected')),
        status_reason varchar(500),
        transaction_id uuid REFERENCES transactions(id),
        posted_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX incoming_payments_status_idx ON incoming_payments (status, created_at DESC)`);

    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_status_check`);
    await q.query(
      `ALTER TABLE transfers ADD CONSTRAINT transfers_status_check CHECK (status IN ('awaiting_authorisation','scheduled','pending','completed','rejected','expired','cancelled','failed'))`,
    );
    await q.query(`ALTER TABLE transfers ADD COLUMN execute_on date, ADD COLUMN status_reason varchar(500)`);
    await q.query(`CREATE INDEX transfers_scheduled_idx ON transfers (execute_on) WHERE status = 'scheduled'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS transfers_scheduled_idx`);
    await q.query(`ALTER TABLE transfers DROP COLUMN IF EXISTS execute_on, DROP COLUMN IF EXISTS status_reason`);
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT transfers_status_check`);
    await q.query(`ALTER TABLE transfers ADD CONSTRAINT transfers_status_check CHECK (status IN ('awaiting_authorisation','pending','completed','rejected','expired'))`);
    await q.query(`DROP TABLE IF EXISTS incoming_payments, status_events`);
  }
}
