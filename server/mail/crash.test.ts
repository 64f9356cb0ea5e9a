// The outbox across a crash (docs/operations.md#e-mail): a sender process is killed (SIGKILL) between the SMTP
// server's acceptance of a message and its 'sent' mark, or after claiming rows but before sending; a new sender
// then runs on the same database. Each message reaches the SMTP server at most once, and the ones not handed over
// before the crash are sent: nothing twice, nothing lost but what the guarantee names (a message cut during its
// own handoff is left for an operator; here none is).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { testKind } from '../../test/server/testDatabase';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/server/smtpCatcher';
import { migratedDataDir } from '../../test/server/migratedDataDir';
import { sendDueMail } from './outbox';

let smtp: SmtpCatcher;
let dir = '';
const FROM = 'Signalements <no-reply@rail.example.org>';

// The database both processes use: a PGlite folder, open in one process at a time. (The claim protocol's SQL is
// also tested on PostgreSQL in supabase/tests/notifications.test.ts.)
const open = () => openDatabase({ dataDir: dir });
const release = (d: Database) => d.close();

beforeAll(async () => {
  if (testKind() === 'postgres') return;
  smtp = await startSmtpCatcher();
  dir = await migratedDataDir(mkdtempSync(join(tmpdir(), 'rail-mail-crash-')));
}, 180_000);
afterAll(async () => { await smtp?.close(); if (dir) rmSync(dir, { recursive: true, force: true }); });

async function queue(keys: string[]) {
  const d = await open();
  for (const k of keys) {
    await d.admin.query("insert into private.mail_outbox (to_email, subject, text_body, html_body, kind, dedupe_key) values ($1, $2, 'Corps', '<p>Corps</p>', 'test', $2)", [`${k}@example.org`, k]);
  }
  await release(d);
}

// Asynchronous: the SMTP server runs in this process and must answer the child meanwhile.
async function runChild(step: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/server/mailCrashChild.ts', dir, smtp.url, step], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => { stderr += b.toString(); });
  const signal = await new Promise<NodeJS.Signals | null>((ok) => child.on('exit', (_code, sig) => ok(sig)));
  expect(signal, stderr).toBe('SIGKILL');
}

async function resend() {
  const d = await open();
  // The dead sender's claims are taken over at once (lease 0), as after its lease ran out.
  const r = await sendDueMail(d, nodemailer.createTransport(smtp.url), { from: FROM, leaseSeconds: 0 });
  const rows = (await d.admin.query<{ dedupe_key: string; state: string }>(
    "select dedupe_key, case when sent_at is not null then 'sent' when sending_at is not null then 'uncertain' else 'waiting' end as state from private.mail_outbox order by dedupe_key")).rows;
  await release(d);
  return { r, rows };
}

const received = (k: string) => smtp.mails.filter((m) => m.subject === k).length;

describe.skipIf(testKind() === 'postgres')('the outbox across a crash', () => {
  it('killed after SMTP accepted the first message and before marking it sent: it is never sent again, the others are sent once', async () => {
    await queue(['crash-a1', 'crash-a2', 'crash-a3']);
    await runChild('after-handoff');
    expect(received('crash-a1')).toBe(1);
    const { rows } = await resend();
    expect(received('crash-a1')).toBe(1);
    expect(received('crash-a2')).toBe(1);
    expect(received('crash-a3')).toBe(1);
    // The handed-over one stays 'uncertain' (never re-sent automatically); the others are sent.
    expect(rows.filter((x) => x.dedupe_key.startsWith('crash-a'))).toEqual([
      { dedupe_key: 'crash-a1', state: 'uncertain' }, { dedupe_key: 'crash-a2', state: 'sent' }, { dedupe_key: 'crash-a3', state: 'sent' }]);
  });

  it('killed after claiming, before any handoff: nothing is lost, each is sent once by the next sender', async () => {
    await queue(['crash-b1', 'crash-b2']);
    await runChild('after-claim');
    expect(received('crash-b1') + received('crash-b2')).toBe(0);
    const { rows } = await resend();
    expect([received('crash-b1'), received('crash-b2')]).toEqual([1, 1]);
    expect(rows.filter((x) => x.dedupe_key.startsWith('crash-b')).map((x) => x.state)).toEqual(['sent', 'sent']);
    // Idempotent: another run sends nothing more.
    await resend();
    expect([received('crash-b1'), received('crash-b2')]).toEqual([1, 1]);
  });
});
