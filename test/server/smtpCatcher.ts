// Test helper: a real SMTP server (smtp-server) on a free local port that parses every message it accepts
// (mailparser) and keeps it, to check what the app sends.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CaughtMail { to: string[]; messageId: string; subject: string; text: string; html: string; parsed: ParsedMail }

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** Waits until a mail matches (default 10 s); throws with what arrived otherwise. */
  waitFor(match: (m: CaughtMail) => boolean, ms?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      simpleParser(stream).then((parsed) => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address), messageId: parsed.messageId ?? '', subject: parsed.subject ?? '',
          text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '', parsed,
        });
        done();
      }, done);
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(match, ms = 10_000) {
      const t0 = Date.now();
      for (;;) {
        const m = mails.find(match);
        if (m) return m;
        if (Date.now() - t0 > ms) throw new Error(`no matching mail; received: ${JSON.stringify(mails.map((x) => [x.to, x.subject]))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
