// Supabase Edge Function (Deno) 'send-mail': the e-mail sender of a real Supabase project, the same protocol as the
// embedded server's (server/mail/outbox.ts) over the same SQL (private.mail_claim → mail_sending → SMTP → mail_sent
// | mail_failed), so both send the same messages with the same guarantee (docs/operations.md#e-mail). Called every
// minute by pg_cron through pg_net with the service role key; it also removes the stored files queued in
// private.storage_removals through the Storage API. Secrets: SMTP_URL, MAIL_FROM (SUPABASE_DB_URL, SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY are provided by Supabase). Supabase blocks outgoing ports 25 and 587: use SMTP over
// TLS on port 465 (smtps://).
import postgres from 'npm:postgres@3.4.5';
import nodemailer from 'npm:nodemailer@7.0.10';
import { createClient } from 'npm:@supabase/supabase-js@2';

const sql = postgres(Deno.env.get('SUPABASE_DB_URL')!, { max: 1, prepare: false });
const from = Deno.env.get('MAIL_FROM') ?? 'Signalements ferroviaires <no-reply@rail.local>';
const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? 'rail.local';
const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!;

interface Row { id: string; to_email: string; subject: string; text_body: string; html_body: string; kind: string; claim_token: string }

async function sendOutbox(): Promise<{ sent: number; failed: number }> {
  const smtpUrl = Deno.env.get('SMTP_URL');
  if (!smtpUrl) return { sent: 0, failed: 0 };
  const transport = nodemailer.createTransport(smtpUrl);
  let sent = 0, failed = 0;
  // At most 50 s of work per call (the next call continues).
  const until = Date.now() + 50_000;
  while (Date.now() < until) {
    const rows = await sql<Row[]>`select * from private.mail_claim(20, interval '5 minutes')`;
    if (rows.length === 0) break;
    for (const row of rows) {
      const [{ ok }] = await sql`select private.mail_sending(${row.id}, ${row.claim_token}) as ok`;
      if (!ok) continue;
      try {
        await transport.sendMail({
          from, to: row.to_email, subject: row.subject, text: row.text_body, html: row.html_body,
          messageId: `<outbox-${row.id}@${domain}>`, headers: { 'X-Rail-Kind': row.kind },
        });
      } catch (e) {
        await sql`select private.mail_failed(${row.id}, ${row.claim_token}, ${String(e instanceof Error ? e.message : e)})`;
        failed++;
        continue;
      }
      await sql`select private.mail_sent(${row.id}, ${row.claim_token})`;
      sent++;
    }
  }
  transport.close();
  return { sent, failed };
}

async function removeQueuedFiles(): Promise<number> {
  const storage = createClient(Deno.env.get('SUPABASE_URL')!, serviceKey, { auth: { persistSession: false } }).storage;
  const rows = await sql<{ id: string; bucket_id: string; name: string }[]>`
    select id, bucket_id, name from private.storage_removals where done_at is null and attempts < 10 order by id limit 100`;
  let done = 0;
  for (const r of rows) {
    const { error } = await storage.from(r.bucket_id).remove([r.name]);
    if (error) await sql`update private.storage_removals set attempts = attempts + 1, last_error = ${error.message} where id = ${r.id}`;
    else { await sql`update private.storage_removals set done_at = now(), attempts = attempts + 1 where id = ${r.id}`; done++; }
  }
  return done;
}

Deno.serve(async (req) => {
  if (req.headers.get('Authorization') !== `Bearer ${serviceKey}`) return new Response('Forbidden', { status: 403 });
  const mail = await sendOutbox();
  const files = await removeQueuedFiles();
  return Response.json({ ...mail, files });
});
