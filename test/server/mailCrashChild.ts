// Test helper, run as its own process by server/mail/crash.test.ts: opens the database (a PGlite folder or a
// PostgreSQL URL), runs the outbox sender against the SMTP server, and kills itself with SIGKILL at the step named:
// 'after-claim' (claimed, nothing handed to SMTP) or 'after-handoff' (the first message accepted by SMTP, not yet
// marked sent).
import nodemailer from 'nodemailer';
import { openDatabase } from '../../server/db/open';
import { sendDueMail } from '../../server/mail/outbox';

const [where, smtpUrl, step] = process.argv.slice(2);
const db = await openDatabase(where.startsWith('postgres') ? { databaseUrl: where } : { dataDir: where });
const die = () => { process.kill(process.pid, 'SIGKILL'); return new Promise<void>(() => {}); };
await sendDueMail(db, nodemailer.createTransport(smtpUrl), {
  from: 'Signalements <no-reply@rail.example.org>',
  afterClaim: step === 'after-claim' ? die : undefined,
  afterHandoff: step === 'after-handoff' ? die : undefined,
});
process.exit(3); // never reached: the step kills the process first
