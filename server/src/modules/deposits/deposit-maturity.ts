import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { addMonthsIso, formatMoney, minorToDecimal } from '@strongroom/shared';
import { SYSTEM_ACTOR } from '../../common/actor';
import { addDays } from '../../common/business-date';
import { withTransaction } from '../../db/transaction';
import { enqueueMail } from '../mail';
import { payInterestIn, payOut } from './deposit-payout';
import { rateText } from './deposit-views';
import * as queries from './deposits.queries';

/**
 * Pays out or renews one term deposit that matures by the end of `businessDate` (its maturity date is at most the
 * next day: the last day it earns is the day before), in a transaction of its own, for the end of day's run
 * (modules/interest, runBusinessDate's `matureDeposit`). Idempotent: a deposit that is not active, or not due yet,
 * is left as it is and answers false.
 *
 * Not renewing, the principal and all the interest accrued go to the source account (or, if it closed, an open
 * account of the owner in the currency) and the deposit's account closes. Renewing, the interest is added to the
 * deposit and the same term starts again on the maturity date at the rate in force that day. Either journal is dated
 * (valueDate) on the maturity date, so a run that caught up late counts it from that day.
 */
export async function matureDeposit(app: FastifyInstance, accountId: string, businessDate: string): Promise<boolean> {
  return withTransaction(app.db, async (m) => {
    const deposit = await queries.depositById(m, accountId, true);
    if (!deposit || deposit.status !== 'active' || deposit.maturity_date > addDays(businessDate, 1)) return false;
    const interestMinor = await queries.endAccrual(m, accountId, '0', deposit.renew);
    if (deposit.renew) await renew(app, m, deposit, interestMinor);
    else await payAtMaturity(app, m, deposit, interestMinor);
    return true;
  });
}

async function payAtMaturity(app: FastifyInstance, m: EntityManager, deposit: queries.DepositRow, interestMinor: bigint): Promise<void> {
  const payout = await payOut(m, deposit, { status: 'matured', interestMinor, forfeitedMinor: 0n, valueDate: deposit.maturity_date, actor: SYSTEM_ACTOR });
  const money = (minor: bigint) => formatMoney(minorToDecimal(minor, deposit.currency), deposit.currency);
  const contact = await queries.ownerContact(m, deposit.customer_id);
  await enqueueMail(app, m, {
    to: contact.email,
    template: 'depositMatured',
    data: {
      firstName: contact.first_name,
      name: deposit.name,
      principal: money(payout.principalMinor),
      interest: money(interestMinor),
      total: money(payout.principalMinor + interestMinor),
      paidTo: `${payout.to.name} (${payout.to.number})`,
    },
    customerId: deposit.customer_id,
  });
}

async function renew(app: FastifyInstance, m: EntityManager, deposit: queries.DepositRow, interestMinor: bigint): Promise<void> {
  await payInterestIn(m, deposit, interestMinor, deposit.maturity_date);
  const startDate = deposit.maturity_date;
  const maturityDate = addMonthsIso(startDate, deposit.term_months);
  // The term's rate in force on the maturity date; the old one if the bank no longer offers the term.
  const ratePercent = (await queries.termFigures(m, deposit.term_months, startDate)).rate_percent ?? deposit.rate_percent;
  await queries.renewDeposit(m, deposit.account_id, { interestMinor, ratePercent, startDate, maturityDate });
  const principalMinor = BigInt(deposit.principal_minor) + interestMinor;
  const money = (minor: bigint) => formatMoney(minorToDecimal(minor, deposit.currency), deposit.currency);
  const contact = await queries.ownerContact(m, deposit.customer_id);
  await enqueueMail(app, m, {
    to: contact.email,
    template: 'depositRenewed',
    data: { firstName: contact.first_name, name: deposit.name, interest: money(interestMinor), principal: money(principalMinor), rate: rateText(ratePercent), maturityDate },
    customerId: deposit.customer_id,
  });
}
