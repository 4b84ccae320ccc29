import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Standing orders (docs/decisions/0053): a local transfer the customer authenticated once, repeated weekly or
 * monthly. Each payment is a transfer row of its own, made on its date by a job; one per order and date.
 */
export class StandingOrders1760003100000 implements MigrationInterface {
  name = 'StandingOrders1760003100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE transfers
        ADD COLUMN IF NOT EXISTS repeat_frequency varchar(10) CHECK (repeat_frequency IN ('weekly','monthly')),
        ADD COLUMN IF NOT EXISTS repeat_until date,
        ADD COLUMN IF NOT EXISTS time_zone varchar(64),
        ADD CONSTRAINT transfers_repeat_local CHECK (repeat_frequency IS NULL OR kind = 'transfer_local'),
        ADD CONSTRAINT transfers_repeat_until_needs_frequency CHECK (repeat_until IS NULL OR repeat_frequency IS NOT NULL)`);
    await q.query(`
      CREATE TABLE standing_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id),
        first_transfer_id uuid NOT NULL UNIQUE REFERENCES transfers(id),
        status varchar(12) NOT NULL DEFAULT 'active' CHECK (status IN ('active','cancelled','ended','stopped')),
        frequency varchar(10) NOT NULL CHECK (frequency IN ('weekly','monthly')),
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        payee jsonb NOT NULL,
        binding_hash char(64) NOT NULL,
        time_zone varchar(64) NOT NULL,
        first_on date NOT NULL,
        until_on date CHECK (until_on IS NULL OR until_on > first_on),
        next_on date,
        next_index int NOT NULL DEFAULT 1 CHECK (next_index >= 1),
        failed_in_a_row int NOT NULL DEFAULT 0 CHECK (failed_in_a_row >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'active') = (next_on IS NOT NULL)),
        CHECK (next_on IS NULL OR next_on > first_on)
      )`);
    await q.query(`CREATE INDEX standing_orders_customer_idx ON standing_orders (customer_id, created_at DESC)`);
    await q.query(`ALTER TABLE transfers ADD COLUMN IF NOT EXISTS standing_order_id uuid REFERENCES standing_orders(id)`);
    // A payment of an order is made once for its date, whatever a job retried.
    await q.query(`CREATE UNIQUE INDEX transfers_standing_order_day_idx ON transfers (standing_order_id, execute_on) WHERE standing_order_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS transfers_standing_order_day_idx`);
    await q.query(`ALTER TABLE transfers DROP COLUMN IF EXISTS standing_order_id`);
    await q.query(`DROP TABLE IF EXISTS standing_orders`);
    await q.query(`ALTER TABLE transfers DROP CONSTRAINT IF EXISTS transfers_repeat_until_needs_frequency, DROP CONSTRAINT IF EXISTS transfers_repeat_local`);
    await q.query(`ALTER TABLE transfers DROP COLUMN IF EXISTS time_zone, DROP COLUMN IF EXISTS repeat_until, DROP COLUMN IF EXISTS repeat_frequency`);
  }
}
