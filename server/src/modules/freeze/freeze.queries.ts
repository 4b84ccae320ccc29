import { rows, type Queryable } from '../../common/sql';

/** What freezing and lifting read of a customer. */
export interface FreezeHolder {
  id: string;
  email: string;
  first_name: string;
  frozen_at: Date | null;
  password_hash: string;
}

/** The customer's freeze (customers.frozen_at); undefined for no such customer. */
export async function frozenAtOf(db: Queryable, customerId: string): Promise<Date | null | undefined> {
  const [row] = await rows<{ frozen_at: Date | null }>(db, `SELECT frozen_at FROM customers WHERE id = $1`, [customerId]);
  return row?.frozen_at;
}

/** The holder, locked (`lock`) for a change of their freeze in the caller's transaction. */
export async function freezeHolder(db: Queryable, customerId: string, lock: boolean): Promise<FreezeHolder | undefined> {
  const [row] = await rows<FreezeHolder>(db, `SELECT id, email, first_name, frozen_at, password_hash FROM customers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [customerId]);
  return row;
}

export async function setFrozen(db: Queryable, customerId: string, at: Date): Promise<Date> {
  const [{ frozen_at }] = await rows<{ frozen_at: Date }>(db, `UPDATE customers SET frozen_at = $2, updated_at = now() WHERE id = $1 RETURNING frozen_at`, [customerId, at]);
  return frozen_at;
}

export async function liftFreeze(db: Queryable, customerId: string): Promise<void> {
  await db.query(`UPDATE customers SET frozen_at = NULL, updated_at = now() WHERE id = $1`, [customerId]);
}
