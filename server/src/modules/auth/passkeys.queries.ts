import { rows, type Queryable } from '../../common/sql';

/** A WebAuthn challenge issued for `purpose` (and a customer, and the payment it is for), valid `ttlSeconds`. */
export async function insertChallenge(db: Queryable, c: { purpose: string; customerId: string | null; challenge: string; subjectId: string | null; ttlSeconds: number }): Promise<void> {
  await db.query(`INSERT INTO webauthn_challenges (purpose, customer_id, challenge, subject_id, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`, [
    c.purpose,
    c.customerId,
    c.challenge,
    c.subjectId,
    c.ttlSeconds,
  ]);
}

/** Uses a stored, unexpired, unused challenge: true when this call used it. */
export async function claimChallenge(db: Queryable, c: { purpose: string; challenge: string; customerId: string | null; subjectId: string | null }): Promise<boolean> {
  const claimed = await rows(
    db,
    `UPDATE webauthn_challenges SET used_at = now() WHERE challenge = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
          AND ($3::uuid IS NULL OR customer_id = $3::uuid) AND subject_id IS NOT DISTINCT FROM $4::uuid RETURNING id`,
    [c.challenge, c.purpose, c.customerId, c.subjectId],
  );
  return claimed.length === 1;
}

export async function passkeyHolder(db: Queryable, customerId: string): Promise<{ email: string; first_name: string; last_name: string }> {
  const [c] = await rows<{ email: string; first_name: string; last_name: string }>(db, `SELECT email, first_name, last_name FROM customers WHERE id = $1`, [customerId]);
  return c;
}

/** The customer's credentials, for a ceremony's allow or exclude list. */
export function credentialsOf(db: Queryable, customerId: string): Promise<{ credential_id: string; transports: string[] }[]> {
  return rows<{ credential_id: string; transports: string[] }>(db, `SELECT credential_id, transports FROM customer_passkeys WHERE customer_id = $1`, [customerId]);
}

/** A new passkey; undefined when its credential is registered already. */
export async function insertPasskey(
  db: Queryable,
  p: { customerId: string; credentialId: string; publicKey: Buffer; counter: number; transports: string[]; name: string },
): Promise<{ id: string; created_at: Date } | undefined> {
  const [row] = await rows<{ id: string; created_at: Date }>(
    db,
    `INSERT INTO customer_passkeys (customer_id, credential_id, public_key, counter, transports, name) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (credential_id) DO NOTHING RETURNING id, created_at`,
    [p.customerId, p.credentialId, p.publicKey, p.counter, JSON.stringify(p.transports), p.name],
  );
  return row;
}

export function passkeysOf(db: Queryable, customerId: string): Promise<{ id: string; name: string; created_at: Date; last_used_at: Date | null }[]> {
  return rows<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
    db,
    `SELECT id, name, created_at, last_used_at FROM customer_passkeys WHERE customer_id = $1 ORDER BY created_at`,
    [customerId],
  );
}

/** Removes one of the customer's own passkeys: false when they have none such. */
export async function deletePasskey(db: Queryable, customerId: string, passkeyId: string): Promise<boolean> {
  const gone = await rows(db, `DELETE FROM customer_passkeys WHERE id = $1 AND customer_id = $2 RETURNING id`, [passkeyId, customerId]);
  return gone.length > 0;
}

export async function passkeyByCredential(db: Queryable, credentialId: string) {
  const [key] = await rows<{ id: string; customer_id: string; credential_id: string; public_key: Buffer; counter: string; transports: string[] }>(
    db,
    `SELECT id, customer_id, credential_id, public_key, counter, transports FROM customer_passkeys WHERE credential_id = $1`,
    [credentialId],
  );
  return key;
}

/** After a verified assertion: its counter, and when the passkey was last used. */
export async function notePasskeyUse(db: Queryable, passkeyId: string, counter: number): Promise<void> {
  await db.query(`UPDATE customer_passkeys SET counter = $2, last_used_at = now() WHERE id = $1`, [passkeyId, counter]);
}
