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

/** The demo savings account (demo-savings.ts) with what its deposits post to. */
export interface DemoSavingsRow {
  id: string;
  customer_id: string;
  ledger_account_id: string;
  currency: string;
}

export async function demoSavingsAccount(db: Queryable, customerId: string, name: string): Promise<DemoSavingsRow | undefined> {
  const [row] = await rows<DemoSavingsRow>(
    db,
    `SELECT id, customer_id, ledger_account_id::text AS ledger_account_id, currency FROM accounts WHERE customer_id = $1 AND product = 'savings' AND name = $2 AND NOT is_primary`,
    [customerId, name],
  );
  return row;
}

/** Whether the end of day has run any business date from `date` on. */
export async function endOfDayRanSince(db: Queryable, date: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM end_of_day_runs WHERE business_date >= $1::date LIMIT 1`, [date])).length > 0;
}

/** The instant a wall-clock time (HH:MM) on a date is in the time zone `zone`. */
export async function instantInZone(db: Queryable, date: string, time: string, zone: string): Promise<Date> {
  const [row] = await rows<{ at: Date }>(db, `SELECT ($1::date + $2::time)::timestamp AT TIME ZONE $3 AS at`, [date, time, zone]);
  return new Date(row.at);
}

/** A demo account opened back then: the end of day accrues it from that day (start_interest_accruals). */
export async function setOpenedAt(db: Queryable, accountId: string, openedAt: Date): Promise<void> {
  await db.query(`UPDATE accounts SET opened_at = $2, created_at = $2 WHERE id = $1`, [accountId, openedAt]);
}

/** The account's interest rows dated at the start of the day their payment was due (their valueDate) in `zone`. */
export async function backDateInterestRows(db: Queryable, account: DemoSavingsRow, zone: string): Promise<void> {
  await db.query(
    `UPDATE transactions SET created_at = (metadata->>'valueDate')::date::timestamp AT TIME ZONE $3
      WHERE customer_id = $1 AND account_id = $2 AND kind = 'interest' AND metadata ? 'valueDate'
        AND created_at > (metadata->>'valueDate')::date::timestamp AT TIME ZONE $3`,
    [account.customer_id, account.ledger_account_id, zone],
  );
}
