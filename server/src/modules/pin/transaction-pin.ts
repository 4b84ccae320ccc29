import type { FastifyInstance } from 'fastify';
import { PinVerifier, legacyPinPepperFrom } from '../../common/crypto';
import { AppError } from '../../common/app-error';
import { PinAttempts } from './pin-attempts';
import { pinHolder, replacePinHash, type PinHolder } from './pin.queries';

/**
 * The 4-digit transaction PIN that approves payments (and, in other products, reveals a card, pays early or
 * lifts a freeze). An attempt is reserved in the database before the PIN is verified (pin-attempts.ts):
 * however many requests race, at most five PINs are judged per lock period, and a locked customer is refused
 * whatever the PIN. Each statement commits on its own, so rolling back the payment keeps the count.
 * Callers judge everything else about the request first: a refusal for another reason costs no attempt.
 */
export class TransactionPin {
  private readonly verifier: PinVerifier;
  private readonly attempts: PinAttempts;

  constructor(private readonly app: FastifyInstance) {
    this.verifier = new PinVerifier(app.config.keys.pinPepper, undefined, {
      // A hash made before keys were derived per use matches once more, and is re-made with the current pepper.
      pepper: legacyPinPepperFrom(app.config.encryptionKey),
      upgrade: (customerId, oldHash, newHash) => replacePinHash(app.db, customerId, oldHash, newHash),
    });
    this.attempts = new PinAttempts(app.db);
  }

  async check(holder: Pick<PinHolder, 'id' | 'pin_hash'>, pin: string): Promise<void> {
    await this.attempts.check(holder.id, () => this.verifier.verify(holder.id, holder.pin_hash, pin));
  }

  /**
   * Checks the PIN of a payment whose read may have taken its attempt already (`taken`). A right PIN leaves
   * the attempts to the payment's booking (PostOptions.pinReset), or to `succeeded` when nothing is booked.
   */
  async checkTaken(holder: Pick<PinHolder, 'id' | 'pin_hash'>, pin: string, taken: boolean): Promise<void> {
    await this.attempts.verifyTaken(holder.id, taken, () => this.verifier.verify(holder.id, holder.pin_hash, pin));
  }

  /** An attempt taken for a request refused before its PIN was judged goes back. */
  async giveBack(customerId: string): Promise<void> {
    await this.attempts.giveBack(customerId);
  }

  /** After a right PIN whose payment was not booked (a refusal under the ledger's lock): the attempts start again. */
  async succeeded(customerId: string): Promise<void> {
    await this.attempts.succeeded(customerId);
  }

  /** Checks the PIN of a customer by id (products other than transfers). */
  async checkFor(customerId: string, pin: string): Promise<void> {
    const holder = await pinHolder(this.app.db, customerId);
    // The refusal payments have always given for a payer that is not there.
    if (!holder) throw new AppError(404, 'Transfer not found');
    await this.check(holder, pin);
  }
}
