import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../common/sql';

export interface QueueEntry {
  /** The console resource that lists it, e.g. 'cheques'. */
  resource: string;
  label: string;
  /** One row, one column `count`: items waiting for a staff decision (first or second approval). */
  pendingCountSql: string;
}

/** Every queue of the staff review queue, so the console's dashboard can count what waits in each. */
export class ReviewQueues {
  private readonly entries: QueueEntry[] = [];

  constructor(private readonly app: FastifyInstance) {}

  add(entry: QueueEntry): void {
    this.entries.push(entry);
  }

  async counts(): Promise<{ resource: string; label: string; pending: number }[]> {
    return Promise.all(
      this.entries.map(async (entry) => {
        const [row] = await rows<{ count: string }>(this.app.db, entry.pendingCountSql);
        return { resource: entry.resource, label: entry.label, pending: Number(row?.count ?? 0) };
      }),
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewQueues: ReviewQueues;
  }
}

export default fp(async function reviewQueuesPlugin(app: FastifyInstance) {
  app.decorate('reviewQueues', new ReviewQueues(app));
});
