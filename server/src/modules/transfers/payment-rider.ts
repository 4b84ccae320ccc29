import type { FastifyInstance } from 'fastify';
import { MAX_CODE_ATTEMPTS } from '@strongroom/shared';
import { FULL_BATCH } from '../../common/next-turn';
import type { SessionRider } from '../auth';
import { PinAttempts } from '../pin';
import { partiesFromJson, sameBankPaymentRiderSql, type SameBankParties } from './transfers.queries';

/**
 * What a same-bank payment's rider answers: both parties (sameBankPartiesOf, as one JSON value; null when they were not
 * read) and whether the sender's PIN attempt was taken.
 */
export interface PaymentRiderAnswer {
  parties: Record<string, unknown> | null;
  pinReserved: boolean;
}

/** The parties a rider's answer carries, as the payment uses them; undefined when they were not read. */
export const partiesOfAnswer = (answer: PaymentRiderAnswer): SameBankParties | undefined => (answer.parties ? partiesFromJson(answer.parties, answer.pinReserved) : undefined);

/**
 * A same-bank payment's read beside its session check (docs/performance.md#payment-parties-read-in-the-session-check): both parties, and the sender's PIN attempt
 * taken when the request will reach its PIN, in the check's own statement. Paced (PAYMENT_CHECK_CYCLE_MS,
 * docs/performance.md#payment-lanes-paced-cycles): below the peak, each of these statements (a write and a commit) carried one payment; waiting up
 * to a cycle for others, unless a full batch (FULL_BATCH) already waits, shares it. Only payments wait: every other
 * request's check goes at the next turn.
 */
export function sameBankPaymentRider(app: FastifyInstance): SessionRider<PaymentRiderAnswer> {
  return {
    statement: 'sessions-customer-payment',
    with: sameBankPaymentRiderSql.with,
    columns: sameBankPaymentRiderSql.columns,
    params: [MAX_CODE_ATTEMPTS],
    map: (row) => ({ parties: (row.parties as Record<string, unknown> | null) ?? null, pinReserved: row.pin_reserved === true }),
    // A request refused after the statement gives back the attempt taken for it.
    refused: async (answer, subjectId) => {
      if (answer.pinReserved) await new PinAttempts(app.db).giveBack(subjectId);
    },
    pacing: { minCycleMs: app.config.paymentCheckCycleMs, fullBatch: FULL_BATCH },
  };
}
