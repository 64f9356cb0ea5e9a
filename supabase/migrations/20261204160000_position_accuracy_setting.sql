-- The accuracy threshold of 'Me localiser' (docs/product.md#position): app_settings 'position_max_accuracy_m' holds
-- a whole number of metres from 5 to 500 (absent: 50 m), whoever writes it. Fixes less precise than it are dropped.
alter table public.app_settings add constraint app_settings_position_accuracy check (
  key <> 'position_max_accuracy_m'
  or case when value ~ '^[0-9]{1,3}$' then value::integer between 5 and 500 else false end
);
comment on constraint app_settings_position_accuracy on public.app_settings is
  'position_max_accuracy_m holds a whole number of metres from 5 to 500.';
