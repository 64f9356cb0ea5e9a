// Notifications and the e-mail outbox in SQL (docs/product.md#notifications) on the migrated database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): the fan-out (a bulk assignment is one notification per recipient with its
// count, never to the person who acted), comments, resolution, deadline warnings (50 %, 75 %, breach, once each),
// each member's settings (kinds, immediate / daily digest / never), own rows only, marking read, and the sender's
// claim protocol (a row handed to SMTP is never claimed again; an unfinished claim is claimed again after its lease).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithProfile, makeWorld, tryAs, type World } from './fixtures';

let w: World;
let lead: string; let mate: string;

beforeAll(async () => {
  w = await makeWorld();
  lead = await createUserWithProfile(w.db, 'lea@example.org', 'user', w.team);
  mate = await createUserWithProfile(w.db, 'marc@example.org', 'user', w.team);
  await w.db.admin.query("update private.mail_config set enabled = true, site_url = 'https://rail.example.org'");
}, 180_000);
afterAll(async () => { await w?.db.close(); });
beforeEach(async () => {
  await w.db.admin.exec('delete from public.notifications; delete from private.mail_outbox; delete from public.notification_settings; delete from private.deadline_warnings');
});

interface Note { user_id: string; kind: string; count: number; title: string; body: string; link: string; point_id: string | null }
const notes = async (user?: string) => (await w.db.admin.query<Note>(
  'select * from public.notifications where $1::uuid is null or user_id = $1 order by created_at, kind', [user ?? null])).rows;
const mails = async () => (await w.db.admin.query<{ to_email: string; subject: string; text_body: string; html_body: string; kind: string }>(
  'select * from private.mail_outbox order by id')).rows;
const points = async (n: number, over: { team?: string | null; observed?: string; level?: string } = {}) => (await w.db.admin.query<{ id: string }>(
  `insert into public.points (name, kilometer, "position", team_id, created_by, observed_at, criticality)
   select 'Défaut ' || i, '12+' || i, '{"x":1,"y":1}', $2, $3, coalesce($4::timestamptz, now()), $5 from generate_series(1, $1) i returning id`,
  [n, over.team === undefined ? null : over.team, w.userA, over.observed ?? null, over.level ?? 'danger'])).rows.map((r) => r.id);

describe('fan-out', () => {
  it('a bulk assignment is ONE notification per recipient with its count; never to the person who acted', async () => {
    const ids = await points(3, { team: w.team });
    await w.db.admin.exec('delete from public.notifications; delete from private.mail_outbox');
    const versions = (await w.db.admin.query<{ v: string }>('select updated_at::text as v from public.points where id = any($1) order by array_position($1, id)', [ids])).rows.map((r) => r.v);
    await w.db.asRequest({ role: 'authenticated', claims: { sub: lead, role: 'authenticated' }, method: 'POST', path: '/rest/v1/rpc/bulk_update_points', readOnly: false },
      (tx) => tx.query('select public.bulk_update_points($1::jsonb)', [JSON.stringify([{ set: { assignee_id: mate }, ids, versions }])]));
    const got = await notes();
    expect(got.map((n) => [n.user_id, n.kind, n.count, n.title])).toEqual([[mate, 'assigned', 3, '3 signalements vous ont été assignés']]);
    expect(got[0].point_id).toBeNull();
    // The bell hears it at once: one Broadcast on the member's private topic.
    const live = (await w.db.admin.query<{ payload: { count: number } }>("select payload from realtime.messages where topic = $1 and event = 'notifications' order by inserted_at desc limit 1", [`user:${mate}`])).rows;
    expect(live[0]?.payload.count).toBe(1);
    // Assigning oneself tells nobody.
    const [own] = await points(1, { team: w.team });
    await w.db.admin.query('delete from public.notifications');
    await tryAs(w.db, lead, async (tx) => {
      await tx.query('update public.points set assignee_id = $2, updated_at = updated_at where id = $1', [own, lead]);
      expect((await tx.query('select 1 from public.notifications')).rows.length).toBe(0); // the caller sees only their own: none
    });
    expect((await w.db.admin.query("select fr from (select private.fr_int(5000) as fr) t")).rows[0]).toEqual({ fr: '5 000' });
  });

  it('points given to a team tell its active members; a resolution tells the reporter; one immediate e-mail each with the link', async () => {
    const [p] = await points(1);
    await w.db.admin.exec('delete from public.notifications; delete from private.mail_outbox');
    await w.db.asRequest({ role: 'authenticated', claims: { sub: w.admin, role: 'authenticated' }, method: 'PATCH', path: '/rest/v1/points', readOnly: false },
      (tx) => tx.query('update public.points set team_id = $2, updated_at = updated_at where id = $1', [p, w.team]));
    const team = await notes();
    expect(team.map((n) => n.user_id).sort()).toEqual([lead, mate].sort());
    expect(team[0].title).toBe('Un signalement a été confié à votre équipe');
    expect(team[0].body).toBe('« Défaut 1 » (PK 12+1) a été confié à l\'équipe Équipe A.');
    expect(team[0].link).toBe(`/?point=${p}`);
    const sent = await mails();
    expect(sent.map((m) => m.to_email).sort()).toEqual(['lea@example.org', 'marc@example.org']);
    expect(sent[0].text_body).toContain(`Ouvrir : https://rail.example.org/?point=${p}`);
    expect(sent[0].html_body).toContain(`href="https://rail.example.org/?point=${p}"`);

    await w.db.admin.query('delete from public.notifications');
    await w.db.asRequest({ role: 'authenticated', claims: { sub: lead, role: 'authenticated' }, method: 'PATCH', path: '/rest/v1/points', readOnly: false },
      (tx) => tx.query("update public.points set status = 'resolu', updated_at = updated_at where id = $1", [p]));
    expect((await notes()).map((n) => [n.user_id, n.kind, n.title])).toEqual([[w.userA, 'resolved', 'Votre signalement est résolu']]);
  });

  it('a comment tells the reporter, the assignee and earlier writers, not its author', async () => {
    const [p] = await points(1, { team: w.team });
    await w.db.admin.query('update public.points set assignee_id = $2 where id = $1', [p, lead]);
    await w.db.admin.query("insert into public.point_events (point_id, kind, body, author_id) values ($1, 'comment', 'Premier', $2)", [p, w.userB]);
    await w.db.admin.query('delete from public.notifications');
    await w.db.asRequest({ role: 'authenticated', claims: { sub: lead, role: 'authenticated' }, method: 'POST', path: '/rest/v1/point_events', readOnly: false },
      (tx) => tx.query("insert into public.point_events (point_id, kind, body, done_by) values ($1, 'intervention', 'Rail meulé', 'Équipe voie')", [p]));
    const got = await notes();
    expect(got.map((n) => n.user_id).sort()).toEqual([w.userA, w.userB].sort());
    expect(got[0].title).toBe('Nouveau message sur « Défaut 1 » (PK 12+1)');
    expect(got[0].body).toBe('Intervention : lea@example.org : Rail meulé');
  });

  it('settings: kinds not chosen are not written; quotidien and jamais queue no immediate e-mail', async () => {
    await w.db.admin.query("insert into public.notification_settings (user_id, kinds, email_mode) values ($1, '{assigned}', 'quotidien'), ($2, null, 'jamais')", [lead, mate]);
    await points(1, { team: w.team });
    expect((await notes()).map((n) => [n.user_id, n.kind])).toEqual([[mate, 'team_assigned']]);
    expect(await mails()).toEqual([]);
  });
});

describe('own rows', () => {
  it('a member reads and marks only their own notifications; nobody writes them through the API', async () => {
    await points(1, { team: w.team });
    const leaSees = await tryAs(w.db, lead, async (tx) => (await tx.query<Note>('select * from public.notifications')).rows);
    expect(leaSees.ok && leaSees.value.map((n) => n.user_id)).toEqual([lead]);
    // Two notifications exist (lea's and marc's): lea marks all hers, which is one.
    expect((await notes()).length).toBe(2);
    const marked = await tryAs(w.db, lead, async (tx) => (await tx.query<{ n: number }>('select public.mark_notifications_read() as n')).rows[0].n);
    expect(marked.ok && marked.value).toBe(1);
    const forged = await tryAs(w.db, lead, (tx) => tx.query("insert into public.notifications (user_id, kind, title) values ($1, 'assigned', 'x')", [mate]));
    expect(forged.ok).toBe(false);
    const settings = await tryAs(w.db, lead, (tx) => tx.query("insert into public.notification_settings (user_id, email_mode) values ($1, 'jamais')", [mate]));
    expect(settings.ok).toBe(false);
    const mine = await tryAs(w.db, lead, (tx) => tx.query("insert into public.notification_settings (email_mode) values ('jamais')"));
    expect(mine.ok).toBe(true);
  });
});

describe('deadline warnings', () => {
  it('50 %, 75 % and breach, each once per point and due time, to the assignee (else the team), breach also to admins', async () => {
    // danger: 48 h. Observed 30 h ago: 62 % of the time allowed.
    const [p] = await points(1, { team: w.team, observed: new Date(Date.now() - 30 * 3600_000).toISOString() });
    await w.db.admin.query('update public.points set assignee_id = $2 where id = $1', [p, lead]);
    await w.db.admin.exec('delete from public.notifications; delete from private.mail_outbox');
    const sweep = async () => (await w.db.admin.query<{ n: number }>('select private.deadline_sweep() as n')).rows[0].n;
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0); // idempotent
    const half = await notes();
    expect(half.map((n) => [n.user_id, n.kind, n.title])).toEqual([[lead, 'deadline_50', 'Échéance à mi-parcours']]);
    expect(half[0].body).toMatch(/^« Défaut 1 » \(PK 12\+1\) est à traiter avant le \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);

    // Late: the assignee and the admins are told once; a level change gives a new due time and starts over.
    await w.db.admin.query("update public.points set observed_at = now() - interval '50 hours' where id = $1", [p]);
    await w.db.admin.query('delete from public.notifications');
    expect(await sweep()).toBe(2);
    expect((await notes()).map((n) => [n.user_id, n.kind]).sort()).toEqual([[lead, 'deadline_breach'], [w.admin, 'deadline_breach']].sort());
    expect(await sweep()).toBe(0);
    const mail = (await mails()).find((m) => m.to_email === 'lea@example.org' && m.kind === 'deadline_breach');
    expect(mail?.subject).toBe('Échéance dépassée');

    // Without assignee, the team's members; resolved points are left alone.
    await w.db.admin.query("update public.points set assignee_id = null, criticality = 'attention', observed_at = now() - interval '600 hours' where id = $1", [p]);
    await w.db.admin.query('delete from public.notifications');
    await sweep();
    expect((await notes()).map((n) => [n.user_id, n.kind]).sort()).toEqual([[lead, 'deadline_75'], [mate, 'deadline_75']].sort());
    await w.db.admin.query("update public.points set status = 'resolu', observed_at = now() - interval '900 hours' where id = $1", [p]);
    expect(await sweep()).toBe(0);
  });
});

describe('daily digest', () => {
  it('one e-mail a day after the digest hour (Europe/Paris) with the notifications since the last one', async () => {
    await w.db.admin.query("insert into public.notification_settings (user_id, email_mode) values ($1, 'quotidien')", [lead]);
    await w.db.admin.query('delete from private.mail_digests');
    // The digest hour of today has passed: 00 h Paris.
    await w.db.admin.query('update private.mail_config set digest_hour = 0');
    const [p] = await points(2, { team: w.team });
    const digest = async () => (await w.db.admin.query<{ n: number }>('select private.digest_sweep() as n')).rows[0].n;
    // Notifications made today before now are after the digest time (00:00) so they wait for tomorrow's digest,
    // unless they were made before it: date them before 00:00 Paris.
    await w.db.admin.query("update public.notifications set created_at = ((now() at time zone 'Europe/Paris')::date::timestamp at time zone 'Europe/Paris') - interval '1 hour' where user_id = $1", [lead]);
    expect(await digest()).toBe(1);
    expect(await digest()).toBe(0);
    const m = (await mails()).filter((x) => x.kind === 'digest');
    expect(m.map((x) => [x.to_email, x.subject])).toEqual([['lea@example.org', 'Résumé quotidien : 1 notification']]);
    expect(m[0].text_body).toContain('2 signalements ont été confiés à votre équipe');
    expect(m[0].text_body).toContain('https://rail.example.org/');
    expect(p).toBeTruthy();
    await w.db.admin.query('update private.mail_config set digest_hour = 7');
  });
});

describe('the sender\'s claim protocol', () => {
  it('claimed rows are not claimed twice; a row handed to SMTP is never claimed again; an expired claim is', async () => {
    await w.db.admin.query("insert into private.mail_outbox (to_email, subject, text_body, html_body, kind, dedupe_key) values ('a@x.org', 's', 't', 'h', 'test', 'k1'), ('b@x.org', 's', 't', 'h', 'test', 'k2')");
    const claim = async (lease = '5 minutes') => (await w.db.admin.query<{ id: string; claim_token: string; dedupe_key: string }>('select * from private.mail_claim(10, $1::interval)', [lease])).rows;
    const first = await claim();
    expect(first.map((r) => r.dedupe_key).sort()).toEqual(['k1', 'k2']);
    expect(await claim()).toEqual([]);
    const [a, b] = first.sort((x, y) => x.dedupe_key.localeCompare(y.dedupe_key));
    // a: handed to SMTP, then the sender dies before marking it sent. b: claimed, the sender dies before sending.
    expect((await w.db.admin.query<{ ok: boolean }>('select private.mail_sending($1, $2) as ok', [a.id, a.claim_token])).rows[0].ok).toBe(true);
    const again = await claim('0 seconds');
    expect(again.map((r) => r.dedupe_key)).toEqual(['k2']);
    // The old claim of b is void: its late acknowledgement changes nothing.
    expect((await w.db.admin.query<{ ok: boolean }>('select private.mail_sent($1, $2) as ok', [b.id, b.claim_token])).rows[0].ok).toBe(false);
    expect((await w.db.admin.query<{ ok: boolean }>('select private.mail_failed($1, $2, $3) as ok', [again[0].id, again[0].claim_token, '421 try later'])).rows[0].ok).toBe(true);
    const row = (await w.db.admin.query<{ s: number; last_error: string }>("select extract(epoch from send_after - now())::int as s, last_error from private.mail_outbox where dedupe_key = 'k2'")).rows[0];
    expect(row.last_error).toBe('421 try later');
    expect(row.s).toBeGreaterThanOrEqual(100); // second attempt: 2 minutes
  });
});
