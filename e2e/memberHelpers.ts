// E2E helper: an invited, signed-up member of a team, made through the app's own invitation flow.
import { expect } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { api } from './adminHelpers';

/** An invited, signed-up member with a profile in `teamId`; returns their id. */
export async function teamMember(baseURL: string, admin: SupabaseClient, email: string, teamId: string): Promise<string> {
  const { data: inv, error } = await admin.rpc('invite_user', { email });
  expect(error).toBeNull();
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon: c } = await api(baseURL);
  const up = await c.auth.signUp({ email, password: 'member-e2e-123', options: { data: { invitation_token: token } } });
  expect(up.error).toBeNull();
  const id = up.data.user!.id;
  expect((await c.rpc('create_profile', { user_id: id, user_email: email, user_role: 'user' })).error).toBeNull();
  expect((await admin.from('profiles').update({ team_id: teamId }).eq('id', id)).error).toBeNull();
  return id;
}
