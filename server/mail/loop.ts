// The embedded server's follow-up loop: every minute the deadline warnings and daily digests
// (private.deadline_sweep, private.digest_sweep) and the queued file removals; every few seconds, when SMTP is
// configured, the e-mail outbox (outbox.ts). At start it records in private.mail_config whether e-mail is on and
// the site links open, which the SQL rendering and the admin panel (public.mail_status) read.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/types';
import type { MailOptions } from './config';
import { sendDueMail, type SendOptions } from './outbox';
import { removeQueuedFiles } from './storageRemovals';

export interface MailLoopOptions {
  db: Database;
  mail?: MailOptions;
  siteUrl: string;
  storageRoot: string;
  /** Outbox polling period; default 5 s. */
  sendEveryMs?: number;
  /** Sweeps period; default 60 s. */
  sweepEveryMs?: number;
  send?: Partial<SendOptions>;
  onError?(e: unknown): void;
}

export interface MailLoop {
  /** Runs one sweep and one send now (tests, and the first run at start). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export async function configureMail(db: Database, enabled: boolean, siteUrl: string): Promise<void> {
  const site = /^https?:\/\/\S+$/.test(siteUrl) ? siteUrl.replace(/\/+$/, '') : '';
  await db.admin.query('update private.mail_config set enabled = $1, site_url = $2, updated_at = now()', [enabled, site]);
}

export async function startMailLoop(o: MailLoopOptions): Promise<MailLoop> {
  await configureMail(o.db, !!o.mail, o.siteUrl);
  const transport: Transporter | null = o.mail ? nodemailer.createTransport(o.mail.smtpUrl) : null;
  const onError = o.onError ?? ((e: unknown) => console.error('mail loop:', e));
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const sweep = async () => {
    await o.db.admin.query('select private.deadline_sweep()');
    await o.db.admin.query('select private.digest_sweep()');
    await removeQueuedFiles(o.db, o.storageRoot);
  };
  const send = async () => {
    if (!transport || !o.mail) return;
    // Until the outbox is empty of due rows (a batch at a time).
    for (;;) {
      const r = await sendDueMail(o.db, transport, { from: o.mail.from, ...o.send });
      if (r.sent + r.failed + r.skipped === 0 || stopped) break;
    }
  };
  // One run at a time: a slow SMTP server never overlaps two senders of this process.
  const serial = (fn: () => Promise<void>) => { running = running.then(() => (stopped ? undefined : fn())).catch(onError); return running; };

  const sweepTimer = setInterval(() => void serial(sweep), o.sweepEveryMs ?? 60_000);
  const sendTimer = transport ? setInterval(() => void serial(send), o.sendEveryMs ?? 5_000) : null;
  sweepTimer.unref();
  sendTimer?.unref();

  return {
    tick: () => serial(async () => { await sweep(); await send(); }),
    async stop() {
      stopped = true;
      clearInterval(sweepTimer);
      if (sendTimer) clearInterval(sendTimer);
      await running;
      transport?.close();
    },
  };
}
