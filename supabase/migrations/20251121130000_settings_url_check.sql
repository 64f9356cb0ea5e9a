-- URL settings must be http(s) URLs (or empty): the feedback link is rendered as a link for every user and the
-- site URL forms invitation links, so a javascript: or data: URL must never be stored, whoever writes it.
alter table public.app_settings add constraint app_settings_url_values check (
  key not in ('feedback_link', 'site_url')
  or value = ''
  or value ~* '^https?://[^[:space:]<>"]+$'
);
comment on constraint app_settings_url_values on public.app_settings is
  'feedback_link and site_url hold an http(s) URL or nothing.';
