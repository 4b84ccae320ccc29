import { rows, type Queryable } from '../../common/sql';

/** What the transaction PIN check needs of a customer. */
export interface PinHolder {
  id: string;
  pin_hash: string;
}

export async function pinHolder(db: Queryable, customerId: string): Promise<PinHolder | undefined> {
  const [holder] = await rows<PinHolder>(db, `SELECT id, pin_hash FROM customers WHERE id = $1`, [customerId]);
  return holder;
}

/** Stores a PIN hash re-made with the current pepper, unless the PIN was changed meanwhile. */
export async function replacePinHash(db: Queryable, customerId: string, oldHash: string, newHash: string): Promise<void> {
  await db.query(`UPDATE customers SET pin_hash = $3 WHERE id = $1 AND pin_hash = $2`, [customerId, oldHash, newHash]);
}
