import { rows, type Queryable } from '../../common/sql';
import { CUSTOMER_COLUMNS, CustomerEntity } from '../user';

/** Whether any customer registered this address (compared in lower case). */
export async function emailRegistered(db: Queryable, email: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM customers WHERE lower(email) = lower($1)`, [email])).length > 0;
}

/** Uses a live reset link (by its token's hash) at once: the customer it was for, or undefined. */
export async function claimResetToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const claimed = await rows<{ customer_id: string }>(db, `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id`, [
    tokenHash,
  ]);
  return claimed[0]?.customer_id;
}

/** The new password hash, and the sign-in lock lifted; answers the account number. */
export async function resetPassword(db: Queryable, customerId: string, passwordHash: string): Promise<string> {
  const [row] = await rows<{ account_number: string }>(db, `UPDATE customers SET password_hash = $2, failed_login_count = 0, locked_until = NULL WHERE id = $1 RETURNING account_number`, [
    customerId,
    passwordHash,
  ]);
  return row.account_number;
}

const asCustomer = (row: CustomerEntity | undefined) => row && Object.assign(new CustomerEntity(), row);

/** A customer by e-mail address (compared in lower case). */
export async function customerByEmail(db: Queryable, email: string): Promise<CustomerEntity | undefined> {
  const [row] = await rows<CustomerEntity>(db, `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE lower(email) = lower($1) LIMIT 1`, [email]);
  return asCustomer(row);
}

/** A customer by account number, with the password hash sign-in checks. */
export async function customerWithPasswordByAccountNumber(db: Queryable, accountNumber: string): Promise<CustomerEntity | undefined> {
  const [row] = await rows<CustomerEntity>(db, `SELECT ${CUSTOMER_COLUMNS}, password_hash AS "passwordHash" FROM customers WHERE account_number = $1 LIMIT 1`, [accountNumber]);
  return asCustomer(row);
}

/** A customer by id, with the password hash (throws when there is none: the caller is signed in as them). */
export async function customerWithPasswordById(db: Queryable, customerId: string): Promise<CustomerEntity> {
  const [row] = await rows<CustomerEntity>(db, `SELECT ${CUSTOMER_COLUMNS}, password_hash AS "passwordHash" FROM customers WHERE id = $1`, [customerId]);
  if (!row) throw new Error('Customer not found');
  return Object.assign(new CustomerEntity(), row);
}

/** The columns an application writes; the rest are the table's defaults. */
export type NewCustomer = Pick<
  CustomerEntity,
  | 'accountNumber'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'dob'
  | 'address'
  | 'city'
  | 'state'
  | 'zipcode'
  | 'country'
  | 'occupation'
  | 'incomeRange'
  | 'accountType'
  | 'currency'
  | 'passwordHash'
  | 'pinHash'
  | 'status'
  | 'notificationPreferences'
>;

/** A new application's customer row; answers it as stored (id, defaults and timestamps filled in). */
export async function insertCustomer(db: Queryable, c: NewCustomer): Promise<CustomerEntity> {
  const [row] = await rows<CustomerEntity>(
    db,
    `INSERT INTO customers (account_number, first_name, middle_name, last_name, email, phone, dob, address, city, state, zipcode, country,
       occupation, income_range, account_type, currency, password_hash, pin_hash, status, notification_preferences)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb)
     RETURNING ${CUSTOMER_COLUMNS}`,
    [
      c.accountNumber,
      c.firstName,
      c.middleName,
      c.lastName,
      c.email,
      c.phone,
      c.dob,
      c.address,
      c.city,
      c.state,
      c.zipcode,
      c.country,
      c.occupation,
      c.incomeRange,
      c.accountType,
      c.currency,
      c.passwordHash,
      c.pinHash,
      c.status,
      JSON.stringify(c.notificationPreferences),
    ],
  );
  return Object.assign(new CustomerEntity(), row, { passwordHash: c.passwordHash, pinHash: c.pinHash });
}

export async function setIdentityDocuments(db: Queryable, customerId: string, passportFileId: string, proofOfAddressFileId: string): Promise<void> {
  await db.query(`UPDATE customers SET passport_file_id = $2, proof_of_address_file_id = $3, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, [customerId, passportFileId, proofOfAddressFileId]);
}

export async function markEmailVerified(db: Queryable, customerId: string, at: Date): Promise<void> {
  await db.query(`UPDATE customers SET email_verified_at = $2, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, [customerId, at]);
}

export async function setPasswordHash(db: Queryable, customerId: string, passwordHash: string): Promise<void> {
  await db.query(`UPDATE customers SET password_hash = $2, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, [customerId, passwordHash]);
}

export async function insertEmailVerification(db: Queryable, customerId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db.query(`INSERT INTO email_verifications (customer_id, code_hash, expires_at) VALUES ($1, $2, $3)`, [customerId, codeHash, expiresAt]);
}

export interface EmailVerificationRow {
  id: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
}

/** The customer's newest verification code, locked for this transaction. */
export async function lockLatestEmailVerification(db: Queryable, customerId: string): Promise<EmailVerificationRow | undefined> {
  const [row] = await rows<EmailVerificationRow>(
    db,
    `SELECT id, code_hash AS "codeHash", expires_at AS "expiresAt", attempts, consumed_at AS "consumedAt"
     FROM email_verifications WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [customerId],
  );
  return row;
}

export async function setEmailVerificationAttempts(db: Queryable, verificationId: string, attempts: number): Promise<void> {
  await db.query(`UPDATE email_verifications SET attempts = $2 WHERE id = $1`, [verificationId, attempts]);
}

export async function consumeEmailVerification(db: Queryable, verificationId: string, at: Date): Promise<void> {
  await db.query(`UPDATE email_verifications SET consumed_at = $2 WHERE id = $1`, [verificationId, at]);
}

export async function insertPasswordReset(db: Queryable, customerId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.query(`INSERT INTO password_resets (customer_id, token_hash, expires_at) VALUES ($1, $2, $3)`, [customerId, tokenHash, expiresAt]);
}
