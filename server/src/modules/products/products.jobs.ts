import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../common/sql';
import { withTransaction } from '../../db/transaction';
import { enqueueMail } from '../mail';
import { affectedCustomers, findRateChange } from './products.queries';
import { scheduleWords, toTierDtos } from './products.dto';

export const RATE_CHANGE_NOTICES_TASK = 'send_rate_change_notices';
/** Customers told per job: one short transaction each, however many hold the product. */
export const NOTICE_BATCH = 500;

/**
 * A rate change's e-mails leave through the job queue, not the request: the change enqueues one job, and each run of
 * it mails the next batch of affected customers (outbox rows and their send jobs) and enqueues the job for the batch
 * after it, in one transaction. A failed batch rolls back whole and is retried, so nobody is mailed twice or
 * skipped, and the admin's request stays short whether ten customers hold the product or a million.
 */
export async function enqueueRateChangeNotices(app: FastifyInstance, db: Queryable, changeId: string, after: string | null = null, batch = NOTICE_BATCH): Promise<void> {
  await app.jobs.enqueue(db, RATE_CHANGE_NOTICES_TASK, { changeId, after, batch });
}

async function sendNoticeBatch(app: FastifyInstance, changeId: string, after: string | null, batch: number): Promise<void> {
  await withTransaction(app.db, async (m) => {
    const change = await findRateChange(m, changeId);
    if (!change) return;
    const recipients = await affectedCustomers(m, { product: change.product, termMonths: change.term_months }, after, batch);
    const deposit = change.product === 'fixed_deposit';
    const product = deposit ? `${change.term_months}-month term deposit` : 'savings account';
    const data = {
      product,
      effectiveFrom: change.effective_from,
      oldRates: change.previous_tiers ? scheduleWords(toTierDtos(change.previous_tiers)) : 'no rate set',
      newRates: scheduleWords(toTierDtos(change.tiers)),
      renewal: deposit,
    };
    for (const r of recipients) await enqueueMail(app, m, { to: r.email, template: 'rateChange', customerId: r.customer_id, data: { firstName: r.first_name, ...data } });
    if (recipients.length === batch) await enqueueRateChangeNotices(app, m, changeId, recipients[recipients.length - 1].customer_id, batch);
  });
}

export function defineProductJobs(app: FastifyInstance): void {
  app.jobs.define(RATE_CHANGE_NOTICES_TASK, (payload) =>
    sendNoticeBatch(app, String(payload.changeId), payload.after ? String(payload.after) : null, Number(payload.batch) > 0 ? Number(payload.batch) : NOTICE_BATCH),
  );
}
