// E-mail end to end (docs/operations.md#e-mail): the embedded server with SMTP_URL pointing at a real SMTP server
// started by the test; real supabase-js clients invite a member, assign a point, let it run late and choose the
// daily digest; the SMTP server receives the invitation, the assignment, the deadline warning and the digest, in
// French, with links that open the invitation or the point on the site. The same loop removes a deleted point's
// photo files. Without SMTP the admin panel is told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from '../main';
import { createInvitation } from '../../test/server/testDatabase';
import { client, startTestServer } from '../../test/server/testServer';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/server/smtpCatcher';
import { configureMail } from './loop';

const SITE = 'https://rail.example.org';
let s: RunningServer;
let smtp: SmtpCatcher;
let admin: SupabaseClient; let agent: SupabaseClient; let agentId: string; let team: string;

async function member(email: string): Promise<{ c: SupabaseClient; id: string }> {
  const token = await createInvitation(s.db, email);
  const c = client(s);
  const { data, error } = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: token } } });
  expect(error).toBeNull();
  const prof = await c.rpc('create_profile', { user_id: data.user!.id, user_email: email, user_role: 'user' });
  expect(prof.error).toBeNull();
  return { c, id: data.user!.id };
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  s = await startTestServer({
    siteUrl: SITE, mail: { smtpUrl: smtp.url, from: 'Signalements <no-reply@rail.example.org>' },
    mailLoop: { sendEveryMs: 100, sweepEveryMs: 3_600_000 },
  });
  admin = (await member('chef@example.org')).c; // the first profile is the admin
  const a = await member('agent@example.org');
  agent = a.c; agentId = a.id;
  team = (await admin.from('teams').insert({ name: 'Voie Nord' }).select('id').single()).data!.id;
  expect((await admin.from('profiles').update({ team_id: team }).eq('id', agentId)).error).toBeNull();
}, 180_000);
afterAll(async () => { await s?.close(); await smtp?.close(); });

describe('e-mail through SMTP', () => {
  it('the admin panel is told e-mail is on; an invitation is e-mailed with the link that was shown', async () => {
    expect((await admin.rpc('mail_status')).data).toEqual({ enabled: true, digest_hour: 7 });
    const inv = await admin.rpc('invite_user', { email: 'nouvelle@example.org' });
    expect(inv.error?.message ?? null).toBeNull();
    expect(inv.data.emailed).toBe(true);
    const token = /token=([0-9a-f]+)/.exec(inv.data.invitationUrl)![1];
    const m = await smtp.waitFor((x) => x.to.includes('nouvelle@example.org'));
    expect(m.subject).toBe('Invitation à rejoindre l\'application de signalements ferroviaires');
    expect(m.text).toContain(`Créer mon compte : ${SITE}/invitation?token=${token}`);
    expect(m.html).toContain(`href="${SITE}/invitation?token=${token}"`);
    expect(m.messageId).toMatch(/^<outbox-\d+@rail\.example\.org>$/);
  });

  it('an assignment and a deadline breach reach the assignee with a link to the point', async () => {
    const p = await admin.from('points').insert({ name: 'Éclisse cassée', kilometer: '12+400', position: { x: 5, y: 5 }, team_id: team, criticality: 'danger' })
      .select('id, updated_at').single();
    expect(p.error).toBeNull();
    const assigned = await admin.from('points').update({ assignee_id: agentId, updated_at: p.data!.updated_at }).eq('id', p.data!.id);
    expect(assigned.error).toBeNull();
    const m = await smtp.waitFor((x) => x.to.includes('agent@example.org') && x.subject === 'Un signalement vous a été assigné');
    expect(m.text).toContain('« Éclisse cassée » (PK 12+400) vous a été assigné.');
    expect(m.text).toContain(`Ouvrir : ${SITE}/?point=${p.data!.id}`);
    expect(m.html).toContain(`href="${SITE}/?point=${p.data!.id}"`);

    // Observed 50 hours ago: past the 48 h of 'danger'. The minute's sweep warns the assignee and the admin once.
    await s.db.admin.query("update public.points set observed_at = now() - interval '50 hours' where id = $1", [p.data!.id]);
    await s.mail.tick();
    await s.mail.tick();
    const late = await smtp.waitFor((x) => x.to.includes('agent@example.org') && x.subject === 'Échéance dépassée');
    expect(late.text).toMatch(/« Éclisse cassée » \(PK 12\+400\) devait être traité avant le \d\d\/\d\d\/\d{4} \d\d:\d\d\./);
    expect(late.text).toContain(`${SITE}/?point=${p.data!.id}`);
    await smtp.waitFor((x) => x.to.includes('chef@example.org') && x.subject === 'Échéance dépassée');
    expect(smtp.mails.filter((x) => x.subject === 'Échéance dépassée').length).toBe(2);
    // The bell's row, read by its owner through the API.
    const bell = await agent.from('notifications').select('kind, title, link').eq('kind', 'deadline_breach');
    expect(bell.data).toEqual([{ kind: 'deadline_breach', title: 'Échéance dépassée', link: `/?point=${p.data!.id}` }]);
  });

  it('the daily digest gathers the notifications of a member who chose it, once', async () => {
    expect((await agent.from('notification_settings').upsert({ email_mode: 'quotidien' })).error).toBeNull();
    const before = smtp.mails.length;
    const p = await admin.from('points').insert({ name: 'Ballast manquant', kilometer: '13+100', position: { x: 6, y: 6 }, team_id: team, assignee_id: agentId })
      .select('id').single();
    expect(p.error).toBeNull();
    // No immediate e-mail; the digest hour has passed (00 h, Paris) and the notification is of the day before it.
    await s.db.admin.query('update private.mail_config set digest_hour = 0');
    await s.db.admin.query(`update public.notifications set created_at = ((now() at time zone 'Europe/Paris')::date::timestamp at time zone 'Europe/Paris') - interval '1 hour'
                             where user_id = $1 and point_id = $2`, [agentId, p.data!.id]);
    await s.mail.tick();
    await s.mail.tick();
    const d = await smtp.waitFor((x) => x.to.includes('agent@example.org') && x.subject.startsWith('Résumé quotidien'));
    expect(d.subject).toBe('Résumé quotidien : 1 notification');
    expect(d.text).toContain('Un signalement vous a été assigné : « Ballast manquant » (PK 13+100) vous a été assigné.');
    expect(d.text).toContain(`${SITE}/?point=${p.data!.id}`);
    expect(smtp.mails.slice(before).filter((x) => x.to.includes('agent@example.org')).map((x) => x.subject)).toEqual(['Résumé quotidien : 1 notification']);
  });

  it('a deleted point takes its photos out of storage (the loop removes the queued files)', async () => {
    const p = await agent.from('points').insert({ name: 'Traverse', position: { x: 7, y: 7 } }).select('id').single();
    const path = `points/${p.data!.id}-apres.png`;
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect((await agent.storage.from('poi_images').upload(path, png, { contentType: 'image/png' })).error).toBeNull();
    expect((await agent.from('point_photos').insert({ point_id: p.data!.id, storage_path: path })).error).toBeNull();
    expect((await agent.storage.from('poi_images').download(path)).error).toBeNull();
    expect((await admin.from('points').delete().eq('id', p.data!.id)).error).toBeNull();
    await s.mail.tick();
    expect((await agent.storage.from('poi_images').download(path)).error).not.toBeNull();
    const left = await s.db.admin.query('select 1 from storage.objects where name = $1', [path]);
    expect(left.rows.length).toBe(0);
  });

  it('without SMTP, e-mail is off: the admin panel is told and an invitation is only a link', async () => {
    await configureMail(s.db, false, SITE);
    expect((await admin.rpc('mail_status')).data).toEqual({ enabled: false, digest_hour: expect.any(Number) });
    const inv = await admin.rpc('invite_user', { email: 'sans-mail@example.org' });
    expect(inv.data.emailed).toBe(false);
    expect(inv.data.invitationUrl).toContain('/invitation?token=');
    await s.mail.tick();
    expect(smtp.mails.some((x) => x.to.includes('sans-mail@example.org'))).toBe(false);
  });
});
