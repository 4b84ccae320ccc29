import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../common/actor';
import { verifySecret } from '../../common/crypto';
import type { Queryable } from '../../common/sql';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { enqueueMail } from '../mail';
import { TransactionPin } from '../pin';
import * as errors from './freeze.errors';
import { freezeHolder, liftFreeze, setFrozen, type FreezeHolder } from './freeze.queries';

/**
 * 'Freeze everything': one step for a customer who lost their phone or fears fraud. While it is on, every card
 * declines and no payment leaves the account; money still comes in. Undone only with both the password and the
 * PIN, or by staff. Kept as customers.frozen_at, which the card network and every outbound payment read.
 */

async function lockCustomer(db: Queryable, customerId: string): Promise<FreezeHolder> {
  const row = await freezeHolder(db, customerId, true);
  if (!row) throw errors.customerNotFound();
  return row;
}

export class FreezeService {
  /** The payments' PIN check: a wrong PIN here counts towards the same lockout. */
  private readonly pin: TransactionPin;

  constructor(private readonly app: FastifyInstance) {
    this.pin = new TransactionPin(app);
  }

  /** Turns it on (again: a no-op that answers the same). */
  async freeze(customerId: string, actor: Actor): Promise<{ frozenAt: string; message: string }> {
    return withTransaction(this.app.db, async (m) => {
      const c = await lockCustomer(m, customerId);
      if (c.frozen_at) return { frozenAt: c.frozen_at.toISOString(), message: 'Everything is already frozen' };
      const frozen_at = await setFrozen(m, customerId, this.app.clock.now());
      await recordAudit(m, actor, { action: 'account.freeze', targetType: 'customer', targetId: customerId });
      await enqueueMail(this.app, m, {
        to: c.email,
        template: 'securityNotice',
        data: {
          firstName: c.first_name,
          line: 'You froze everything: your cards decline every payment and no money can leave your account. Money sent to you still arrives. To undo it, choose Unfreeze in the app and enter your password and PIN.',
        },
        customerId,
      });
      return { frozenAt: frozen_at.toISOString(), message: 'Everything is frozen: your cards and outgoing payments are stopped' };
    });
  }

  /** The customer turns it off with both secrets; a wrong PIN counts towards the payments' lockout. */
  async unfreeze(customerId: string, input: { password: string; pin: string }, actor: Actor): Promise<{ message: string }> {
    const c = await freezeHolder(this.app.db, customerId, false);
    if (!c) throw errors.customerNotFound();
    if (!(await verifySecret(c.password_hash, input.password))) throw errors.wrongPassword();
    // Nothing to lift is said before the PIN is judged: a refusal for another reason costs no attempt.
    if (!c.frozen_at) throw errors.notFrozen();
    await this.pin.checkFor(customerId, input.pin);
    return this.lift(customerId, actor, 'account.unfreeze');
  }

  /** Staff lift it for a customer who cannot (e.g. a new phone and a forgotten PIN), after their own checks. */
  async staffUnfreeze(customerId: string, actor: Actor, reason?: string): Promise<{ message: string }> {
    return this.lift(customerId, actor, 'account.staff_unfreeze', reason);
  }

  private async lift(customerId: string, actor: Actor, action: string, reason?: string): Promise<{ message: string }> {
    return withTransaction(this.app.db, async (m) => {
      const c = await lockCustomer(m, customerId);
      if (!c.frozen_at) throw errors.notFrozen();
      await liftFreeze(m, customerId);
      await recordAudit(m, actor, { action, targetType: 'customer', targetId: customerId, reason: reason ?? null });
      await enqueueMail(this.app, m, {
        to: c.email,
        template: 'securityNotice',
        data: { firstName: c.first_name, line: 'Your account is unfrozen: your cards and outgoing payments work again.' },
        customerId,
      });
      return { message: 'Your account is unfrozen' };
    });
  }
}
