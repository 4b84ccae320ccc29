import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Loans: the application (SSN sealed with AES-256-GCM, only its last 4 digits in the clear), its decision,
 * the disbursement's transaction, and the repayment schedule in whole minor units, collected instalment by
 * instalment through the ledger.
 */
export class Loans1760000600000 implements MigrationInterface {
  name = 'Loans1760000600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE loans (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id),
        loan_type varchar(20) NOT NULL CHECK (loan_type IN ('personal','home','auto','student','business')),
        loan_purpose varchar(40) NOT NULL CHECK (loan_purpose IN ('debt_consolidation','home_improvement','major_purchase','education','business_investment','emergency','other')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        annual_rate numeric(7,4) NOT NULL CHECK (annual_rate >= 0),
        term_months int NOT NULL CHECK (term_months BETWEEN 12 AND 360),
        monthly_payment_minor bigint NOT NULL CHECK (monthly_payment_minor > 0),
        total_interest_minor bigint NOT NULL CHECK (total_interest_minor >= 0),
        first_name varchar(50) NOT NULL,
        last_name varchar(50) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(20) NOT NULL,
        date_of_birth date NOT NULL,
        address varchar(200) NOT NULL,
        city varchar(80) NOT NULL,
        state varchar(80) NOT NULL,
        zip_code varchar(10) NOT NULL,
        employment_status varchar(20) NOT NULL,
        employer_name varchar(100) NOT NULL,
        job_title varchar(100) NOT NULL,
        annual_income_minor bigint NOT NULL CHECK (annual_income_minor >= 0),
        monthly_rent_minor bigint NOT NULL CHECK (monthly_rent_minor >= 0),
        down_payment_minor bigint NOT NULL CHECK (down_payment_minor >= 0),
        ssn_sealed text NOT NULL,
        ssn_last4 char(4) NOT NULL,
        status varchar(30) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending','under_review','awaiting_second_approval','approved','rejected')),
        status_reason varchar(500),
        disbursement_transaction_id uuid REFERENCES transactions(id),
        approved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT loans_approved_disbursed CHECK (status <> 'approved' OR (disbursement_transaction_id IS NOT NULL AND approved_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX loans_customer_idx ON loans (customer_id, created_at DESC)`);
    await q.query(`CREATE INDEX loans_status_idx ON loans (status, created_at DESC)`);

    await q.query(`
      CREATE TABLE loan_instalments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        loan_id uuid NOT NULL REFERENCES loans(id),
        number int NOT NULL CHECK (number >= 1),
        due_date date NOT NULL,
        principal_minor bigint NOT NULL CHECK (principal_minor >= 0),
        interest_minor bigint NOT NULL CHECK (interest_minor >= 0),
        status varchar(10) NOT NULL DEFAULT 'due' CHECK (status IN ('due','paid','missed')),
        attempts int NOT NULL DEFAULT 0,
        last_attempt_at timestamptz,
        paid_at timestamptz,
        transaction_id uuid REFERENCES transactions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (loan_id, number),
        CONSTRAINT loan_instalments_positive CHECK (principal_minor + interest_minor > 0),
        CONSTRAINT loan_instalments_paid CHECK ((status = 'paid') = (paid_at IS NOT NULL AND transaction_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX loan_instalments_open_idx ON loan_instalments (due_date, loan_id, number) WHERE status <> 'paid'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS loan_instalments, loans`);
  }
}
