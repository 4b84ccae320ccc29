import type { FastifyInstance } from 'fastify';
import { LOGIN_LOCK_MINUTES, MAX_CODE_ATTEMPTS } from '@strongroom/shared';
import { PinVerifier, pinPepperFrom } from '../../common/crypto';
import { rows } from '../../common/sql';
import type { PinHolder } from './transfers.queries';
import * as errors from './transfers.errors';

/**
 * The 4-digit transaction PIN that approves payments (and, in other products, reveals a card or pays early).
 * Wrong PINs are counted in their own committed statement, so rolling back the payment keeps the count.
 */
export class TransactionPin {
  private readonly verifier: PinVerifier;

  constructor(private readonly app: FastifyInstance) {
    this.verifier = new PinVerifier(pinPepperFrom(app.config.encryptionKey));
  }

  async check(holder: PinHolder, pin: string): Promise<void> {
    if (holder.pin_locked_until && new Date(holder.pin_locked_until).getTime() > Date.now()) throw errors.pinLocked();
    if (await this.verifier.verify(holder.id, holder.pin_hash, pin)) {
      if (holder.pin_failed_count > 0) await this.app.db.query(`UPDATE customers SET pin_failed_count = 0 WHERE id = $1`, [holder.id]);
      return;
    }
    const [row] = await rows<{ pin_failed_count: number }>(this.app.db, `UPDATE customers SET pin_failed_count = pin_failed_count + 1 WHERE id = $1 RETURNING pin_failed_count`, [holder.id]);
    if (row.pin_failed_count >= MAX_CODE_ATTEMPTS) {
      await this.app.db.query(`UPDATE customers SET pin_failed_count = 0, pin_locked_until = now() + make_interval(mins => $2) WHERE id = $1`, [holder.id, LOGIN_LOCK_MINUTES]);
      throw errors.pinLocked();
    }
    throw errors.wrongPin(MAX_CODE_ATTEMPTS - row.pin_failed_count);
  }

  /** Checks the PIN of a customer by id (products other than transfers). */
  async checkFor(customerId: string, pin: string): Promise<void> {
    const [holder] = await rows<PinHolder>(this.app.db, `SELECT id, pin_hash, pin_failed_count, pin_locked_until FROM customers WHERE id = $1`, [customerId]);
    if (!holder) throw errors.transferNotFound();
    await this.check(holder, pin);
  }
}
