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
-- Texts and fan-out: 20261204110110_notification_fan_out.sql; deadlines, digest and the sender's protocol:
-- 20261204110120_deadlines_digest_sender.sql.

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
