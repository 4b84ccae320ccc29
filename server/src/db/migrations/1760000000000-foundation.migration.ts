import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1760000000000 implements MigrationInterface {
  name = 'Foundation1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE customers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_number char(10) NOT NULL UNIQUE CHECK (account_number ~ '^[0-9]{10}$'),
        first_name varchar(50) NOT NULL,
        middle_name varchar(50),
        last_name varchar(50) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(20) NOT NULL,
        dob date NOT NULL,
        address varchar(120) NOT NULL,
        city varchar(80) NOT NULL,
        state varchar(80) NOT NULL,
        zipcode varchar(10) NOT NULL,
        country varchar(60) NOT NULL,
        occupation varchar(60) NOT NULL,
        income_range varchar(40) NOT NULL,
        account_type varchar(20) NOT NULL,
        currency char(3) NOT NULL,
        password_hash varchar NOT NULL,
        pin_hash varchar NOT NULL,
        image_file_id uuid,
        passport_file_id uuid,
        status varchar(20) NOT NULL DEFAULT 'pending_review' CHECK (status IN ('pending_review','approved','rejected')),
        rejection_reason varchar(500),
        reviewed_by uuid,
        reviewed_at timestamptz,
        email_verified_at timestamptz,
        failed_login_count int NOT NULL DEFAULT 0,
        locked_until timestamptz,
        notification_preferences jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX customers_email_uq ON customers (lower(email))`);
    await q.query(`CREATE INDEX customers_status_created_idx ON customers (status, created_at DESC)`);

    await q.query(`
      CREATE TABLE staff_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        name varchar(100) NOT NULL,
        role varchar(20) NOT NULL CHECK (role IN ('admin','auditor')),
        password_hash varchar NOT NULL,
        failed_login_count int NOT NULL DEFAULT 0,
        locked_until timestamptz,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX staff_users_email_uq ON staff_users (lower(email))`);

    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(10) NOT NULL CHECK (kind IN ('customer','staff')),
        subject_id uuid NOT NULL,
        csrf_token varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip varchar(64),
        user_agent varchar(300)
      )`);
    await q.query(`CREATE INDEX sessions_subject_idx ON sessions (kind, subject_id) WHERE revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE email_verifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        code_hash varchar(128) NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_verifications_customer_idx ON email_verifications (customer_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        token_hash varchar(128) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address varchar(254) NOT NULL,
        subject varchar(200) NOT NULL,
        template varchar(60) NOT NULL,
        body_text text NOT NULL,
        status varchar(10) NOT NULL,
        error varchar(500),
        customer_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_to_created_idx ON outbox (lower(to_address), created_at DESC)`);

    await q.query(`
      CREATE TABLE stored_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
        purpose varchar(20) NOT NULL,
        mime_type varchar(40) NOT NULL,
        size_bytes int NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
        storage_path varchar(300) NOT NULL,
        sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_type varchar(10) NOT NULL,
        actor_id varchar(64),
        actor_email varchar(254),
        action varchar(60) NOT NULL,
        target_type varchar(40) NOT NULL,
        target_id varchar(64),
        reason varchar(500),
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id)`);
    await q.query(`
      CREATE FUNCTION forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION forbid_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['audit_log', 'stored_files', 'outbox', 'password_resets', 'email_verifications', 'sessions', 'staff_users', 'customers']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS forbid_change()`);
  }
}
