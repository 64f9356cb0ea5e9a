// The sender of private.mail_outbox: claims due rows, marks each 'sending' just before the SMTP handoff, then
// 'sent'; a refusal or an unreachable server is 'failed' (retried after a backoff by the database). The guarantee
// (docs/operations.md#e-mail): a message is handed to SMTP at most once — a crash after 'sending' leaves the row
// unsent for an operator rather than risk a second copy — and a crash before it loses nothing (the claim expires
// and the row is sent later). Every message carries a Message-ID made from its row, the same on every attempt.
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/types';
import { fromDomain } from './config';

export interface OutboxRow {
  id: string; to_email: string; subject: string; text_body: string; html_body: string; kind: string;
  dedupe_key: string; claim_token: string; attempts: number;
}

export interface SendOptions {
  from: string;
  batch?: number;
  /** How long a claim holds before another sender may take the row (a sender that died before 'sending'). */
  leaseSeconds?: number;
  /** Test hooks to stop the process at a precise step. */
  afterClaim?(row: OutboxRow): void | Promise<void>;
  afterHandoff?(row: OutboxRow): void | Promise<void>;
}

export interface SendResult { sent: number; failed: number; skipped: number }

export const messageId = (row: Pick<OutboxRow, 'id'>, from: string) => `<outbox-${row.id}@${fromDomain(from)}>`;

/** Sends the due rows once; returns what happened. */
export async function sendDueMail(db: Database, transport: Pick<Transporter, 'sendMail'>, opts: SendOptions): Promise<SendResult> {
  const rows = (await db.admin.query<OutboxRow>(
    'select * from private.mail_claim($1, make_interval(secs => $2))', [opts.batch ?? 20, opts.leaseSeconds ?? 300])).rows;
  const result: SendResult = { sent: 0, failed: 0, skipped: 0 };
  for (const row of rows) {
    await opts.afterClaim?.(row);
    const mine = (await db.admin.query<{ ok: boolean }>('select private.mail_sending($1, $2) as ok', [row.id, row.claim_token])).rows[0].ok;
    if (!mine) { result.skipped++; continue; }
    try {
      await transport.sendMail({
        from: opts.from, to: row.to_email, subject: row.subject, text: row.text_body, html: row.html_body,
        messageId: messageId(row, opts.from), headers: { 'X-Rail-Kind': row.kind },
      });
    } catch (e) {
      await db.admin.query('select private.mail_failed($1, $2, $3)', [row.id, row.claim_token, e instanceof Error ? e.message : String(e)]);
      result.failed++;
      continue;
    }
    await opts.afterHandoff?.(row);
    await db.admin.query('select private.mail_sent($1, $2)', [row.id, row.claim_token]);
    result.sent++;
  }
  return result;
}
