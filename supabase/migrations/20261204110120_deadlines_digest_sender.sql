-- Notifications over time (docs/product.md#notifications, docs/operations.md#e-mail):
--   * private.deadline_sweep(): warnings at 50 %, 75 % and at breach of each open point's time allowed, once per
--     point and due time; run every minute by the embedded server (pg_cron on Supabase);
--   * private.digest_sweep(): the daily digest at mail_config.digest_hour (Europe/Paris);
--   * the sender's protocol: private.mail_claim → mail_sending → mail_sent | mail_failed (server/mail/outbox.ts).

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
