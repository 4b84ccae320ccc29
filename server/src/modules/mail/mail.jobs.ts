import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../common/sql';
import type { SendMailInput, TemplateName } from './mail.templates';

export const SEND_MAIL_TASK = 'send_mail';

/**
 * Mail caused by a change, added to the job queue in the change's own transaction: if the change commits the
 * mail goes out (retried until it does), if it rolls back nothing is sent, and a crash in between loses nothing.
 */
export async function enqueueMail<T extends TemplateName>(app: FastifyInstance, db: Queryable, input: SendMailInput<T>): Promise<void> {
  const rendered = app.mailer.render(input.template, input.data);
  const outboxId = await app.mailer.record(db, input.to, input.template, rendered, input.customerId ?? null);
  await app.jobs.enqueue(db, SEND_MAIL_TASK, { outboxId, to: input.to, template: input.template, subject: rendered.subject, text: rendered.text });
}

export function defineMailJobs(app: FastifyInstance): void {
  app.jobs.define(SEND_MAIL_TASK, async (payload) => {
    await app.mailer.deliver(payload as Parameters<typeof app.mailer.deliver>[0]);
  });
}
