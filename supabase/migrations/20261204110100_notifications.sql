-- Notifications in the app and by e-mail (docs/product.md#notifications), every rule in SQL so that the embedded
-- server and a Supabase Edge Function send the same messages (docs/operations.md#e-mail).
--
--   * public.notifications: one row per recipient and event; a statement touching many points is ONE row per
--     recipient with its count ('5 000 signalements vous ont été assignés'). Read by their owner only, marked read
--     through mark_notifications_read(); live through the realtime publication (row-level security filters it).
--   * public.notification_settings: which kinds a member receives (null: all) and e-mail 'immediat' | 'quotidien'
--     | 'jamais' (no row: all kinds, immediate).
--   * Fan-out triggers: a point assigned to you; points given to your team; a comment or intervention on a report
--     you reported, are assigned to or commented on; your report resolved. Never to the person who acted.
--   * private.deadline_sweep(): warnings at 50 %, 75 % and at breach of each open point's time allowed (assignee,
--     else the team's members; breach also admins), each once per point and due time (idempotent). Run every minute
--     by the embedded server (pg_cron on Supabase).
--   * private.mail_outbox: the e-mails to send, subject and French plain text and HTML rendered here; 'immediat'
--     at once, 'quotidien' as one digest a day at mail_config.digest_hour (Europe/Paris) by private.digest_sweep().
--     Nothing is queued while e-mail is off (private.mail_config.enabled, public.mail_status()).
--   * The sender's protocol: private.mail_claim → mail_sending → mail_sent | mail_failed (server/mail/outbox.ts).

-- ---------------------------------------------------------------- configuration
create table private.mail_config (
  id boolean primary key default true check (id),
  enabled boolean not null default false,
  site_url text not null default '' check (site_url = '' or site_url ~ '^https?://[^[:space:]]+$'),
  digest_hour integer not null default 7 check (digest_hour between 0 and 23),
  updated_at timestamptz not null default now()
);
comment on table private.mail_config is
  'One row: whether e-mail is sent (SMTP configured), the site links point to, the daily digest hour (Europe/Paris).';
insert into private.mail_config (id) values (true);

create or replace function public.mail_status() returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object('enabled', coalesce((select c.enabled from private.mail_config c), false))
   where (select private.is_active_member())
$$;
comment on function public.mail_status() is 'Active members: {"enabled": bool}, whether the app sends e-mail.';
revoke all on function public.mail_status() from public, anon;
grant execute on function public.mail_status() to authenticated, service_role;

-- The site that links open: the mail configuration's, else the app setting site_url, else none (relative links).
create or replace function private.site_url() returns text
language sql stable security definer set search_path = '' as $$
  select pg_catalog.rtrim(coalesce(nullif((select c.site_url from private.mail_config c), ''),
                                   nullif(btrim((select s.value from public.app_settings s where s.key = 'site_url')), ''), ''), '/')
$$;

-- ---------------------------------------------------------------- tables
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('assigned', 'team_assigned', 'comment', 'resolved', 'deadline_50', 'deadline_75', 'deadline_breach')),
  point_id uuid references public.points (id) on delete set null,
  count integer not null default 1 check (count >= 1),
  title text not null,
  body text not null default '',
  link text not null default '/',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.notifications is
  'One row per recipient and event (a bulk change: one row with its count); link is the app path that opens it.';
create index notifications_user_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_point_idx on public.notifications (point_id) where point_id is not null;

create table public.notification_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  kinds text[] check (kinds is null or kinds <@ array['assigned', 'team_assigned', 'comment', 'resolved', 'deadline_50', 'deadline_75', 'deadline_breach']),
  email_mode text not null default 'immediat' check (email_mode in ('immediat', 'quotidien', 'jamais')),
  updated_at timestamptz not null default now()
);
comment on table public.notification_settings is
  'A member''s choices: kinds received (null: all) and e-mail immediat / quotidien (daily digest) / jamais. No row: all, immediat.';

create table private.mail_outbox (
  id bigint generated always as identity primary key,
  to_email text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  kind text not null,
  dedupe_key text not null unique,
  send_after timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  claimed_at timestamptz,
  claim_token uuid,
  sending_at timestamptz,       -- set just before the SMTP handoff: a row with it and no sent_at is never sent again
  sent_at timestamptz,
  failed_at timestamptz,        -- given up after too many attempts
  created_at timestamptz not null default now()
);
comment on table private.mail_outbox is
  'E-mails to send. Each is handed to SMTP at most once (sending_at before, sent_at after); a claim not followed by '
  'sending_at within its lease is claimed again. dedupe_key: notification:<id>, digest:<user>:<day>, invitation:<id>.';
create index mail_outbox_due_idx on private.mail_outbox (send_after) where sent_at is null and failed_at is null and sending_at is null;

create table private.mail_digests (
  user_id uuid primary key references auth.users (id) on delete cascade,
  covered_until timestamptz not null
);
comment on table private.mail_digests is 'Per member, the end of the period their last daily digest covered.';

create table private.deadline_warnings (
  point_id uuid not null references public.points (id) on delete cascade,
  due_at timestamptz not null,
  level integer not null check (level in (50, 75, 100)),
  at timestamptz not null default now(),
  primary key (point_id, due_at, level)
);
comment on table private.deadline_warnings is 'Deadline warnings already given, per point and due time (a new due time starts over).';

-- ---------------------------------------------------------------- French formatting and rendering
create or replace function private.fr_int(n bigint) returns text
language sql immutable set search_path = '' as $$
  select pg_catalog.regexp_replace(n::text, '(\d)(?=(\d{3})+$)', '\1 ', 'g')
$$;
comment on function private.fr_int(bigint) is 'An integer written the French way: 5000 → ''5 000''.';

create or replace function private.fr_datetime(t timestamptz) returns text
language sql stable set search_path = '' as $$
  select pg_catalog.to_char(t at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')
$$;
comment on function private.fr_datetime(timestamptz) is 'A time in Paris as ''03/12/2026 14:00''.';

create or replace function private.html_escape(t text) returns text
language sql immutable set search_path = '' as $$
  select pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
           coalesce(t, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

create or replace function private.point_label(p_name text, p_km text) returns text
language sql immutable set search_path = '' as $$
  select '« ' || p_name || ' »' || case when coalesce(btrim(p_km), '') <> '' then ' (PK ' || btrim(p_km) || ')' else '' end
$$;

-- Title and body of a notification of `kind` about `cnt` points (the example point when cnt = 1).
create or replace function private.notification_text(kind text, cnt bigint, p_name text, p_km text, extra text default null,
                                                     OUT title text, OUT body text)
language plpgsql immutable set search_path = '' as $$
declare
  n text := private.fr_int(cnt);
  label text := private.point_label(p_name, p_km);
begin
  case kind
    when 'assigned' then
      if cnt = 1 then title := 'Un signalement vous a été assigné'; body := label || ' vous a été assigné.';
      else title := n || ' signalements vous ont été assignés'; body := 'Ouvrez la liste « Assignés à moi » pour les voir.'; end if;
    when 'team_assigned' then
      if cnt = 1 then title := 'Un signalement a été confié à votre équipe';
        body := label || ' a été confié à l''équipe ' || coalesce(extra, '') || '.';
      else title := n || ' signalements ont été confiés à votre équipe'; body := 'Équipe ' || coalesce(extra, '') || '.'; end if;
    when 'comment' then
      if cnt = 1 then title := 'Nouveau message sur ' || label; body := coalesce(extra, '');
      else title := n || ' nouveaux messages sur vos signalements'; body := 'Dernier message sur ' || label || ' : ' || coalesce(extra, ''); end if;
    when 'resolved' then
      if cnt = 1 then title := 'Votre signalement est résolu'; body := label || ' a été marqué résolu.';
      else title := n || ' de vos signalements ont été résolus'; body := 'Dont ' || label || '.'; end if;
    when 'deadline_50' then
      if cnt = 1 then title := 'Échéance à mi-parcours'; body := label || ' est à traiter avant le ' || coalesce(extra, '') || '.';
      else title := n || ' signalements ont atteint la moitié de leur délai de traitement'; body := 'Dont ' || label || ', à traiter avant le ' || coalesce(extra, '') || '.'; end if;
    when 'deadline_75' then
      if cnt = 1 then title := 'Échéance proche'; body := label || ' est à traiter avant le ' || coalesce(extra, '') || '.';
      else title := n || ' signalements approchent de leur échéance'; body := 'Dont ' || label || ', à traiter avant le ' || coalesce(extra, '') || '.'; end if;
    when 'deadline_breach' then
      if cnt = 1 then title := 'Échéance dépassée'; body := label || ' devait être traité avant le ' || coalesce(extra, '') || '.';
      else title := n || ' signalements ont dépassé leur échéance'; body := 'Dont ' || label || ', à traiter avant le ' || coalesce(extra, '') || '.'; end if;
    else
      raise exception 'unknown notification kind %', kind;
  end case;
end $$;

-- The e-mail of one notification: subject, French plain text and HTML, with the absolute link.
create or replace function private.render_notification_mail(p_title text, p_body text, p_link text,
                                                            OUT subject text, OUT text_body text, OUT html_body text)
language plpgsql stable set search_path = '' as $$
declare
  url text := private.site_url() || coalesce(p_link, '/');
begin
  subject := p_title;
  text_body := p_title || E'\n\n' || coalesce(nullif(p_body, '') || E'\n\n', '') || 'Ouvrir : ' || url || E'\n\n'
    || '-- ' || E'\n' || 'Vous recevez ce message selon vos préférences de notification (menu Notifications).';
  html_body := '<!doctype html><html lang="fr"><body style="font-family:sans-serif">'
    || '<p><strong>' || private.html_escape(p_title) || '</strong></p>'
    || coalesce('<p>' || private.html_escape(nullif(p_body, '')) || '</p>', '')
    || '<p><a href="' || private.html_escape(url) || '">Ouvrir dans l''application</a></p>'
    || '<p style="color:#666;font-size:12px">Vous recevez ce message selon vos préférences de notification (menu Notifications).</p>'
    || '</body></html>';
end $$;

revoke all on function private.site_url(), private.fr_int(bigint), private.fr_datetime(timestamptz), private.html_escape(text),
  private.point_label(text, text), private.notification_text(text, bigint, text, text, text),
  private.render_notification_mail(text, text, text) from public;

-- ---------------------------------------------------------------- delivery
-- items: [{user_id, kind, point_id, count, name, km, extra}] (one per recipient and kind). Keeps the recipients who
-- are active and want the kind; writes their notifications and queues the immediate e-mails (when e-mail is on).
create or replace function private.deliver(items jsonb) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  mail_on boolean := coalesce((select c.enabled from private.mail_config c), false);
  n integer;
begin
  if items is null or jsonb_array_length(items) = 0 then return 0; end if;
  with it as (
    select x.user_id, x.kind, x.point_id, x.count, t.title, t.body,
           case when x.count = 1 and x.point_id is not null then '/?point=' || x.point_id::text else '/' end as link
      from jsonb_to_recordset(items) x(user_id uuid, kind text, point_id uuid, count bigint, name text, km text, extra text)
      cross join lateral private.notification_text(x.kind, x.count, x.name, x.km, x.extra) t
  ), wanted as (
    select it.*, pr.email, coalesce(s.email_mode, 'immediat') as email_mode
      from it join public.profiles pr on pr.id = it.user_id and pr.active
      left join public.notification_settings s on s.user_id = it.user_id
     where s.kinds is null or it.kind = any (s.kinds)
  ), ins as (
    insert into public.notifications (user_id, kind, point_id, count, title, body, link)
    select w.user_id, w.kind, case when w.count = 1 then w.point_id end, w.count, w.title, w.body, w.link from wanted w
    returning id, user_id, kind, title, body, link
  ), mails as (
    insert into private.mail_outbox (to_email, subject, text_body, html_body, kind, dedupe_key)
    select w.email, m.subject, m.text_body, m.html_body, i.kind, 'notification:' || i.id::text
      from ins i join wanted w on w.user_id = i.user_id and w.kind = i.kind
      cross join lateral private.render_notification_mail(i.title, i.body, i.link) m
     where mail_on and w.email_mode = 'immediat'
    returning 1
  )
  select count(*)::integer into n from ins;
  return n;
end $$;
comment on function private.deliver(jsonb) is
  'Writes the notifications of the items to the recipients who want them and queues their immediate e-mails.';
revoke all on function private.deliver(jsonb) from public;

-- ---------------------------------------------------------------- fan-out from points
create or replace function private.notify_point_changes() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  actor uuid := auth.uid();
  changed jsonb;
begin
  -- Each changed point once: the assignee set, the team set, the reporter of a resolution (null when not done),
  -- and its assignee (owner), who is told of the assignment rather than of the team.
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('id', n.id, 'name', n.name, 'km', n.kilometer, 'assignee', n.assignee_id, 'team', n.team_id,
                                        'owner', n.assignee_id))
      into changed from new_rows n where n.assignee_id is not null or n.team_id is not null;
  else
    select jsonb_agg(jsonb_build_object('id', n.id, 'name', n.name, 'km', n.kilometer,
             'assignee', case when n.assignee_id is distinct from o.assignee_id then n.assignee_id end,
             'team', case when n.team_id is distinct from o.team_id then n.team_id end,
             'reporter', case when n.status = 'resolu' and o.status <> 'resolu' then n.created_by end,
             'owner', n.assignee_id))
      into changed
      from new_rows n join old_rows o on o.id = n.id
     where (n.assignee_id is distinct from o.assignee_id and n.assignee_id is not null)
        or (n.team_id is distinct from o.team_id and n.team_id is not null)
        or (n.status = 'resolu' and o.status <> 'resolu' and n.created_by is not null);
  end if;
  if changed is null then return null; end if;

  perform private.deliver(coalesce(jsonb_agg(g), '[]'::jsonb)) from (
    with c as materialized (
      select * from jsonb_to_recordset(changed) x(id uuid, name text, km text, assignee uuid, team uuid, reporter uuid, owner uuid)
    )
    select c.assignee as user_id, 'assigned' as kind, count(*) as count, (array_agg(c.id))[1] as point_id,
           (array_agg(c.name))[1] as name, (array_agg(c.km))[1] as km, null::text as extra
      from c where c.assignee is not null and c.assignee is distinct from actor group by c.assignee
    union all
    select pr.id, 'team_assigned', count(*), (array_agg(c.id))[1], (array_agg(c.name))[1], (array_agg(c.km))[1],
           (select t.name from public.teams t where t.id = (array_agg(c.team))[1])
      from c join public.profiles pr on pr.team_id = c.team and pr.active
     where c.team is not null and pr.id is distinct from actor and pr.id is distinct from c.owner group by pr.id
    union all
    select c.reporter, 'resolved', count(*), (array_agg(c.id))[1], (array_agg(c.name))[1], (array_agg(c.km))[1], null
      from c where c.reporter is not null and c.reporter is distinct from actor group by c.reporter
  ) g;
  return null;
end $$;
comment on function private.notify_point_changes() is
  'After insert or update of points (statement): one notification per recipient and kind (assigned, team_assigned, resolved).';
revoke all on function private.notify_point_changes() from public;
create trigger notify_point_inserts after insert on public.points referencing new table as new_rows
  for each statement execute function private.notify_point_changes();
create trigger notify_point_updates after update on public.points referencing old table as old_rows new table as new_rows
  for each statement execute function private.notify_point_changes();

-- A comment or an intervention: to the reporter, the assignee and whoever wrote on the point before, not the author.
create or replace function private.notify_point_events() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  items jsonb;
begin
  select coalesce(jsonb_agg(g), '[]'::jsonb) into items from (
    select r.user_id, 'comment' as kind, count(*) as count, (array_agg(r.point_id))[1] as point_id,
           (array_agg(r.name))[1] as name, (array_agg(r.km))[1] as km,
           (array_agg(case r.kind when 'intervention' then 'Intervention : ' else '' end
                      || coalesce(r.author_email || ' : ', '') || pg_catalog.left(r.body, 300)))[1] as extra
      from (
        select distinct on (e.id, u.user_id) e.id, e.point_id, e.kind, e.body, p.name, p.kilometer as km, u.user_id,
               (select a.email from public.profiles a where a.id = e.author_id) as author_email, e.author_id
          from new_rows e join public.points p on p.id = e.point_id
          cross join lateral (
            select p.created_by as user_id union all select p.assignee_id
            union all select pe.author_id from public.point_events pe where pe.point_id = e.point_id
          ) u
         where u.user_id is not null and u.user_id is distinct from e.author_id
      ) r
     group by r.user_id
  ) g;
  perform private.deliver(items);
  return null;
end $$;
comment on function private.notify_point_events() is
  'After insert of point_events (statement): a ''comment'' notification to the reporter, the assignee and earlier writers.';
revoke all on function private.notify_point_events() from public;
create trigger notify_point_events after insert on public.point_events referencing new table as new_rows
  for each statement execute function private.notify_point_events();

-- ---------------------------------------------------------------- deadlines
-- Each open point with a due time: the highest threshold reached (50 %, 75 % of the time from its observation to its
-- due time, or the due time itself) that was not yet given for this due time is given once: to the assignee, else
-- to the team's active members; a breach also to the active admins. Returns the notifications written.
create or replace function private.deadline_sweep() returns integer
language plpgsql volatile security definer set search_path = '' set jit = off as $$
declare
  horizon interval := coalesce((select pg_catalog.make_interval(hours => max(l.delay_hours)) from public.criticality_levels l), interval '0');
  items jsonb;
begin
  with cand as (
    select p.id, p.name, p.kilometer, p.assignee_id, p.team_id, p.due_at,
           case when now() >= p.due_at then 100
                when now() >= p.observed_at + (p.due_at - p.observed_at) * 0.75 then 75
                when now() >= p.observed_at + (p.due_at - p.observed_at) * 0.5 then 50 end as level
      from public.points p
     where p.status <> 'resolu' and p.due_at is not null and p.due_at <= now() + horizon
       and not exists (select 1 from private.deadline_warnings w where w.point_id = p.id and w.due_at = p.due_at and w.level = 100)
  ), fresh as (
    insert into private.deadline_warnings (point_id, due_at, level)
    select c.id, c.due_at, c.level from cand c where c.level is not null
    on conflict do nothing
    returning point_id, level
  ), f as (
    select c.id, c.name, c.kilometer as km, c.assignee_id as assignee, c.team_id as team, c.due_at as due, fr.level
      from fresh fr join cand c on c.id = fr.point_id
  )
  select coalesce(jsonb_agg(g), '[]'::jsonb) into items from (
    select r.user_id, case r.level when 50 then 'deadline_50' when 75 then 'deadline_75' else 'deadline_breach' end as kind,
           count(distinct r.id) as count, (array_agg(r.id))[1] as point_id, (array_agg(r.name))[1] as name,
           (array_agg(r.km))[1] as km, private.fr_datetime((array_agg(r.due))[1]) as extra
      from (
        select f.*, f.assignee as user_id from f where f.assignee is not null
        union all
        select f.*, pr.id from f join public.profiles pr on pr.team_id = f.team and pr.active where f.assignee is null
        union all
        select f.*, pr.id from f join public.profiles pr on pr.role = 'admin' and pr.active where f.level = 100
      ) r
     group by r.user_id, r.level
  ) g;
  return private.deliver(items);
end $$;
comment on function private.deadline_sweep() is
  'Deadline warnings at 50 %, 75 % and breach, each once per point and due time (idempotent); run every minute.';
revoke all on function private.deadline_sweep() from public;

-- ---------------------------------------------------------------- daily digest
-- Members in 'quotidien' whose digest hour (Europe/Paris) of today has passed and whose last digest ended before
-- it: one e-mail with their notifications since then (none when there are none). Idempotent (dedupe_key per day).
create or replace function private.digest_sweep() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  cfg private.mail_config;
  today_at timestamptz;
  u record;
  since timestamptz;
  lines_text text;
  lines_html text;
  cnt integer;
  site text := private.site_url();
  made integer := 0;
begin
  select * into cfg from private.mail_config;
  if not coalesce(cfg.enabled, false) then return 0; end if;
  today_at := (((now() at time zone 'Europe/Paris')::date + pg_catalog.make_interval(hours => cfg.digest_hour))::timestamp)
                at time zone 'Europe/Paris';
  if now() < today_at then return 0; end if;
  for u in
    select s.user_id, pr.email, d.covered_until
      from public.notification_settings s
      join public.profiles pr on pr.id = s.user_id and pr.active
      left join private.mail_digests d on d.user_id = s.user_id
     where s.email_mode = 'quotidien' and (d.covered_until is null or d.covered_until < today_at)
     for update of s skip locked
  loop
    since := coalesce(u.covered_until, today_at - interval '1 day');
    select count(*), string_agg('- ' || n.title || coalesce(' : ' || nullif(n.body, ''), '') || E'\n  ' || site || n.link, E'\n' order by n.created_at),
           string_agg('<li><a href="' || private.html_escape(site || n.link) || '">' || private.html_escape(n.title) || '</a>'
                      || coalesce('<br>' || private.html_escape(nullif(n.body, '')), '') || '</li>', '' order by n.created_at)
      into cnt, lines_text, lines_html
      from public.notifications n where n.user_id = u.user_id and n.created_at > since and n.created_at <= today_at;
    if cnt > 0 then
      insert into private.mail_outbox (to_email, subject, text_body, html_body, kind, dedupe_key)
      values (u.email,
              'Résumé quotidien : ' || private.fr_int(cnt) || case when cnt = 1 then ' notification' else ' notifications' end,
              'Vos notifications depuis le ' || private.fr_datetime(since) || E' :\n\n' || lines_text || E'\n\n-- \n'
                || 'Vous recevez ce résumé chaque jour selon vos préférences de notification (menu Notifications).',
              '<!doctype html><html lang="fr"><body style="font-family:sans-serif"><p><strong>Vos notifications depuis le '
                || private.html_escape(private.fr_datetime(since)) || '</strong></p><ul>' || lines_html || '</ul>'
                || '<p style="color:#666;font-size:12px">Vous recevez ce résumé chaque jour selon vos préférences de notification (menu Notifications).</p></body></html>',
              'digest', 'digest:' || u.user_id::text || ':' || ((today_at at time zone 'Europe/Paris')::date)::text)
      on conflict (dedupe_key) do nothing;
      made := made + 1;
    end if;
    insert into private.mail_digests (user_id, covered_until) values (u.user_id, today_at)
      on conflict (user_id) do update set covered_until = excluded.covered_until;
  end loop;
  return made;
end $$;
comment on function private.digest_sweep() is
  'Queues each ''quotidien'' member''s daily digest once their digest hour (Europe/Paris) has passed; idempotent.';
revoke all on function private.digest_sweep() from public;

-- ---------------------------------------------------------------- the sender's protocol
-- Claims up to p_limit due rows for p_lease (a crashed sender's claim expires; a row it already began to hand to
-- SMTP, sending_at set, is never claimed again).
create or replace function private.mail_claim(p_limit integer default 20, p_lease interval default interval '5 minutes')
returns setof private.mail_outbox
language sql volatile security definer set search_path = '' as $$
  with token as (select gen_random_uuid() as t),
  due as (
    select o.id from private.mail_outbox o
     where o.sent_at is null and o.failed_at is null and o.sending_at is null and o.send_after <= now()
       and (o.claimed_at is null or o.claimed_at < now() - p_lease)
     order by o.send_after, o.id
     limit greatest(p_limit, 0)
     for update skip locked
  )
  update private.mail_outbox o set claimed_at = now(), claim_token = (select t from token), attempts = o.attempts + 1
    from due where o.id = due.id
  returning o.*
$$;

-- Just before the SMTP handoff: true when the claim is still this sender's (then the row is never sent again).
create or replace function private.mail_sending(p_id bigint, p_token uuid) returns boolean
language sql volatile security definer set search_path = '' as $$
  with s as (
    update private.mail_outbox o set sending_at = now()
     where o.id = p_id and o.claim_token = p_token and o.sending_at is null and o.sent_at is null
    returning 1
  ) select exists (select 1 from s)
$$;

create or replace function private.mail_sent(p_id bigint, p_token uuid) returns boolean
language sql volatile security definer set search_path = '' as $$
  with s as (
    update private.mail_outbox o set sent_at = now(), last_error = null
     where o.id = p_id and o.claim_token = p_token and o.sent_at is null
    returning 1
  ) select exists (select 1 from s)
$$;

-- The SMTP server refused or could not be reached: retried after a backoff (1, 2, 4 … minutes, at most 6 hours);
-- given up (failed_at) after p_max attempts.
create or replace function private.mail_failed(p_id bigint, p_token uuid, p_error text, p_max integer default 10) returns boolean
language sql volatile security definer set search_path = '' as $$
  with s as (
    update private.mail_outbox o
       set claimed_at = null, claim_token = null, sending_at = null, last_error = pg_catalog.left(p_error, 1000),
           send_after = now() + least(interval '6 hours', interval '1 minute' * power(2, greatest(o.attempts - 1, 0))),
           failed_at = case when o.attempts >= p_max then now() end
     where o.id = p_id and o.claim_token = p_token and o.sent_at is null
    returning 1
  ) select exists (select 1 from s)
$$;

revoke all on function private.deliver(jsonb), private.mail_claim(integer, interval), private.mail_sending(bigint, uuid),
  private.mail_sent(bigint, uuid), private.mail_failed(bigint, uuid, text, integer) from public;
grant execute on function private.deadline_sweep(), private.digest_sweep(), private.mail_claim(integer, interval),
  private.mail_sending(bigint, uuid), private.mail_sent(bigint, uuid), private.mail_failed(bigint, uuid, text, integer)
  to service_role;

-- ---------------------------------------------------------------- access
alter table public.notifications enable row level security;
alter table public.notification_settings enable row level security;
revoke all on public.notifications, public.notification_settings from public, anon, authenticated;
grant select on public.notifications to authenticated;
grant select, insert, update on public.notification_settings to authenticated;
grant all on public.notifications, public.notification_settings to service_role;

create policy "active members only" on public.notifications as restrictive for all to authenticated
  using ((select private.is_active_member())) with check ((select private.is_active_member()));
create policy "active members only" on public.notification_settings as restrictive for all to authenticated
  using ((select private.is_active_member())) with check ((select private.is_active_member()));
create policy "own notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));
create policy "own settings" on public.notification_settings for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Marks the caller's notifications read (p_ids null: all of them); returns how many changed.
create or replace function public.mark_notifications_read(p_ids uuid[] default null) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer;
begin
  if not coalesce(private.is_active_member(), false) then
    raise exception 'Accès refusé' using errcode = '42501';
  end if;
  update public.notifications x set read_at = now()
   where x.user_id = auth.uid() and x.read_at is null and (p_ids is null or x.id = any (p_ids));
  get diagnostics n = row_count;
  return n;
end $$;
comment on function public.mark_notifications_read(uuid[]) is 'Marks the caller''s notifications read (null: all); returns the count.';
revoke all on function public.mark_notifications_read(uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.notifications;
  end if;
end $$;
