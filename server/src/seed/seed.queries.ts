import { rows, type Queryable } from '../common/sql';

/** A demo person as seed.ts books them. */
export interface DemoCustomerRow {
  accountNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  city: string;
  state: string;
  country: string;
}

export function customersByAccountNumber(db: Queryable, accountNumber: string): Promise<{ id: string; email: string }[]> {
  return rows<{ id: string; email: string }>(db, `SELECT id, email FROM customers WHERE account_number = $1`, [accountNumber]);
}

/** An approved demo customer with a history of four months. */
export async function insertDemoCustomer(db: Queryable, p: DemoCustomerRow, secrets: { passwordHash: string; pinHash: string; preferences: string }): Promise<{ id: string }> {
  const [row] = await rows<{ id: string }>(
    db,
    `INSERT INTO customers (account_number, first_name, middle_name, last_name, email, phone, dob, address, city, state, zipcode, country, occupation, income_range,
       account_type, currency, password_hash, pin_hash, status, email_verified_at, notification_preferences, created_at)
     VALUES ($1,$2,$3,$4,$5,'+1 (415) 555-0134','1988-04-12','742 Evergreen Terrace, Apt 5',$6,$7,'94110',$8,'Private / Partnership office','$50,001 - $100,000',
       'checking','USD',$9,$10,'approved', now(), $11, now() - interval '120 days') RETURNING id`,
    [p.accountNumber, p.firstName, p.middleName, p.lastName, p.email, p.city, p.state, p.country, secrets.passwordHash, secrets.pinHash, secrets.preferences],
  );
  return row;
}

export async function hasTransactions(db: Queryable, customerId: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM transactions WHERE customer_id = $1 LIMIT 1`, [customerId])).length > 0;
}

export async function hasOpeningBalance(db: Queryable, customerId: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM transactions WHERE customer_id = $1 AND kind = 'opening'`, [customerId])).length > 0;
}
