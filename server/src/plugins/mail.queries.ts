import type { Queryable } from '../common/sql';

/** A message's outbox row (its body already redacted), queued. */
export async function insertOutboxMessage(db: Queryable, m: { to: string; subject: string; template: string; redactedText: string; customerId: string | null }): Promise<string> {
  const [row]: { id: string }[] = await db.query(`INSERT INTO outbox (to_address, subject, template, body_text, status, customer_id) VALUES ($1,$2,$3,$4,'queued',$5) RETURNING id`, [
    m.to,
    m.subject,
    m.template,
    m.redactedText,
    m.customerId,
  ]);
  return row.id;
}

/** Delivered: `status` is 'sent', or 'written' for the file backend. */
export async function markOutboxDelivered(db: Queryable, outboxId: string, status: 'sent' | 'written'): Promise<void> {
  await db.query(`UPDATE outbox SET status = $2, sent_at = now(), error = NULL WHERE id = $1`, [outboxId, status]);
}

export async function markOutboxFailed(db: Queryable, outboxId: string, error: string): Promise<void> {
  await db.query(`UPDATE outbox SET status = 'failed', error = $2 WHERE id = $1`, [outboxId, error]);
}
