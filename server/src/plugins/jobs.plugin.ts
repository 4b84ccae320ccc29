import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { Logger, run, runOnce, type Runner, type Task, type TaskList } from 'graphile-worker';
import { poolOf, type Queryable } from '../common/sql';
import { addJob, bringJobsForward, dueJobs } from './jobs.queries';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface EnqueueOptions {
  /** Not before this time (scheduled work); default now. */
  runAt?: Date;
  /** One pending job per key: enqueueing again replaces it (e.g. one collection run per loan). */
  jobKey?: string;
  maxAttempts?: number;
}

/**
 * Work after the answer, in PostgreSQL (graphile-worker): a job is added in the same transaction as the change
 * that causes it, so a crash between the answer and the work loses nothing, and failures are retried with
 * backoff. Every server process may run a worker; jobs are taken with SKIP LOCKED, so each runs once.
 */
export class Jobs {
  private readonly tasks: TaskList = {};
  private readonly cronLines: string[] = [];
  private runner: Runner | null = null;

  constructor(private readonly app: FastifyInstance) {}

  /** Registers what a task does; call while the app registers its routes. */
  define(task: string, handler: JobHandler): void {
    if (this.tasks[task]) throw new Error(`job task ${task} is defined twice`);
    const wrapped: Task = async (payload) => handler((payload ?? {}) as Record<string, unknown>);
    this.tasks[task] = wrapped;
  }

  /** A recurring job, in graphile-worker's crontab syntax, e.g. `0 6 * * * collect_loan_instalments`. */
  cron(line: string): void {
    this.cronLines.push(line);
  }

  /** Adds a job in the caller's transaction (`db` is its EntityManager, or the DataSource outside one). */
  async enqueue(db: Queryable, task: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<void> {
    if (!this.tasks[task]) throw new Error(`job task ${task} is not defined`);
    await addJob(db, task, payload, opts.runAt ? opts.runAt.toISOString() : null, opts.jobKey ?? null, opts.maxAttempts ?? null);
  }

  /**
   * Runs every job due by the app's clock now, until none is left (tests and scripts). Jobs scheduled up to
   * `app.clock.now()` are brought forward to the database's now, including retries waiting for their backoff.
   */
  async drain(): Promise<void> {
    const until = this.app.clock.now().toISOString();
    for (let round = 0; round < 20; round++) {
      await bringJobsForward(this.app.db, until);
      await runOnce({ pgPool: this.pool(), taskList: this.tasks, logger: this.logger(), noHandleSignals: true });
      if ((await dueJobs(this.app.db, Object.keys(this.tasks))) === 0) return;
    }
  }

  /** Starts the worker in this process (after the app is ready). */
  async start(): Promise<void> {
    this.runner = await run({ pgPool: this.pool(), taskList: this.tasks, crontab: this.cronLines.join('\n'), concurrency: 2, pollInterval: 2000, logger: this.logger(), noHandleSignals: true });
  }

  async stop(): Promise<void> {
    await this.runner?.stop();
    this.runner = null;
  }

  private pool(): Pool {
    return poolOf(this.app.db);
  }

  private logger(): Logger {
    const log = this.app.log;
    return new Logger(() => (level, message) => {
      if (level === 'error') log.error({ component: 'jobs' }, message);
      else if (level === 'warning') log.warn({ component: 'jobs' }, message);
      else log.debug({ component: 'jobs' }, message);
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export default fp(async function jobsPlugin(app: FastifyInstance) {
  const jobs = new Jobs(app);
  app.decorate('jobs', jobs);
  if (app.config.jobsWorker) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
});
