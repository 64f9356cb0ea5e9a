-- Notifications (docs/product.md#notifications): their French texts and e-mails, rendered in SQL so that the
-- embedded server and a Supabase Edge Function send the same messages, and their fan-out from points and events:
-- a point assigned to you; points given to your team; a comment or intervention on a report you reported, are
-- assigned to or commented on; your report resolved. Never to the person who acted; a statement touching many
-- points is one notification per recipient with its count.

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
