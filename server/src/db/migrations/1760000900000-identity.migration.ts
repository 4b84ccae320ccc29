import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity and sign-in: staff second factor (TOTP, recovery codes), customer passkeys (WebAuthn), attempt
 * counters keyed by account or e-mail (known or not, so a lockout tells nothing), and e-mail address changes.
 */
export class Identity1760000900000 implements MigrationInterface {
  name = 'Identity1760000900000';

  async up(q: QueryRunner): Promise<void> {
    // The TOTP secret is encrypted at rest (AES-256-GCM under ENCRYPTION_KEY); the pending one is shown once
    // at first sign-in and becomes the secret when the member proves it with a code.
    await q.query(`ALTER TABLE staff_users
      ADD COLUMN totp_secret_encrypted text,
      ADD COLUMN totp_pending_encrypted text,
      ADD COLUMN totp_enrolled_at timestamptz,
      ADD COLUMN totp_last_step bigint`);
    await q.query(`
      CREATE TABLE staff_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_id uuid NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
        code_hash varchar(128) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX staff_recovery_codes_staff_idx ON staff_recovery_codes (staff_id) WHERE used_at IS NULL`);

    await q.query(`
      CREATE TABLE auth_attempts (
        key_hash varchar(64) PRIMARY KEY,
        failures int NOT NULL DEFAULT 0,
        window_started_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_event_at timestamptz
      )`);

    await q.query(`
      CREATE TABLE email_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        new_email varchar(254) NOT NULL,
        code_hash varchar(128) NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_changes_customer_idx ON email_changes (customer_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE customer_passkeys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        credential_id varchar(1024) NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports jsonb NOT NULL DEFAULT '[]',
        name varchar(60) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await q.query(`CREATE INDEX customer_passkeys_customer_idx ON customer_passkeys (customer_id)`);
    // One WebAuthn ceremony: the challenge the server issued, what it is for, and (for a payment) the payment.
    await q.query(`
      CREATE TABLE webauthn_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose varchar(20) NOT NULL CHECK (purpose IN ('register','sign_in','payment')),
        customer_id uuid REFERENCES customers(id) ON DELETE CASCADE,
        challenge varchar(200) NOT NULL UNIQUE,
        subject_id uuid,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_resets_customer_idx ON password_resets (customer_id) WHERE used_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS password_resets_customer_idx`);
    for (const t of ['webauthn_challenges', 'customer_passkeys', 'email_changes', 'auth_attempts', 'staff_recovery_codes']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
    await q.query(`ALTER TABLE staff_users DROP COLUMN totp_secret_encrypted, DROP COLUMN totp_pending_encrypted, DROP COLUMN totp_enrolled_at, DROP COLUMN totp_last_step`);
  }
}
