import fp from 'fastify-plugin';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import { templates, type TemplateName } from '../modules/mail/mail.templates';

/** One-time codes, account numbers (any run of 4+ digits) and link tokens out of log lines. */
export function redactMailText(text: string): string {
  return text.replace(/\d{4,}/g, (m) => '*'.repeat(m.length)).replace(/([?&]token=)[^\s&]+/g, '$1[redacted]');
}

export interface SendMailInput<T extends TemplateName> {
  to: string;
  template: T;
  data: Parameters<(typeof templates)[T]>[0];
  customerId?: string | null;
}

/**
 * With SMTP_URL: nodemailer over SMTP. Without it (the embedded default), nodemailer still builds the
 * message and we write it as an .eml under DATA_DIR/mail, like Django's file e-mail backend.
 * Every message is recorded in the outbox table first, so staff and tests can read it.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly fileBackend: boolean;
  private readonly mailDir: string;

  constructor(private readonly app: FastifyInstance) {
    this.fileBackend = !app.config.smtpUrl;
    this.mailDir = join(app.config.dataDir, 'mail');
    this.transport = this.fileBackend
      ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
      : nodemailer.createTransport(app.config.smtpUrl);
    // Messages hold codes and reset links: readable by the server's user only.
    if (this.fileBackend) mkdirSync(this.mailDir, { recursive: true, mode: 0o700 });
  }

  /** Call after the caller's transaction has committed, so no mail leaves for a change that rolled back. */
  async send<T extends TemplateName>(input: SendMailInput<T>): Promise<string> {
    const rendered = (templates[input.template] as (d: unknown) => { subject: string; text: string })(input.data);
    const [row]: { id: string }[] = await this.app.db.query(
      `INSERT INTO outbox (to_address, subject, template, body_text, status, customer_id) VALUES ($1,$2,$3,$4,'queued',$5) RETURNING id`,
      [input.to, rendered.subject, input.template, rendered.text, input.customerId ?? null],
    );
    // Without SMTP the log shows what went out (DECISIONS 'E-mail'), with codes and reset tokens blanked.
    this.app.log.info(
      { mailId: row.id, to: input.to, template: input.template, subject: rendered.subject, ...(this.fileBackend ? { body: redactMailText(rendered.text) } : {}) },
      'mail queued',
    );
    try {
      const info = await this.transport.sendMail({ from: this.app.config.mailFrom, to: input.to, subject: rendered.subject, text: rendered.text });
      if (this.fileBackend) {
        const file = join(this.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`);
        writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      }
      await this.app.db.query(`UPDATE outbox SET status = $2, sent_at = now() WHERE id = $1`, [row.id, this.fileBackend ? 'written' : 'sent']);
    } catch (err) {
      this.app.log.error({ mailId: row.id, err: (err as Error).message }, 'mail delivery failed');
      await this.app.db.query(`UPDATE outbox SET status = 'failed', error = $2 WHERE id = $1`, [row.id, (err as Error).message.slice(0, 500)]).catch(() => undefined);
    }
    return row.id;
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
