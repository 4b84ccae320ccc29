import fp from 'fastify-plugin';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import { templates, type SendMailInput, type TemplateName } from '../modules/mail';
import type { Queryable } from '../common/sql';
import { insertOutboxMessage, markOutboxDelivered, markOutboxFailed } from './mail.queries';

/** One-time codes (4-8 digits) and link tokens: what the staff outbox must not show. */
export function redactMailText(text: string): string {
  return text.replace(/\b\d{4,8}\b/g, (m) => '*'.repeat(m.length)).replace(/([?&]token=)[^\s&]+/g, '$1[redacted]');
}

/** For log lines: the outbox redaction, and account numbers too (any run of 4 or more digits). */
export function redactMailLogText(text: string): string {
  return redactMailText(text).replace(/\d{4,}/g, (m) => '*'.repeat(m.length));
}

/**
 * With SMTP_URL: nodemailer over SMTP. Without it (the embedded default), nodemailer still builds the
 * message and we write it as an .eml under DATA_DIR/mail, like Django's file e-mail backend.
 * Every message is recorded in the outbox table first, so staff and tests can read it.
 */
export class Mailer {
  private transport: Transporter;
  private readonly fileBackend: boolean;
  private readonly mailDir: string;

  constructor(private readonly app: FastifyInstance) {
    this.fileBackend = !app.config.smtpUrl;
    this.mailDir = join(app.config.dataDir, 'mail');
    this.transport = this.fileBackend ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }) : nodemailer.createTransport(app.config.smtpUrl);
    // Messages hold codes and reset links: readable by the server's user only.
    if (this.fileBackend) mkdirSync(this.mailDir, { recursive: true, mode: 0o700 });
  }

  /** Subject and text of a template: the recipient's copy, whole. */
  render<T extends TemplateName>(template: T, data: SendMailInput<T>['data']): { subject: string; text: string } {
    return (templates[template] as (d: unknown) => { subject: string; text: string })(data);
  }

  /**
   * Records the message in the outbox and sends it now. Call after the caller's transaction has committed, so no
   * mail leaves for a change that rolled back; work that must survive a crash uses `enqueueMail` (mail.jobs.ts).
   */
  async send<T extends TemplateName>(input: SendMailInput<T>): Promise<string> {
    const rendered = this.render(input.template, input.data);
    const id = await this.record(this.app.db, input.to, input.template, rendered, input.customerId ?? null);
    await this.deliver({ outboxId: id, to: input.to, template: input.template, subject: rendered.subject, text: rendered.text }).catch(() => undefined);
    return id;
  }

  /**
   * The outbox row staff read in the console: every code, token and link redacted (docs/decisions/0005-mail.md);
   * only the recipient's copy (SMTP or .eml) is whole.
   */
  async record(db: Queryable, to: string, template: TemplateName, rendered: { subject: string; text: string }, customerId: string | null): Promise<string> {
    return insertOutboxMessage(db, { to, subject: rendered.subject, template, redactedText: redactMailText(rendered.text), customerId });
  }

  /** Sends one recorded message; a failure is noted on the outbox row and thrown, so a job retries it. */
  async deliver(message: { outboxId: string; to: string; template: TemplateName; subject: string; text: string }): Promise<void> {
    // The log names the template and recipient only; with the file backend it shows the redacted body too.
    this.app.log.info(
      { mailId: message.outboxId, to: message.to, template: message.template, subject: message.subject, ...(this.fileBackend ? { body: redactMailLogText(message.text) } : {}) },
      'mail queued',
    );
    try {
      const info = await this.transport.sendMail({ from: this.app.config.mailFrom, to: message.to, subject: message.subject, text: message.text });
      if (this.fileBackend) {
        const file = join(this.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.outboxId}.eml`);
        writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      }
      await markOutboxDelivered(this.app.db, message.outboxId, this.fileBackend ? 'written' : 'sent');
    } catch (err) {
      this.app.log.error({ mailId: message.outboxId, err: (err as Error).message }, 'mail delivery failed');
      await markOutboxFailed(this.app.db, message.outboxId, (err as Error).message.slice(0, 500)).catch(() => undefined);
      throw err;
    }
  }

  /** Tests replace the transport to make delivery fail. */
  useTransport(transport: Transporter): void {
    this.transport = transport;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(async function mailPlugin(app: FastifyInstance) {
  app.decorate('mailer', new Mailer(app));
});
