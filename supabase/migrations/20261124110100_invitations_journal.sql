-- Invitations in the Journal (issue 21 item 6): created, revoked and used invitations are recorded in the audit
-- log (read by admins only, as every table but points). Only the email and the event are written: never the token
-- hash. changes: insert {email: {new}, expires_at: {new}}; revoked {revoked_at: {old: null, new}, email: {old}};
-- used {redeemed_at: {old: null, new}, email: {old}} with the new member as actor (the sign-up has no session yet).

create or replace function private.audit_invitation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into public.audit_log (actor, table_name, row_id, action, changes)
    values (auth.uid(), 'invitations', new.id::text, 'insert',
            jsonb_build_object('email', jsonb_build_object('new', new.email), 'expires_at', jsonb_build_object('new', new.expires_at)));
    return null;
  end if;
  if old.revoked_at is null and new.revoked_at is not null then
    insert into public.audit_log (actor, table_name, row_id, action, changes)
    values (auth.uid(), 'invitations', new.id::text, 'update',
            jsonb_build_object('revoked_at', jsonb_build_object('old', null, 'new', new.revoked_at), 'email', jsonb_build_object('old', new.email)));
  end if;
  if old.redeemed_at is null and new.redeemed_at is not null then
    insert into public.audit_log (actor, table_name, row_id, action, changes)
    values (coalesce(auth.uid(), new.redeemed_by), 'invitations', new.id::text, 'update',
            jsonb_build_object('redeemed_at', jsonb_build_object('old', null, 'new', new.redeemed_at), 'email', jsonb_build_object('old', new.email)));
  end if;
  return null;
end $$;
comment on function private.audit_invitation() is
  'Row trigger after insert or update of revoked_at/redeemed_at on invitations: one audit entry (email and event, never the token).';
revoke all on function private.audit_invitation() from public, anon, authenticated;

create trigger audit_invitation after insert or update of revoked_at, redeemed_at on public.invitations
  for each row execute function private.audit_invitation();
