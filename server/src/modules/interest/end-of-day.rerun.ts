import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../common/actor';
import { conflict, notFound } from '../../common/app-error';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { runLoggedDate } from './end-of-day.catch-up';
import { tryEndOfDayLock } from './end-of-day.lock';
import { findRunWithTotals } from './end-of-day.queries';
import type { MatureDeposit } from './end-of-day.service';
import { toRunView, type EndOfDayRunView } from './end-of-day.views';

export const RUN_NOT_FOUND = 'End-of-day run not found';

/**
 * An admin runs a failed business date again now (audited), instead of waiting for the job's next run, which would
 * try it too. The run goes on in the background under the end of day's lock, taken here so the answer can say
 * whether it started: refused while the end of day is running (the job will come to the date itself), or if the
 * date's run is not a failed one. Answers the run as it was; the console reads it again to follow it.
 */
export async function rerunFailedDate(app: FastifyInstance, businessDate: string, actor: Actor, matureDeposit?: MatureDeposit): Promise<EndOfDayRunView> {
  const lock = await tryEndOfDayLock(app.db);
  if (!lock) throw conflict('The end of day is running now; it runs a failed date again itself once it has finished');
  let run;
  try {
    run = await findRunWithTotals(app.db, businessDate);
    if (!run) throw notFound(RUN_NOT_FOUND);
    if (run.status !== 'failed') throw conflict(`Only a failed run can be run again; the run of ${businessDate} is ${run.status}`);
    const { attempts, error } = run;
    await withTransaction(app.db, (m) => recordAudit(m, actor, { action: 'end_of_day.rerun', targetType: 'end_of_day_run', targetId: businessDate, details: { attempts, error } }));
  } catch (err) {
    await lock.release();
    throw err;
  }
  const zone = run.time_zone;
  app.background.run(`end-of-day rerun of ${businessDate}`, async () => {
    try {
      await runLoggedDate(app.db, { businessDate, zone, matureDeposit }, app.log);
    } finally {
      await lock.release();
    }
  });
  return toRunView(run);
}
