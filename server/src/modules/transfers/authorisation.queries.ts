import { rows, type Queryable } from '../../common/sql';

/** A payment awaiting its authentication, as initiate() quoted and bound it. */
export interface NewTransfer {
  customerId: string;
  /** The account it leaves, when the payment named one; else the primary account (fill_primary_account). */
  accountId?: string;
  kind: string;
  debitMinor: bigint;
  feeMinor: bigint;
  accountCurrency: string;
  paymentMinor: bigint;
  payCurrency: string;
  rate: string;
  payee: Record<string, unknown>;
  binding: string;
  needsCode: boolean;
  executeOn: string | null;
  executeAt: Date | null;
  repeat: { frequency: string; untilOn: string | null } | undefined;
  timeZone: string;
}

export async function insertTransfer(db: Queryable, t: NewTransfer): Promise<{ id: string }> {
  const [transfer] = await rows<{ id: string }>(
    db,
    `INSERT INTO transfers (customer_id, kind, status, amount_minor, fee_minor, currency, payment_amount_minor, payment_currency, rate, payee, binding_hash, needs_code, execute_on, execute_at,
                              repeat_frequency, repeat_until, time_zone, account_id)
       VALUES ($1, $2, 'awaiting_authorisation', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [
      t.customerId,
      t.kind,
      t.debitMinor.toString(),
      t.feeMinor.toString(),
      t.accountCurrency,
      t.paymentMinor.toString(),
      t.payCurrency,
      t.rate,
      JSON.stringify(t.payee),
      t.binding,
      t.needsCode,
      t.executeOn,
      t.executeAt,
      t.repeat?.frequency ?? null,
      t.repeat?.untilOn ?? null,
      t.timeZone,
      t.accountId ?? null,
    ],
  );
  return transfer;
}

/** The e-mailed code's hash, valid for `ttlMinutes`. */
export async function setTransferCode(db: Queryable, transferId: string, codeHash: string, ttlMinutes: number): Promise<void> {
  await db.query(`UPDATE transfers SET code_hash = $2, code_expires_at = now() + make_interval(mins => $3) WHERE id = $1`, [transferId, codeHash, ttlMinutes]);
}

/** A wrong code counts; the last allowed one expires the payment. */
export async function countWrongCode(db: Queryable, transferId: string, maxAttempts: number): Promise<void> {
  await db.query(`UPDATE transfers SET code_attempts = code_attempts + 1, status = CASE WHEN code_attempts + 1 >= $2 THEN 'expired' ELSE status END WHERE id = $1`, [transferId, maxAttempts]);
}

export async function markCodeVerified(db: Queryable, transferId: string): Promise<void> {
  await db.query(`UPDATE transfers SET code_verified_at = now(), updated_at = now() WHERE id = $1`, [transferId]);
}

export async function markTransferExpired(db: Queryable, transferId: string): Promise<void> {
  await db.query(`UPDATE transfers SET status = 'expired', updated_at = now() WHERE id = $1`, [transferId]);
}
