import { rows, type Queryable } from '../../common/sql';

/** The currency of the customer's account (undefined when there is no such customer). */
export async function accountCurrencyOf(db: Queryable, customerId: string): Promise<string | undefined> {
  const [customer] = await rows<{ currency: string }>(db, `SELECT currency FROM customers WHERE id = $1`, [customerId]);
  return customer?.currency;
}
